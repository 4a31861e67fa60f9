import { timingSafeEqual } from 'node:crypto'
import { WEB_SOCKET_PATH } from '../../shared/web-protocol'

/** What a WebSocket upgrade must present. */
export interface UpgradeExpectation {
  port: number
  token: string
}

/** The request fields the guard looks at. */
export interface UpgradeRequest {
  url?: string | undefined
  headers: { host?: string | undefined; origin?: string | undefined }
}

export type UpgradeVerdict =
  { ok: true } | { ok: false; status: 403 | 404; reason: 'path' | 'host' | 'origin' | 'token' }

/** Host header values that name this server; anything else is a rebound DNS name. */
export function allowedHosts(port: number): string[] {
  return [`127.0.0.1:${port}`, `localhost:${port}`]
}

/** The origins the served page has (whichever of the two names the browser was given). */
export function allowedOrigins(port: number): string[] {
  return allowedHosts(port).map((host) => `http://${host}`)
}

/**
 * Decides, before any WebSocket exists, whether an upgrade may proceed. The runtime can run
 * commands, so only the page this host served may drive it: the Host header must name this
 * server (no DNS rebinding), the Origin must be the served origin (no other site or local page),
 * and the per-launch token, known only to whoever has the printed URL, must match.
 */
export function checkUpgrade(
  request: UpgradeRequest,
  expected: UpgradeExpectation,
): UpgradeVerdict {
  const url = URL.parse(request.url ?? '', 'http://127.0.0.1')
  if (url === null || url.pathname !== WEB_SOCKET_PATH)
    return { ok: false, status: 404, reason: 'path' }
  if (!allowedHosts(expected.port).includes(request.headers.host ?? ''))
    return { ok: false, status: 403, reason: 'host' }
  if (!allowedOrigins(expected.port).includes(request.headers.origin ?? ''))
    return { ok: false, status: 403, reason: 'origin' }
  if (!tokensMatch(url.searchParams.get('token') ?? '', expected.token))
    return { ok: false, status: 403, reason: 'token' }
  return { ok: true }
}

/** Constant-time comparison, so the token cannot be guessed byte by byte from response times. */
function tokensMatch(given: string, expected: string): boolean {
  const a = Buffer.from(given)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}
