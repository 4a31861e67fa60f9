import { useEffect, useRef, useState, type JSX } from 'react'
import type { PendingInteraction, PermissionInteraction } from '../../shared'
import type { Risk } from '../../shared/permission'
import { askerName, awaitsAnswer } from '../../shared/interaction-words'
import { queueOf } from '../state/app-state'
import { useChat } from '../state/chat-context'
import { useShell } from '../shell/shell-context'
import { TRAYS } from '../deferred-parts'
import { reviewableTogether } from '../tray/review-together'
import { useDeferredModule } from '../shell/deferred-module'
import { Composer } from './composer'
import { QueuedMessages } from './queued-messages'
import type * as Trays from './trays'
import { TurnStatus } from './turn-status'

/**
 * The tray for the head of the FIFO, by its kind. Typed return: a kind without a case here fails
 * to compile, so no request can leave the composer hidden with nothing in its place. The inbox
 * shows a request's tray with it too.
 */
function trayFor(
  trays: typeof Trays,
  head: PendingInteraction,
  waiting: readonly PendingInteraction[],
  onClose: (() => void) | undefined,
  onTogether: (() => void) | undefined,
): JSX.Element {
  switch (head.kind) {
    case 'permission': {
      const same = onTogether && reviewableTogether([head, ...waiting])
      return (
        <trays.PermissionTray
          request={head}
          waiting={waiting}
          together={same && onTogether ? { count: same.length, onOpen: onTogether } : undefined}
        />
      )
    }
    case 'agent_permission':
      // A page the asker wants opened (a sign-in, an URL elicitation) has a tray of its own.
      if (head.signIn)
        return <trays.SignInTray request={head} signIn={head.signIn} waiting={waiting} />
      return head.link ? (
        <trays.LinkTray request={head} link={head.link} waiting={waiting} />
      ) : (
        <trays.AgentPermissionTray request={head} waiting={waiting} />
      )
    case 'question':
    case 'form':
      return (
        <trays.FormRequestTray request={head} waiting={waiting} {...(onClose && { onClose })} />
      )
  }
}

/** The tray's chunk is fetched right after the first frame; until it is there, no tray shows. */
export function TrayFor({
  head,
  waiting,
  onClose,
  onTogether,
}: {
  head: PendingInteraction
  waiting: readonly PendingInteraction[]
  /** Escape in a form or question: back to the composer, the request still waiting. */
  onClose?: () => void
  /** Opens the permissions of the head's risk as one list (offered when several wait). */
  onTogether?: () => void
}) {
  const trays = useDeferredModule(TRAYS)
  return trays ? trayFor(trays, head, waiting, onClose, onTogether) : null
}

/** The permissions of one risk as one list, once the trays' chunk is there. */
function TogetherTray({
  requests,
  onBack,
}: {
  requests: readonly PermissionInteraction[]
  onBack: () => void
}) {
  const trays = useDeferredModule(TRAYS)
  return trays ? <trays.PermissionBatchTray requests={requests} onBack={onBack} /> : null
}

/** While a closed form waits: one line above the composer, and the way back to it. */
function WaitingLine({ head, onOpen }: { head: PendingInteraction; onOpen: () => void }) {
  const what = head.kind === 'question' ? 'a question' : 'a form'
  return (
    <p className="tray-closed-line">
      <span>
        {askerName(head.source)} is waiting on {what}.
      </span>
      <button type="button" className="button-secondary small" onClick={onOpen}>
        Answer
      </button>
    </p>
  )
}

/**
 * The bottom of the chat: the composer, or — while the head of the session's interaction FIFO
 * waits — the tray in its place. The composer stays mounted but hidden, so its draft and caret
 * are untouched; focus goes to it once the app has loaded and back to it when the last request
 * settles.
 */
export function ComposerSlot() {
  const queue = useChat((s) => queueOf(s, s.activeSessionId))
  const head = queue[0]
  const ready = useChat((s) => s.ready)
  const { composerRef } = useShell()
  const trayWasShown = useRef(false)
  // The form request put aside with Escape: the composer shows until it is opened again.
  const [closedId, setClosedId] = useState<string | null>(null)
  const tray = head && head.requestId !== closedId ? head : undefined
  // The risk whose permissions are reviewed as one list, in this session; null: one at a time.
  const [together, setTogether] = useState<{ sessionId: string; risk: Risk } | null>(null)
  const group =
    together && head?.sessionId === together.sessionId
      ? reviewableTogether(queue, together.risk)
      : null

  useEffect(() => {
    if (tray) trayWasShown.current = true
    else if (trayWasShown.current) {
      trayWasShown.current = false
      // It is in view at the bottom: no scroll into view, so no forced layout right after an answer.
      composerRef.current?.focus({ preventScroll: true })
    }
  }, [tray, composerRef])

  // The message box is where a person starts: focused as soon as it can take text.
  const focusedOnLoad = useRef(false)
  useEffect(() => {
    if (!ready || focusedOnLoad.current) return
    focusedOnLoad.current = true
    const active = document.activeElement
    if (!head && (!active || active === document.body)) composerRef.current?.focus()
  }, [ready, head, composerRef])

  const waiting = queue.slice(1)
  return (
    <div className="composer-slot">
      <TurnStatus />
      <QueuedMessages />
      {group ? (
        <TogetherTray requests={group} onBack={() => setTogether(null)} />
      ) : (
        tray && (
          <TrayFor
            key={tray.requestId}
            head={tray}
            waiting={waiting}
            onClose={() => setClosedId(tray.requestId)}
            onTogether={() =>
              tray.kind === 'permission' &&
              setTogether({ sessionId: tray.sessionId, risk: tray.risk })
            }
          />
        )
      )}
      {head && !tray && <WaitingLine head={head} onOpen={() => setClosedId(null)} />}
      {/* Until the first load ends, text typed here could land in the wrong session's draft. */}
      {/* An orphaned request (its agent exited) waits for no one: the message box stays. */}
      {ready && <Composer ref={composerRef} hidden={tray !== undefined && awaitsAnswer(tray)} />}
    </div>
  )
}
