import type { StoredSettings } from '../../../shared/settings'

/** Which real provider new turns use, and how to reach it. Pure data: nothing is loaded yet. */
export interface ProviderConfig {
  kind: 'anthropic' | 'openai-compatible'
  /** The model id sent to the server (free text: whatever the server calls it). */
  model: string
  /** Root of the API, ending in `/v1` for Anthropic (`…/v1/messages`) and as given for OpenAI. */
  baseURL: string
  apiKey: string | undefined
  /** True when the base URL is the provider's own public API (a key is then required). */
  officialApi: boolean
}

export const ANTHROPIC_API = 'https://api.anthropic.com/v1'
export const OPENAI_API = 'https://api.openai.com/v1'
export const ANTHROPIC_MODELS = ['claude-sonnet-4-5', 'claude-opus-4-1', 'claude-haiku-4-5']
export const OPENAI_MODELS = ['gpt-4.1', 'gpt-4.1-mini', 'gpt-4o-mini', 'o4-mini']

/** An environment variable's value; empty or blank means unset (a shell's `export X=`). */
export function envValue(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const value = env[name]?.trim()
  return value ? value : undefined
}

/**
 * Anthropic's own SDKs and tools take ANTHROPIC_BASE_URL without the version
 * (`http://localhost:4000`) and add `/v1/messages`; the AI SDK wants the version in the base URL.
 * Both forms are accepted: `/v1` is added unless the URL already ends with it.
 */
export function anthropicBaseURL(url: string): string {
  const trimmed = url.replace(/\/+$/, '')
  return /\/v1$/.test(trimmed) ? trimmed : `${trimmed}/v1`
}

export interface ConfigInputs {
  env: NodeJS.ProcessEnv
  settings: StoredSettings
  secrets: { openaiApiKey: string | undefined; anthropicApiKey: string | undefined }
}

/**
 * What the settings and the environment ask for, or undefined for the built-in demo.
 *
 * Precedence, one rule per kind of variable:
 * - `PARLEY_MODEL` is an instruction to Parley for this launch: it wins over the model saved in
 *   Settings (the Settings panel shows the override).
 * - The providers' own variables (`ANTHROPIC_API_KEY`, `ANTHROPIC_BASE_URL`, `OPENAI_API_KEY`,
 *   `OPENAI_BASE_URL`) are shared with other tools, so they only fill in what Settings leave empty.
 * - With provider `auto`: the provider whose key or base URL is saved in Settings (Anthropic
 *   first); else, from the environment, Anthropic when it has a key, an OpenAI-compatible server
 *   when it has a key or a base URL, an Anthropic-compatible server when only its base URL is
 *   set; else the demo. A provider chosen explicitly is used even without a key (its first
 *   request then says the key is missing).
 */
export function resolveProviderConfig({
  env,
  settings,
  secrets,
}: ConfigInputs): ProviderConfig | undefined {
  const anthropicKey = secrets.anthropicApiKey || envValue(env, 'ANTHROPIC_API_KEY')
  const anthropicUrl = settings.anthropicBaseUrl.trim() || envValue(env, 'ANTHROPIC_BASE_URL')
  const openaiKey = secrets.openaiApiKey || envValue(env, 'OPENAI_API_KEY')
  const openaiUrl = settings.openaiBaseUrl.trim() || envValue(env, 'OPENAI_BASE_URL')
  const inSettings = {
    anthropic: Boolean(secrets.anthropicApiKey || settings.anthropicBaseUrl.trim()),
    openai: Boolean(secrets.openaiApiKey || settings.openaiBaseUrl.trim()),
  }
  let kind = settings.provider
  if (kind === 'auto')
    kind = inSettings.anthropic
      ? 'anthropic'
      : inSettings.openai
        ? 'openai-compatible'
        : anthropicKey
          ? 'anthropic'
          : openaiKey || openaiUrl
            ? 'openai-compatible'
            : anthropicUrl
              ? 'anthropic'
              : 'demo'
  const model = envValue(env, 'PARLEY_MODEL') || settings.model.trim()
  switch (kind) {
    case 'demo':
      return undefined
    case 'anthropic': {
      const baseURL = anthropicUrl ? anthropicBaseURL(anthropicUrl) : ANTHROPIC_API
      return {
        kind,
        model: model || (ANTHROPIC_MODELS[0] as string),
        baseURL,
        apiKey: anthropicKey,
        officialApi: baseURL === ANTHROPIC_API,
      }
    }
    case 'openai-compatible': {
      const baseURL = (openaiUrl ?? OPENAI_API).replace(/\/+$/, '')
      return {
        kind,
        model: model || (OPENAI_MODELS[0] as string),
        baseURL,
        apiKey: openaiKey,
        officialApi: baseURL === OPENAI_API,
      }
    }
  }
}

/** The saved model is overridden for this launch: the value of PARLEY_MODEL, else undefined. */
export function modelOverride(env: NodeJS.ProcessEnv): string | undefined {
  return envValue(env, 'PARLEY_MODEL')
}
