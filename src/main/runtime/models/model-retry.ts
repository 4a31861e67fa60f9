import type { ModelFailure } from './model-errors'

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
