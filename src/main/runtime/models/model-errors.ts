import {
  APICallError,
  InvalidArgumentError,
  JSONParseError,
  LoadAPIKeyError,
  TypeValidationError,
} from 'ai'
import type { TurnErrorKind } from '../../../shared/session-events'
import { errorMessage } from '../../../shared/plain-error'
import {
  causeChain,
  codeOf,
  CONNECTION_CODES,
  describeCauseChain,
  hostOf,
  MAX_SERVER_SAYS,
  oneLine,
  originOf,
  retryAfterMs,
  serverSays,
  UNREACHABLE_CODES,
} from './error-causes'

/** A failed model call, explained for the person and, in `detail`, for whoever debugs it. */
export interface ModelFailure {
  kind: TurnErrorKind
  /** What went wrong and what to do, in plain words (turn_end `error`). */
  message: string
  /** `message` in two parts, so retries can be told between them. */
  what: string
  todo: string
  /** The technical cause chain: HTTP status, codes, the server's reply (turn_end `errorDetail`). */
  detail: string
  /** Worth trying again by itself (a rate limit, a 5xx, a dropped connection). */
  retryable: boolean
  /** How long the server asked to wait (Retry-After), when it said. */
  retryAfterMs?: number
  /** The short reason shown while a retry waits ("rate limited by the server"). */
  retryReason: string
}

function failure(
  kind: TurnErrorKind,
  what: string,
  todo: string,
  error: unknown,
  retry: { retryable: boolean; reason?: string; afterMs?: number | undefined } = {
    retryable: false,
  },
): ModelFailure {
  return {
    kind,
    message: `${what}. ${todo}`,
    what,
    todo,
    detail: describeCauseChain(error),
    retryable: retry.retryable,
    ...(retry.afterMs !== undefined ? { retryAfterMs: retry.afterMs } : {}),
    retryReason: retry.reason ?? what,
  }
}

function httpFailure(error: APICallError, status: number): ModelFailure {
  const host = hostOf(error.url) ?? 'the server'
  const said = serverSays(error)
  const saying = said ? `: "${said}"` : ''
  const retryAfter = retryAfterMs(error.responseHeaders)
  if (status === 401 || status === 403)
    return failure(
      'auth',
      `The server refused the API key (HTTP ${status}${saying})`,
      'Check it in Settings.',
      error,
    )
  if (status === 402)
    return failure(
      'auth',
      `${host} refused the request for this account (HTTP 402${saying})`,
      "Check the key and the account's credit in Settings.",
      error,
    )
  if (status === 429)
    return failure(
      'rate_limit',
      `Rate limited by ${host} (HTTP 429${saying})`,
      'Wait a minute, then press Retry.',
      error,
      {
        retryable: true,
        reason: 'rate limited by the server',
        afterMs: retryAfter,
      },
    )
  if (status >= 500 || status === 408)
    return failure(
      'server',
      `${host} had a problem of its own (HTTP ${status}${saying})`,
      'Press Retry in a moment.',
      error,
      { retryable: true, reason: `the server answered HTTP ${status}`, afterMs: retryAfter },
    )
  if (status === 404)
    return failure(
      'request',
      `${host} has no such model or endpoint (HTTP 404${saying})`,
      'Check the model name and the base URL in Settings.',
      error,
    )
  if (status === 413)
    return failure(
      'request',
      `The conversation is too large for ${host} (HTTP 413${saying})`,
      'Start a new session, or use a model with a larger context.',
      error,
    )
  return failure(
    'request',
    `${host} refused the request (HTTP ${status}${saying})`,
    'Check the model name and the base URL in Settings.',
    error,
    {
      retryable: error.isRetryable,
      reason: `the server answered HTTP ${status}`,
      afterMs: retryAfter,
    },
  )
}

/**
 * Classifies why a model call failed and says what to do. Never shows an `AI_…Error:` prefix or a
 * raw JSON body in `message`; those stay in `detail`.
 */
export function describeModelError(error: unknown): ModelFailure {
  const chain = causeChain(error)
  const api = chain.find((item): item is APICallError => APICallError.isInstance(item))
  const connection = chain.find((item) => CONNECTION_CODES.has(codeOf(item) ?? ''))
  const where = originOf(api?.url) ?? 'the server'

  if (api?.statusCode !== undefined && (api.statusCode < 200 || api.statusCode >= 300))
    return httpFailure(api, api.statusCode)
  if (connection || (api && /cannot connect|fetch failed/i.test(api.message))) {
    const code = codeOf(connection)
    if (api?.statusCode !== undefined)
      return failure(
        'network',
        `The connection to ${where} broke while the reply was streaming${code ? ` (${code})` : ''}`,
        'Press Retry to try again.',
        error,
        { retryable: true, reason: 'the connection broke' },
      )
    if (code === 'ENOTFOUND' || code === 'EAI_AGAIN')
      return failure(
        'network',
        `Can't find ${where}`,
        'Check the base URL in Settings and your network.',
        error,
        { retryable: true, reason: `can't find ${where}` },
      )
    if (code !== undefined && !UNREACHABLE_CODES.has(code))
      return failure(
        'network',
        `The connection to ${where} broke before the reply arrived (${code})`,
        'Press Retry to try again.',
        error,
        { retryable: true, reason: 'the connection broke' },
      )
    return failure('network', `Can't reach ${where}`, 'Is the server running?', error, {
      retryable: true,
      reason: `can't reach ${where}`,
    })
  }
  if (chain.some((item) => JSONParseError.isInstance(item) || TypeValidationError.isInstance(item)))
    return failure(
      'server',
      `${where === 'the server' ? 'The server' : where} sent a reply Parley could not read (not the JSON the provider type expects)`,
      'Press Retry; if it keeps happening, check that the provider type and base URL in Settings match the server.',
      error,
      { retryable: true, reason: 'the server sent a reply Parley could not read' },
    )
  if (chain.some((item) => LoadAPIKeyError.isInstance(item)))
    return failure('auth', 'No API key is set for this provider', 'Add it in Settings.', error)
  const invalid = chain.find((item) => InvalidArgumentError.isInstance(item))
  if (invalid instanceof Error)
    return failure(
      'request',
      `The provider settings are not usable: ${oneLine(invalid.message.replace(/^Invalid argument for parameter \w+: /, ''), 200)}`,
      'Check them in Settings (or the environment variables Parley was started with).',
      error,
    )
  const streamed = streamedError(error)
  if (streamed) return streamed
  const text = oneLine(errorMessage(error), 500)
  return { ...failure('other', text || 'The model call failed', '', error), message: text }
}

/**
 * An error the server sent inside the stream (Anthropic's `event: error`, an OpenAI-style
 * `{ error }` chunk): a plain object with a type and a message, not an Error.
 */
function streamedError(error: unknown): ModelFailure | undefined {
  if (typeof error !== 'object' || error === null || error instanceof Error) return undefined
  const record = error as Record<string, unknown>
  const type =
    typeof record.type === 'string'
      ? record.type
      : typeof record.code === 'string'
        ? record.code
        : ''
  const message = typeof record.message === 'string' ? oneLine(record.message, MAX_SERVER_SAYS) : ''
  if (!type && !message) return undefined
  const said = message ? `: "${message}"` : ''
  const detail = oneLine(JSON.stringify(error), 1_000)
  const make = (
    kind: TurnErrorKind,
    what: string,
    todo: string,
    retryable: boolean,
  ): ModelFailure => ({
    kind,
    what,
    todo,
    message: `${what}. ${todo}`,
    detail: `error in the stream: ${detail}`,
    retryable,
    retryReason: what,
  })
  if (/overloaded|api_error|server_error|internal/i.test(type))
    return make(
      'server',
      `The server reported an error of its own (${type}${said})`,
      'Press Retry in a moment.',
      true,
    )
  if (/rate_limit/i.test(type))
    return make(
      'rate_limit',
      `Rate limited by the server (${type}${said})`,
      'Wait a minute, then press Retry.',
      true,
    )
  if (/auth|permission/i.test(type))
    return make(
      'auth',
      `The server refused the API key (${type}${said})`,
      'Check it in Settings.',
      false,
    )
  if (/invalid_request|not_found|too_large/i.test(type))
    return make(
      'request',
      `The server refused the request (${type}${said})`,
      'Check the model name and the base URL in Settings.',
      false,
    )
  return make(
    'other',
    `The server reported an error${type ? ` (${type}${said})` : said}`,
    'Press Retry to try again.',
    false,
  )
}

/** A stream that sent no bytes at all for the idle limit (keep-alives count as bytes). */
export function stallFailure(idleMs: number): ModelFailure {
  const seconds = Number((idleMs / 1000).toFixed(1))
  const what = `The model sent nothing for ${seconds} s, so the turn was stopped`
  const todo = 'Press Retry, or raise the stream idle limit in Settings if the model needs longer.'
  return {
    kind: 'server',
    message: `${what}. ${todo}`,
    what,
    todo,
    detail: `no bytes received for ${seconds} s (stream idle limit)`,
    retryable: false,
    retryReason: 'the model went silent',
  }
}

/** A reply that hit the model's output token limit (finish reason `length` / `max_tokens`). */
export function outputLimitFailure(): ModelFailure {
  const what = "The reply hit the model's output limit and was cut off"
  const todo = 'Press Retry to let it continue, or ask for a shorter answer.'
  return {
    kind: 'other',
    message: `${what}. ${todo}`,
    what,
    todo,
    detail: 'finish reason: length (the output token limit, max_tokens)',
    retryable: false,
    retryReason: 'output limit',
  }
}
