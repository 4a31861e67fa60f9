/**
 * A fake backend the runtime runs instead of a model, read from its label ("Demo scenario (fake
 * backend)", "Scenario NAME (fake backend)": `scenarioBackend` in the runtime's models): the
 * built-in demo, a `--scenario` file, or null for a real model.
 */
export type ScriptedBackend = { kind: 'demo' } | { kind: 'scenario'; name: string } | null

export function scriptedBackend(label: string): ScriptedBackend {
  if (label === 'Demo scenario (fake backend)') return { kind: 'demo' }
  const scenario = /^Scenario (.+) \(fake backend\)$/.exec(label)
  return scenario?.[1] ? { kind: 'scenario', name: scenario[1] } : null
}
