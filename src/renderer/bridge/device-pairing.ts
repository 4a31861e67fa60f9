/** Where a paired device keeps its token (per origin: the remote listener's). */
export const DEVICE_TOKEN_KEY = 'parley.deviceToken'

/** The path of the pairing link (`https://ADDRESS:PORT/pair#code=CODE`). */
const PAIR_PATH = '/pair'

export type PairingOutcome =
  { kind: 'not_remote' } | { kind: 'paired'; token: string } | { kind: 'refused'; message: string }

/** A short name for the device, from its browser's user agent ("Android · Chrome"). */
export function deviceName(userAgent: string): string {
  const system =
    /Android/.exec(userAgent)?.[0] ??
    /iPhone|iPad/.exec(userAgent)?.[0] ??
    /Mac OS X|Windows|Linux/.exec(userAgent)?.[0] ??
    'A device'
  const browser =
    /Firefox|Edg|SamsungBrowser|Chrome|Safari/.exec(userAgent)?.[0]?.replace('Edg', 'Edge') ??
    'browser'
  return `${system.replace('Mac OS X', 'Mac')} · ${browser}`
}

export interface PairingEnv {
  location: Pick<Location, 'protocol' | 'pathname' | 'hash'>
  storage: Pick<Storage, 'getItem' | 'setItem'>
  fetch: typeof fetch
  userAgent: string
  /** Takes the code out of the address bar (and history) once it is read. */
  forgetCode(): void
}

/**
 * A page served over HTTPS is the remote listener's: it has data only once this browser is paired.
 * Opened from the pairing link, it sends the one-time code and keeps the token it gets back;
 * opened later, it uses the token it kept. A refused code is said plainly, and nothing else is
 * shown.
 */
export async function pairIfRemote(env: PairingEnv): Promise<PairingOutcome> {
  if (env.location.protocol !== 'https:') return { kind: 'not_remote' }
  if (env.location.pathname === PAIR_PATH) {
    const code = new URLSearchParams(env.location.hash.replace(/^#/, '')).get('code') ?? ''
    env.forgetCode()
    let response: Response
    try {
      response = await env.fetch(PAIR_PATH, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ code, name: deviceName(env.userAgent) }),
      })
    } catch {
      return { kind: 'refused', message: 'Parley could not be reached. Try the link again.' }
    }
    if (response.status === 429)
      return {
        kind: 'refused',
        message: 'Too many tries. Wait a minute, then open the link again.',
      }
    if (!response.ok)
      return {
        kind: 'refused',
        message:
          'This pairing link was used already or has expired. Make a new one on the computer (parley serve --remote).',
      }
    const body = (await response.json()) as { token?: unknown }
    if (typeof body.token !== 'string')
      return { kind: 'refused', message: 'Parley answered something unexpected. Try again.' }
    env.storage.setItem(DEVICE_TOKEN_KEY, body.token)
    return { kind: 'paired', token: body.token }
  }
  const token = env.storage.getItem(DEVICE_TOKEN_KEY)
  return token
    ? { kind: 'paired', token }
    : {
        kind: 'refused',
        message:
          'This device is not paired. Open the pairing link that `parley serve --remote` prints on the computer.',
      }
}
