import { useCallback, useState } from 'react'
import type { AppState } from '../state/app-state'
import { announcements } from '../state/announcements'
import { useChatChanges } from '../state/chat-context'

/**
 * A polite live region: new replies in the open session and sessions that start waiting for
 * input are read out without moving focus.
 */
export function Announcer() {
  const [message, setMessage] = useState('')
  const onChange = useCallback((state: AppState, previous: AppState) => {
    const said = announcements(previous, state)
    if (said.length > 0) setMessage(said.join(' '))
  }, [])
  useChatChanges(onChange)
  return (
    <div className="visually-hidden" role="status" aria-live="polite" aria-atomic="true">
      {message}
    </div>
  )
}
