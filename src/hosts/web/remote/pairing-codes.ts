import { randomBytes } from 'node:crypto'

/** How long a printed pairing link works. */
export const PAIRING_CODE_TTL_MS = 10 * 60_000

/** Why a pairing code opens nothing. */
export type RedeemFailure = 'unknown' | 'used' | 'expired'

/**
 * One-time pairing codes: each works once, within ten minutes of being made. A used or expired
 * code is remembered as such until the host stops, so trying it again says why (to the log, never
 * to the one who tries: they get a bare refusal).
 */
export class PairingCodes {
  readonly #codes = new Map<string, { expiresAt: number; used: boolean }>()

  constructor(
    private readonly now: () => number,
    private readonly ttlMs: number = PAIRING_CODE_TTL_MS,
  ) {}

  issue(): { code: string; expiresAt: number } {
    const code = randomBytes(16).toString('base64url')
    const expiresAt = this.now() + this.ttlMs
    this.#codes.set(code, { expiresAt, used: false })
    return { code, expiresAt }
  }

  redeem(code: string): { ok: true } | { ok: false; reason: RedeemFailure } {
    const entry = this.#codes.get(code)
    if (!entry) return { ok: false, reason: 'unknown' }
    if (entry.used) return { ok: false, reason: 'used' }
    if (this.now() >= entry.expiresAt) return { ok: false, reason: 'expired' }
    entry.used = true
    return { ok: true }
  }
}

/**
 * Pairing attempts allowed per window: per address, and in all (so many addresses cannot guess
 * together). A sliding window of attempt times; refused attempts count too.
 */
export class AttemptLimiter {
  readonly #byKey = new Map<string, number[]>()
  #all: number[] = []

  constructor(
    private readonly now: () => number,
    private readonly limits = { perKey: 5, total: 30, windowMs: 60_000 },
  ) {}

  /** Counts an attempt from `key`; false when it is over the limit (and is not served). */
  allow(key: string): boolean {
    const at = this.now()
    const since = at - this.limits.windowMs
    this.#all = this.#all.filter((t) => t > since)
    const mine = (this.#byKey.get(key) ?? []).filter((t) => t > since)
    if (mine.length >= this.limits.perKey || this.#all.length >= this.limits.total) {
      this.#byKey.set(key, mine)
      return false
    }
    mine.push(at)
    this.#all.push(at)
    this.#byKey.set(key, mine)
    return true
  }
}
