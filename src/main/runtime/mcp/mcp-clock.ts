/**
 * Time as the MCP layer uses it: restart backoff and tool call idle limits. Injected so tests drive
 * it by hand (`testing/manual-clock.ts`) instead of sleeping.
 */
export interface McpClock {
  now(): number
  /** Resolves after `ms`, or rejects with the signal's reason as soon as `signal` aborts. */
  sleep(ms: number, signal: AbortSignal): Promise<void>
}

export const systemClock: McpClock = {
  now: () => Date.now(),
  sleep: (ms, signal) =>
    new Promise<void>((resolve, reject) => {
      if (signal.aborted) {
        reject(signal.reason)
        return
      }
      const timer = setTimeout(() => {
        signal.removeEventListener('abort', onAbort)
        resolve()
      }, ms)
      const onAbort = () => {
        clearTimeout(timer)
        reject(signal.reason)
      }
      signal.addEventListener('abort', onAbort, { once: true })
    }),
}

/**
 * A timer that fires `onExpire` after `ms` without a `reset()`. Used for a tool call's idle limit:
 * progress from the server and answers to its questions reset it.
 */
export function idleTimer(
  clock: McpClock,
  ms: number,
  onExpire: () => void,
): { reset(): void; stop(): void } {
  let current: AbortController | undefined
  const arm = () => {
    current?.abort()
    const controller = new AbortController()
    current = controller
    clock.sleep(ms, controller.signal).then(
      () => {
        if (current === controller) onExpire()
      },
      () => {},
    )
  }
  arm()
  return {
    reset: () => {
      if (current && !current.signal.aborted) arm()
    },
    stop: () => current?.abort(),
  }
}
