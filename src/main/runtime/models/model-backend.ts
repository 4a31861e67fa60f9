import { readFile } from 'node:fs/promises'
import { basename } from 'node:path'
import { z } from 'zod'
import { ScenarioSchema, type Scenario } from '../../../shared/scenario'
import { createScenarioModel } from './scenario-model'
import { DEMO_SCENARIO } from './demo-scenario'
import { envValue, resolveProviderConfig, type ConfigInputs } from './provider-config'
import { providerBackend } from './provider-backend'
import { errorMessage } from '../../../shared/plain-error'
import type { ModelBackend } from './model-backend-types'

export type { ModelBackend, ModelContext } from './model-backend-types'

/** A scenario file that cannot be used; the CLI prints the message and exits 2. */
export class ScenarioError extends Error {}

export async function loadScenario(path: string): Promise<Scenario> {
  let text: string
  try {
    text = await readFile(path, 'utf8')
  } catch (error) {
    throw new ScenarioError(`cannot read scenario ${path}: ${errorMessage(error)}`)
  }
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (error) {
    throw new ScenarioError(`scenario ${path} is not valid JSON: ${errorMessage(error)}`)
  }
  const parsed = ScenarioSchema.safeParse(json)
  if (!parsed.success)
    throw new ScenarioError(`scenario ${path} is invalid:\n${z.prettifyError(parsed.error)}`)
  return parsed.data
}

/** The built-in demo's backend id, as `scenarioBackend(DEMO_SCENARIO, 'demo', …)` makes it. */
export const DEMO_BACKEND_ID = 'fake:demo'

export function scenarioBackend(scenario: Scenario, name: string, delayMs: number): ModelBackend {
  return {
    id: `fake:${name}`,
    label: name === 'demo' ? 'Demo scenario (fake backend)' : `Scenario ${name} (fake backend)`,
    models: ['scenario'],
    fake: true,
    create: async ({ mode }) => createScenarioModel(scenario, { mode, delayMs }),
    serverModels: async () => undefined,
  }
}

export interface BackendInputs extends ConfigInputs {
  scenarioPath: string | undefined
  /** Injected for tests of the provider paths against a local server. */
  fetch?: typeof globalThis.fetch
}

/**
 * Picks the backend: a scenario (`--scenario` / PARLEY_SCENARIO) wins; then the provider that
 * settings and environment ask for (`resolveProviderConfig` says how they combine); otherwise
 * the built-in demo scenario. A provider package is loaded only when a model call needs it.
 */
export async function resolveBackend(inputs: BackendInputs): Promise<ModelBackend> {
  const { env } = inputs
  const delayMs = Number(envValue(env, 'PARLEY_FAKE_DELAY_MS') ?? 15)
  const fakeDelay = Number.isFinite(delayMs) && delayMs >= 0 ? delayMs : 15
  const scenarioPath = inputs.scenarioPath ?? envValue(env, 'PARLEY_SCENARIO')
  if (scenarioPath)
    return scenarioBackend(await loadScenario(scenarioPath), basename(scenarioPath), fakeDelay)
  const config = resolveProviderConfig(inputs)
  if (!config) return scenarioBackend(DEMO_SCENARIO, 'demo', fakeDelay)
  return providerBackend(config, inputs.fetch ?? globalThis.fetch)
}
