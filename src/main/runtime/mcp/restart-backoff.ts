/** How a crashed server is started again: exponential pauses, then giving up. */
export interface RestartPolicy {
  /** The pause before the first restart. */
  initialDelayMs: number
  maxDelayMs: number
  /** Consecutive failed starts or crashes before the server is left failed. */
  maxAttempts: number
  /** A server that stayed up this long before crashing starts counting attempts from 1 again. */
  stableMs: number
}

export const DEFAULT_RESTART_POLICY: RestartPolicy = {
  initialDelayMs: 500,
  maxDelayMs: 30_000,
  maxAttempts: 5,
  stableMs: 60_000,
}

export type RestartDecision =
  { kind: 'retry'; attempt: number; delayMs: number } | { kind: 'give_up' }

/**
 * What to do after a server stopped unexpectedly. `previousAttempt` is the attempt that just ended
 * (0 when it was running normally); `upSinceMs` is how long it had been ready (null if it never got
 * ready in this attempt).
 */
export function nextRestart(
  policy: RestartPolicy,
  { previousAttempt, upForMs }: { previousAttempt: number; upForMs: number | null },
): RestartDecision {
  const base = upForMs !== null && upForMs >= policy.stableMs ? 0 : previousAttempt
  const attempt = base + 1
  if (attempt > policy.maxAttempts) return { kind: 'give_up' }
  const delayMs = Math.min(policy.maxDelayMs, policy.initialDelayMs * 2 ** (attempt - 1))
  return { kind: 'retry', attempt, delayMs }
}
