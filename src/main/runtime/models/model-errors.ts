import {
  APICallError,
  InvalidArgumentError,
  JSONParseError,
  LoadAPIKeyError,
  TypeValidationError,
} from 'ai'
import type { TurnErrorKind } from '../../../shared/session-events'
import { errorMessage } from '../../../shared/plain-error'
import { truncate } from '../../../shared/truncate'

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

/** Codes of a connection that failed or broke (Node's and undici's). */
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'UND_ERR_CLOSED',
])

/** Codes that mean nothing answered at that address (as opposed to a connection that broke). */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ETIMEDOUT',
  'UND_ERR_CONNECT_TIMEOUT',
])

const MAX_DETAIL = 4_000
const MAX_SERVER_SAYS = 300

function causeChain(error: unknown): unknown[] {
  const chain: unknown[] = []
  let current = error
  while (current !== undefined && current !== null && !chain.includes(current)) {
    chain.push(current)
    current = current instanceof Error ? current.cause : undefined
  }
  return chain
}

function codeOf(error: unknown): string | undefined {
  if (!(error instanceof Error)) return undefined
  const code = (error as Error & { code?: unknown }).code
  return typeof code === 'string' ? code : undefined
}

/** `AI_APICallError` → `APICallError`: the prefix says nothing to a reader. */
function nameOf(error: Error): string {
  return error.name.replace(/^AI_/, '')
}

function oneLine(text: string, max: number): string {
  const line = text.replace(/\s+/g, ' ').trim()
  return truncate(line, max)
}

function hostOf(url: string | undefined): string | undefined {
  if (!url) return undefined
  try {
    return new URL(url).host
  } catch {
    return undefined
  }
}

function originOf(url: string | undefined): string | undefined {
  if (!url) return undefined
  try {
    return new URL(url).origin
  } catch {
    return undefined
  }
}

/** The server's own explanation, from the usual `{ error: { message } }` shapes, never raw JSON. */
function serverSays(error: APICallError): string | undefined {
  const fromJson = (body: unknown): string | undefined => {
    if (typeof body !== 'object' || body === null) return undefined
    const record = body as Record<string, unknown>
    const inner = record.error
    if (typeof inner === 'string') return inner
    if (typeof inner === 'object' && inner !== null) {
      const message = (inner as Record<string, unknown>).message
      if (typeof message === 'string') return message
    }
    return typeof record.message === 'string' ? record.message : undefined
  }
  let said = fromJson(error.data)
  if (!said && error.responseBody) {
    try {
      said = fromJson(JSON.parse(error.responseBody))
    } catch {
      // Not JSON (an HTML error page): the detail keeps it, the message does not.
    }
  }
  return said ? oneLine(said, MAX_SERVER_SAYS) : undefined
}

/** Retry-After as milliseconds (`retry-after-ms`, seconds, or an HTTP date). */
export function retryAfterMs(
  headers: Record<string, string> | undefined,
  now = Date.now(),
): number | undefined {
  if (!headers) return undefined
  const ms = Number.parseFloat(headers['retry-after-ms'] ?? '')
  if (Number.isFinite(ms) && ms >= 0) return Math.round(ms)
  const value = headers['retry-after']
  if (!value) return undefined
  const seconds = Number.parseFloat(value)
  if (Number.isFinite(seconds) && seconds >= 0) return Math.round(seconds * 1000)
  const date = Date.parse(value)
  return Number.isFinite(date) ? Math.max(0, date - now) : undefined
}

/** Each error of the chain on its own line, with what it carries (status, code, URL, body). */
export function describeCauseChain(error: unknown): string {
  const lines = causeChain(error).map((item) => {
    if (!(item instanceof Error)) return oneLine(String(item), 500)
    const facts: string[] = []
    if (APICallError.isInstance(item)) {
      if (item.statusCode !== undefined) facts.push(`HTTP ${item.statusCode}`)
      if (item.url) facts.push(item.url)
    }
    const code = codeOf(item)
    if (code) facts.push(code)
    let line = `${nameOf(item)}: ${oneLine(item.message, 500)}`
    if (facts.length > 0) line += ` (${facts.join(', ')})`
    if (APICallError.isInstance(item) && item.responseBody)
      line += `\nresponse: ${oneLine(item.responseBody, 500)}`
    return line
  })
  const detail = lines.join('\ncaused by ')
  return truncate(detail, MAX_DETAIL)
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

/** Automatic retries of a model call that failed before anything of it arrived. */
export const RETRY_POLICY = {
  /** Attempts in all, the first included. */
  maxAttempts: 4,
  /** Waits 2 s, 4 s, 8 s unless the server says how long (Retry-After). */
  baseDelayMs: 2_000,
  /** A server asking for a longer wait than this is not waited for: the turn fails and says so. */
  maxDelayMs: 60_000,
} as const

/** How long to wait before `attempt` + 1, or undefined when it is not worth trying again. */
export function retryDelayMs(failed: ModelFailure, attempt: number): number | undefined {
  if (!failed.retryable || attempt >= RETRY_POLICY.maxAttempts) return undefined
  const wait = failed.retryAfterMs ?? RETRY_POLICY.baseDelayMs * 2 ** (attempt - 1)
  return wait <= RETRY_POLICY.maxDelayMs ? wait : undefined
}

/** The failure as the turn ends with it, saying how often it was tried. */
export function afterRetries(failed: ModelFailure, attempts: number): ModelFailure {
  const tooLong =
    failed.retryAfterMs !== undefined && failed.retryAfterMs > RETRY_POLICY.maxDelayMs
      ? `; it asks to wait ${Math.ceil(failed.retryAfterMs / 1000)} s`
      : ''
  const retried =
    attempts <= 1 ? '' : `; retried ${attempts === 2 ? 'once' : `${attempts - 1} times`}`
  if (tooLong === '' && retried === '') return failed
  const what = `${failed.what}${retried}${tooLong}`
  return { ...failed, what, message: `${what}. ${failed.todo}` }
}
