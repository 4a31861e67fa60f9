import { APICallError } from 'ai'
import { truncate } from '../../../shared/truncate'

/*
 * Reading a failed model call's cause chain: the error codes of a broken connection, the host it
 * tried, what the server said, how long it asked to wait. `model-errors.ts` turns them into words.
 */

/** Codes of a connection that failed or broke (Node's and undici's). */
export const CONNECTION_CODES = new Set([
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
export const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ETIMEDOUT',
  'UND_ERR_CONNECT_TIMEOUT',
])

export const MAX_DETAIL = 4_000
export const MAX_SERVER_SAYS = 300

export function causeChain(error: unknown): unknown[] {
  const chain: unknown[] = []
  let current = error
  while (current !== undefined && current !== null && !chain.includes(current)) {
    chain.push(current)
    current = current instanceof Error ? current.cause : undefined
  }
  return chain
}

export function codeOf(error: unknown): string | undefined {
  if (!(error instanceof Error)) return undefined
  const code = (error as Error & { code?: unknown }).code
  return typeof code === 'string' ? code : undefined
}

/** `AI_APICallError` → `APICallError`: the prefix says nothing to a reader. */
export function nameOf(error: Error): string {
  return error.name.replace(/^AI_/, '')
}

export function oneLine(text: string, max: number): string {
  const line = text.replace(/\s+/g, ' ').trim()
  return truncate(line, max)
}

export function hostOf(url: string | undefined): string | undefined {
  if (!url) return undefined
  try {
    return new URL(url).host
  } catch {
    return undefined
  }
}

export function originOf(url: string | undefined): string | undefined {
  if (!url) return undefined
  try {
    return new URL(url).origin
  } catch {
    return undefined
  }
}

/** The server's own explanation, from the usual `{ error: { message } }` shapes, never raw JSON. */
export function serverSays(error: APICallError): string | undefined {
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
