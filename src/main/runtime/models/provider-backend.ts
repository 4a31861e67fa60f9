import { InvalidArgumentError, LoadAPIKeyError, type LanguageModel } from 'ai'
import { z } from 'zod'
import { activityFetch } from './activity-fetch'
import type { ModelBackend, ModelContext } from './model-backend-types'
import { ANTHROPIC_MODELS, OPENAI_MODELS, type ProviderConfig } from './provider-config'

const MODEL_LIST_TIMEOUT_MS = 10_000
const MAX_MODEL_LIST_BYTES = 8_000_000
const MAX_MODELS = 1_000
const MAX_MODEL_ID = 200

/** `GET /models` of both APIs: `{ data: [{ id }] }` (other fields vary and are ignored). */
const ModelListSchema = z.object({ data: z.array(z.object({ id: z.string() })) })

function isHttpUrl(url: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(url).protocol)
  } catch {
    return false
  }
}

function hostOf(url: string): string {
  try {
    return new URL(url).host
  } catch {
    return url
  }
}

/**
 * A real provider over HTTP. Nothing is loaded or configured until a model call needs it, so a
 * provider that cannot be configured fails that call with a clear error instead of every command.
 */
export function providerBackend(
  config: ProviderConfig,
  fetch: typeof globalThis.fetch,
): ModelBackend {
  const label =
    config.kind === 'anthropic' && config.officialApi
      ? `Anthropic · ${config.model}`
      : `${config.model} · ${hostOf(config.baseURL)}`
  return {
    id: `${config.kind}:${config.model}`,
    label,
    models: config.kind === 'anthropic' ? ANTHROPIC_MODELS : OPENAI_MODELS,
    fake: false,
    create: (context) => createModel(config, fetch, context),
    serverModels: () => fetchServerModels(config, fetch),
  }
}

async function createModel(
  config: ProviderConfig,
  fetch: typeof globalThis.fetch,
  { onActivity }: ModelContext,
): Promise<LanguageModel> {
  if (config.officialApi && !config.apiKey) {
    const variable = config.kind === 'anthropic' ? 'ANTHROPIC_API_KEY' : 'OPENAI_API_KEY'
    throw new LoadAPIKeyError({
      message: `no API key for ${config.baseURL} (Settings, or ${variable})`,
    })
  }
  if (!isHttpUrl(config.baseURL))
    throw new InvalidArgumentError({
      parameter: 'baseURL',
      value: config.baseURL,
      message: `the base URL "${config.baseURL}" is not a URL (it starts with http:// or https://)`,
    })
  const callFetch = onActivity ? activityFetch(fetch, onActivity) : fetch
  switch (config.kind) {
    case 'anthropic': {
      const { createAnthropic } = await import('@ai-sdk/anthropic')
      // Every setting is passed explicitly: the package would otherwise read process.env itself.
      return createAnthropic({
        baseURL: config.baseURL,
        apiKey: config.apiKey ?? '',
        fetch: callFetch,
      })(config.model)
    }
    case 'openai-compatible': {
      const { createOpenAICompatible } = await import('@ai-sdk/openai-compatible')
      return createOpenAICompatible({
        name: 'openai-compatible',
        baseURL: config.baseURL,
        ...(config.apiKey ? { apiKey: config.apiKey } : {}),
        fetch: callFetch,
      })(config.model)
    }
  }
}

/** The server's model ids, or undefined where `/models` does not answer with a list. */
async function fetchServerModels(
  config: ProviderConfig,
  fetch: typeof globalThis.fetch,
): Promise<string[] | undefined> {
  const headers: Record<string, string> =
    config.kind === 'anthropic'
      ? {
          'anthropic-version': '2023-06-01',
          ...(config.apiKey ? { 'x-api-key': config.apiKey } : {}),
        }
      : config.apiKey
        ? { authorization: `Bearer ${config.apiKey}` }
        : {}
  const url = `${config.baseURL}/models${config.kind === 'anthropic' ? '?limit=1000' : ''}`
  try {
    const response = await fetch(url, {
      headers,
      signal: AbortSignal.timeout(MODEL_LIST_TIMEOUT_MS),
    })
    if (!response.ok) return undefined
    const length = Number(response.headers.get('content-length') ?? 0)
    if (length > MAX_MODEL_LIST_BYTES) return undefined
    const text = await response.text()
    if (text.length > MAX_MODEL_LIST_BYTES) return undefined
    const parsed = ModelListSchema.safeParse(JSON.parse(text))
    if (!parsed.success) return undefined
    const ids = [
      ...new Set(
        parsed.data.data.map((m) => m.id).filter((id) => id !== '' && id.length <= MAX_MODEL_ID),
      ),
    ].slice(0, MAX_MODELS)
    return ids.length > 0 ? ids : undefined
  } catch {
    return undefined
  }
}
