import { readFile } from 'node:fs/promises'
import { basename } from 'node:path'
import type { LanguageModel } from 'ai'
import { createAnthropic } from '@ai-sdk/anthropic'
import { createOpenAICompatible } from '@ai-sdk/openai-compatible'
import { z } from 'zod'
import { ScenarioSchema, type Scenario } from '../../shared/scenario'
import type { StoredSettings } from '../../shared/settings'
import type { PermissionMode } from '../../shared/permission'
import { createScenarioModel } from './scenario-model'
import { DEMO_SCENARIO } from './demo-scenario'

/** Where a turn's model comes from. `create` is called per model call, with the session's mode. */
export interface ModelBackend {
  /** Stored in the session header, e.g. `fake:demo`, `anthropic:claude-sonnet-4-5`. */
  id: string
  /** Shown in the UI, e.g. "Demo scenario (fake backend)". */
  label: string
  models: string[]
  create(context: { mode: PermissionMode }): LanguageModel
}

/** A scenario file that cannot be used; the CLI prints the message and exits 2. */
export class ScenarioError extends Error {}

export async function loadScenario(path: string): Promise<Scenario> {
  let text: string
  try {
    text = await readFile(path, 'utf8')
  } catch (error) {
    throw new ScenarioError(
      `cannot read scenario ${path}: ${error instanceof Error ? error.message : String(error)}`,
    )
  }
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (error) {
    throw new ScenarioError(
      `scenario ${path} is not valid JSON: ${error instanceof Error ? error.message : String(error)}`,
    )
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
    create: ({ mode }) => createScenarioModel(scenario, { mode, delayMs }),
  }
}

const ANTHROPIC_MODELS = ['claude-sonnet-4-5', 'claude-opus-4-1', 'claude-haiku-4-5']
const OPENAI_MODELS = ['gpt-4.1', 'gpt-4.1-mini', 'gpt-4o-mini', 'o4-mini']

export interface BackendInputs {
  scenarioPath: string | undefined
  env: NodeJS.ProcessEnv
  settings: StoredSettings
  secrets: { openaiApiKey: string | undefined; anthropicApiKey: string | undefined }
  /** Injected for tests of the OpenAI-compatible path against a local server. */
  fetch?: typeof globalThis.fetch
}

/**
 * Picks the backend: a scenario (`--scenario` / PARLEY_SCENARIO) wins; then the provider in
 * settings.json, or with `auto` whichever of Anthropic / OpenAI-compatible has a key or base URL
 * (settings or the usual env vars); otherwise the built-in demo scenario.
 */
export async function resolveBackend(inputs: BackendInputs): Promise<ModelBackend> {
  const { env, settings, secrets } = inputs
  const delayMs = Number(env.PARLEY_FAKE_DELAY_MS ?? 15)
  const fakeDelay = Number.isFinite(delayMs) && delayMs >= 0 ? delayMs : 15
  const scenarioPath = inputs.scenarioPath ?? env.PARLEY_SCENARIO
  if (scenarioPath)
    return scenarioBackend(await loadScenario(scenarioPath), basename(scenarioPath), fakeDelay)

  const anthropicKey = secrets.anthropicApiKey ?? env.ANTHROPIC_API_KEY
  const openaiKey = secrets.openaiApiKey ?? env.OPENAI_API_KEY
  const openaiBaseUrl = settings.openaiBaseUrl || env.OPENAI_BASE_URL
  let provider = settings.provider
  if (provider === 'auto')
    provider = anthropicKey
      ? 'anthropic'
      : openaiKey || openaiBaseUrl
        ? 'openai-compatible'
        : 'demo'
  const model = settings.model || env.PARLEY_MODEL

  if (provider === 'anthropic' && anthropicKey) {
    const anthropic = createAnthropic({
      apiKey: anthropicKey,
      ...(inputs.fetch ? { fetch: inputs.fetch } : {}),
    })
    const id = model || ANTHROPIC_MODELS[0]!
    return {
      id: `anthropic:${id}`,
      label: `Anthropic · ${id}`,
      models: ANTHROPIC_MODELS,
      create: () => anthropic(id),
    }
  }
  if (provider === 'openai-compatible' && (openaiKey || openaiBaseUrl)) {
    const baseURL = openaiBaseUrl || 'https://api.openai.com/v1'
    const openai = createOpenAICompatible({
      name: 'openai-compatible',
      baseURL,
      ...(openaiKey ? { apiKey: openaiKey } : {}),
      ...(inputs.fetch ? { fetch: inputs.fetch } : {}),
    })
    const id = model || OPENAI_MODELS[0]!
    const host = (() => {
      try {
        return new URL(baseURL).host
      } catch {
        return baseURL
      }
    })()
    return {
      id: `openai-compatible:${id}`,
      label: `${id} · ${host}`,
      models: OPENAI_MODELS,
      create: () => openai(id),
    }
  }
  return scenarioBackend(DEMO_SCENARIO, 'demo', fakeDelay)
}
