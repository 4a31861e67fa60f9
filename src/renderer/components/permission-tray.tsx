import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react'
import type { PendingInteraction, PermissionInteraction } from '../../shared'
import { toolCategory } from '../../shared/pinned-tools'
import { useActions, usePromptArmingMs } from '../state/chat-context'
import { commandParts, permissionHeadline } from '../tray/command-view'
import { diffView } from '../../ui-common/diff-view'
import { useArmed } from '../../ui-common/use-armed'
import { useTrayRegion } from '../tray/use-tray-region'
import { PermissionDiff } from './permission-diff'
import { AllowDeny, DenyNote, PermissionDetail, RememberChoice } from './permission-parts'
import { PermissionWhat, RISK_TEXT } from './permission-what'
import { RunsInLine } from './runs-in-line'
import { TrayHeader } from './tray-header'
import { usePermissionAnswer } from './use-permission-answer'

/**
 * Asks whether a tool may act. The verb in words and the command as code (each part of a compound
 * command listed, the risky one marked; the end of a long one always in view), or the file with
 * "+8 −4"; the whole command or a readable diff behind "Details". Keys: 1 and 2 move to Allow and
 * Deny, Enter acts on the focused button — only once the tray is armed, so keys typed while the
 * agent worked never answer it. Escape never answers: it closes the innermost thing open (the
 * note, the queue list, Details), and otherwise does nothing.
 */
export function PermissionTray({
  request,
  waiting,
  together,
}: {
  request: PermissionInteraction
  waiting: readonly PendingInteraction[]
  /** Others of the same risk wait: how many in all, and how to review them as one list. */
  together?: { count: number; onOpen: () => void } | undefined
}) {
  const actions = useActions()
  const armed = useArmed(usePromptArmingMs())
  const answer = usePermissionAnswer(request)
  const { busy, noteOpen, setNoteOpen, respond } = answer
  const [open, setOpen] = useState(false)
  const { regionRef, onKeyDownCapture } = useTrayRegion({ armed, numberKeys: true })
  const allowRef = useRef<HTMLButtonElement>(null)
  const denyRef = useRef<HTMLButtonElement>(null)
  const noteRef = useRef<HTMLTextAreaElement>(null)
  const detailId = useId()

  const diff = useMemo(
    // A file edit's detail is the patch it will apply.
    () => (toolCategory(request.tool) === 'edit' ? diffView(request.detail) : null),
    [request.tool, request.detail],
  )
  // A file change is shown as its diff at once (its first lines; the rest scroll), not behind Details.
  const inlineDiff = diff !== null && diff.kind !== 'text' ? diff : null
  const headline = permissionHeadline(request)
  const path = headline.kind === 'file' ? headline.path : undefined
  // The risk is said once: a compound command's list names why at the risky part, so the header
  // gives the level only; a single command's reason is in the header.
  const listed = commandParts(request) !== null
  const why = listed ? undefined : request.parts?.find((p) => p.risk === request.risk)?.why
  const high = request.risk === 'high'

  useEffect(() => {
    if (noteOpen) noteRef.current?.focus()
  }, [noteOpen])

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (busy || event.altKey || event.ctrlKey || event.metaKey) return
    const inNote = event.target === noteRef.current
    if (event.key === 'Escape') {
      event.preventDefault()
      if (inNote) {
        setNoteOpen(false)
        denyRef.current?.focus()
      } else if (open) setOpen(false)
      return
    }
    if (inNote) {
      if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
        event.preventDefault()
        void respond('deny')
      }
      return
    }
    const target = event.key === '1' ? allowRef : event.key === '2' ? denyRef : null
    if (target) {
      event.preventDefault()
      target.current?.focus()
    }
  }

  return (
    <section
      ref={regionRef}
      role="region"
      aria-label="Permission request"
      className={`tray tray-permission${high ? ' is-high-risk' : ''}`}
      tabIndex={-1}
      data-armed={armed}
      onKeyDownCapture={onKeyDownCapture}
      onKeyDown={onKeyDown}
    >
      <TrayHeader
        interaction={request}
        waiting={waiting}
        title="Permission"
        armed={armed}
        onStop={() => void actions.stop(request.sessionId)}
        stopDisabled={busy}
        together={together}
      >
        <span className={`risk risk-${request.risk}`}>
          {RISK_TEXT[request.risk]}
          {why ? `: ${why}` : ''}
        </span>
        <code className="tray-tool">{request.tool}</code>
      </TrayHeader>
      {/* It scrolls when the command or its details are long: reachable by keyboard too. */}
      <div className="tray-body" tabIndex={0} role="group" aria-label="What it does">
        <PermissionWhat request={request} diff={diff} expanded={open} />
        {request.runsIn && <RunsInLine runsIn={request.runsIn} />}
        {inlineDiff && !open && (
          <div
            className="permission-detail is-diff is-preview"
            tabIndex={0}
            role="group"
            aria-label="Changes"
          >
            <PermissionDiff view={inlineDiff} path={path} />
          </div>
        )}
        {open && <PermissionDetail id={detailId} diff={diff} path={path} detail={request.detail} />}
        {noteOpen && <DenyNote noteRef={noteRef} answer={answer} />}
      </div>
      {/* Outside the scrolling part: never cut by the footer, however long the detail. */}
      <RememberChoice request={request} answer={answer} />
      <footer className="tray-actions">
        <button
          type="button"
          className="button-secondary disclosure"
          aria-expanded={open}
          aria-controls={open ? detailId : undefined}
          onClick={() => setOpen((o) => !o)}
        >
          Details
        </button>
        {!noteOpen && (
          <button
            type="button"
            className="button-secondary"
            disabled={busy}
            aria-label="No, and tell the agent what to do instead"
            onClick={() => setNoteOpen(true)}
          >
            No, and tell the agent…
          </button>
        )}
        {request.recovered && (
          <button
            type="button"
            className="button-quiet"
            disabled={busy}
            onClick={() => void answer.dismiss()}
          >
            Dismiss
          </button>
        )}
        <AllowDeny answer={answer} high={high} allowRef={allowRef} denyRef={denyRef} />
      </footer>
    </section>
  )
}
