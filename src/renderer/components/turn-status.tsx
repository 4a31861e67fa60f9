import { useState } from 'react'
import { useChat } from '../state/chat-context'
import type { RetryStatus } from '../state/app-state'
import { secondsLeft } from '../../shared/format-time'
import { useNow } from '../../ui-common/use-now'

function RetryLine({ retry }: { retry: RetryStatus }) {
  // When this attempt was announced; the countdown runs from there.
  const [due] = useState(() => Date.now() + retry.retryInMs)
  const now = useNow({ everyMs: 1_000, active: true })
  const seconds = secondsLeft(due, now)
  return (
    <>
      <span className="turn-status-spinner" aria-hidden="true" />
      <span>
        <strong>
          Retrying {retry.attempt}/{retry.maxAttempts}…
        </strong>{' '}
        {retry.message}
        {seconds > 0 && (
          // Ticks every second: seen, not announced.
          <span className="turn-status-time" aria-hidden="true">
            {' '}
            (next try in {seconds} s)
          </span>
        )}
      </span>
    </>
  )
}

/**
 * A line above the composer while a turn cannot make progress on its own: the model call failed
 * and is being tried again ("Retrying 2/3…"), instead of a silent "Working…". A polite status,
 * so a screen reader hears it once per attempt.
 */
export function TurnStatus() {
  const retry = useChat((s) => (s.activeSessionId ? s.retrying[s.activeSessionId] : undefined))
  return (
    <div className="turn-status" role="status">
      {retry && <RetryLine key={`${retry.turnId}:${retry.attempt}`} retry={retry} />}
    </div>
  )
}
