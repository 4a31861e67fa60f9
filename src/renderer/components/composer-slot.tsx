import { useEffect, useRef } from 'react'
import { queueOf } from '../state/app-state'
import { useChat } from '../state/chat-context'
import { Composer } from './composer'
import { PermissionTray } from './permission-tray'
import { QuestionTray } from './question-tray'

/**
 * The bottom of the chat: the composer, or — while the head of the session's interaction FIFO
 * waits — the tray in its place. The composer stays mounted but hidden, so its draft and caret
 * are untouched; focus goes back to it when the last request settles.
 */
export function ComposerSlot() {
  const queue = useChat((s) => queueOf(s, s.activeSessionId))
  const head = queue[0]
  const ready = useChat((s) => s.ready)
  const composerRef = useRef<HTMLTextAreaElement>(null)
  const trayWasShown = useRef(false)

  useEffect(() => {
    if (head) trayWasShown.current = true
    else if (trayWasShown.current) {
      trayWasShown.current = false
      composerRef.current?.focus()
    }
  }, [head])

  const more = Math.max(0, queue.length - 1)
  return (
    <div className="composer-slot">
      {head?.kind === 'permission' && (
        <PermissionTray key={head.requestId} request={head} more={more} />
      )}
      {head?.kind === 'question' && (
        <QuestionTray key={head.requestId} request={head} more={more} />
      )}
      {/* Until the first load ends, text typed here could land in the wrong session's draft. */}
      {ready && <Composer ref={composerRef} hidden={head !== undefined} />}
    </div>
  )
}
