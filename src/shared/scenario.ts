import { z } from 'zod'

/** One tool call a scripted step makes. Input is passed to the tool as written. */
export const ScenarioCallSchema = z.strictObject({
  tool: z.string().min(1).max(100),
  input: z.record(z.string(), z.unknown()).default({}),
})

/**
 * One model call: stream `say`, then make the calls in `call` (several = parallel). `say` may use
 * the pinned placeholders `{{lastToolResult}}`, `{{tools}}`, `{{mode}}`, and `{{lastAnswers}}`
 * (the newest AskUserQuestion answers as a markdown list, for text a person reads).
 */
export const ScenarioStepSchema = z.strictObject({
  say: z.string().max(100_000).optional(),
  call: z.array(ScenarioCallSchema).max(16).optional(),
  /** The tokens the fake model says the call used (none by default), as a real model reports. */
  usage: z
    .strictObject({
      inputTokens: z.number().int().min(0).max(100_000_000),
      outputTokens: z.number().int().min(0).max(100_000_000),
    })
    .optional(),
})

export const ScenarioTurnSchema = z.strictObject({
  /** Regex tested against the latest user message (or a child agent's prompt). */
  when: z.string().max(1_000).optional(),
  steps: z.array(ScenarioStepSchema).min(1).max(100),
})

/** Pinned scenario file format of the fake backend (`--scenario FILE`). */
export const ScenarioSchema = z.strictObject({
  turns: z.array(ScenarioTurnSchema).min(1).max(1_000),
})
export type Scenario = z.infer<typeof ScenarioSchema>
export type ScenarioStep = z.infer<typeof ScenarioStepSchema>
