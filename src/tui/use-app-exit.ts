import { useCallback, useLayoutEffect, useRef } from 'react'
import type { InteractionQueue } from '../shared/interaction-queue'
import type { useExitGuards } from './exit-guard'
import type { Panel } from './panel'
import { waitingText } from './waiting-text'

/**
 * Quitting, once: the work that must not be lost finishes first, the alternate screen is left,
 * and `onExit` hears the session shown and what still waits there.
 */
export function useAppExit({
  queue,
  guards,
  leave,
  setPanel,
  sessionId,
  onExit,
}: {
  queue: InteractionQueue
  guards: ReturnType<typeof useExitGuards>
  leave: () => Promise<void>
  setPanel(update: (shown: Panel | null) => Panel | null): void
  sessionId: string | undefined
  onExit: (code: number, sessionId?: string, waiting?: string) => void
}) {
  const exited = useRef(false)
  // Read when quitting: what still waits goes into the line printed after.
  const waitingQueue = useRef(queue)
  useLayoutEffect(() => {
    waitingQueue.current = queue
  })
  return useCallback(
    (code: number) => {
      if (exited.current) return
      exited.current = true
      // The last words go to the normal screen, under the transcript: the output view closes.
      setPanel((shown) => (shown?.kind === 'output' ? null : shown))
      // Work that must not be lost (a half-typed answer saved as a draft) finishes first.
      const waiting = waitingText(waitingQueue.current)
      void Promise.all([guards.run(), leave()]).then(() => {
        if (sessionId && waiting) onExit(code, sessionId, waiting)
        else if (sessionId) onExit(code, sessionId)
        else onExit(code)
      })
    },
    [guards, onExit, sessionId, leave, setPanel],
  )
}
