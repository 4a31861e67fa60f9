import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react'
import { LIMITS, type PendingInteraction, type PermissionInteraction } from '../../shared'
import { toolCategory } from '../../shared/pinned-tools'
import type { RememberScope } from '../../shared/permission'
import { useActions, usePairedDevice, usePromptArmingMs } from '../state/chat-context'
import { commandParts, permissionHeadline } from '../tray/command-view'
import { diffView } from '../../ui-common/diff-view'
import { useArmed } from '../../ui-common/use-armed'
import { isTrayKey } from '../tray/use-armed'
import { useNumberKeysFromAnywhere } from '../tray/number-keys-anywhere'
import { PermissionDiff } from './permission-diff'
import { PermissionWhat, RISK_TEXT } from './permission-what'
import { RememberFor } from './remember-for'
import { RevealedText } from './revealed-text'
import { RunsInLine } from './runs-in-line'
import { ScopeEntry } from './summary-text'
import { TrayHeader } from './tray-header'
import { useHeldHeight } from '../tray/use-held-height'

/** Code this short is kept on one line in the Remember label; longer code may wrap. */
const ONE_LINE_CODE = 60

/** Whether every piece of code in a Remember entry is short enough to keep on one line. */
const codeFitsOneLine = (entry: string) => {
  const code = entry.includes('`') ? entry.split('`').filter((_, i) => i % 2 === 1) : [entry]
  return code.every((piece) => piece.length <= ONE_LINE_CODE)
}

/** How many of the commands Remember covers are named beside it; the rest are counted. */
const SCOPE_SHOWN = 3

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
  const [remember, setRemember] = useState(false)
  const [scope, setScope] = useState<RememberScope>('turn')
  const paired = usePairedDevice()
  const [open, setOpen] = useState(false)
  const [noteOpen, setNoteOpen] = useState(false)
  const [note, setNote] = useState('')
  const [busy, setBusy] = useState(false)
  const regionRef = useRef<HTMLElement>(null)
  const allowRef = useRef<HTMLButtonElement>(null)
  const denyRef = useRef<HTMLButtonElement>(null)
  const noteRef = useRef<HTMLTextAreaElement>(null)
  const detailId = useId()
  const noteHintId = useId()

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

  // Focus enters the tray itself, not a button: a stray Enter must not allow anything.
  // The tray sits in view at the bottom: focusing it need not scroll, so it forces no layout.
  useEffect(() => regionRef.current?.focus({ preventScroll: true }), [])
  useHeldHeight(regionRef)
  useNumberKeysFromAnywhere(regionRef, armed)
  useEffect(() => {
    if (noteOpen) noteRef.current?.focus()
  }, [noteOpen])

  const settle = async (run: () => Promise<boolean>) => {
    setBusy(true)
    if (!(await run())) setBusy(false)
  }
  const respond = (decision: 'allow' | 'deny') =>
    settle(() =>
      actions.respondToPermission({
        sessionId: request.sessionId,
        requestId: request.requestId,
        decision,
        remember: remember && request.rememberScope !== null,
        ...(remember && !paired && scope !== 'turn' ? { scope } : {}),
        ...(decision === 'deny' && noteOpen ? { note } : {}),
      }),
    )

  const onKeyDownCapture = (event: KeyboardEvent<HTMLElement>) => {
    // Until armed, the tray's keys do nothing at all (not even a focused button's Enter).
    if (!armed && isTrayKey(event.key)) {
      event.preventDefault()
      event.stopPropagation()
    }
  }
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
    if (event.key === '1') {
      event.preventDefault()
      allowRef.current?.focus()
    } else if (event.key === '2') {
      event.preventDefault()
      denyRef.current?.focus()
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
        {open && (
          <div
            id={detailId}
            className={`permission-detail${diff && diff.kind !== 'text' ? ' is-diff' : ''}`}
            tabIndex={0}
            role="group"
            aria-label="Full details"
          >
            {diff ? (
              <PermissionDiff view={diff} path={path} />
            ) : (
              <pre className="detail-text">
                <RevealedText text={request.detail} />
              </pre>
            )}
          </div>
        )}
        {noteOpen && (
          <div className="deny-note">
            <label className="deny-note-label">
              <span>What should the agent do instead?</span>
              <textarea
                ref={noteRef}
                rows={2}
                maxLength={LIMITS.denyNote}
                value={note}
                aria-describedby={noteHintId}
                onChange={(e) => setNote(e.target.value)}
              />
            </label>
            <span id={noteHintId} className="tray-hint">
              Sent to the agent with Deny, as the tool&apos;s result. Enter sends, Shift+Enter adds
              a line.
            </span>
          </div>
        )}
      </div>
      {/* Outside the scrolling part: never cut by the footer, however long the detail. */}
      {request.rememberScope !== null ? (
        <div className="remember">
          <label className="check">
            <input
              type="checkbox"
              checked={remember}
              onChange={(e) => setRemember(e.target.checked)}
            />
            <span>
              Remember for this turn: don&apos;t ask again for{' '}
              {request.rememberScope.slice(0, SCOPE_SHOWN).map((entry, i) => (
                <span key={i} className={codeFitsOneLine(entry) ? 'is-short' : undefined}>
                  {i > 0 && ', '}
                  <ScopeEntry text={entry} />
                </span>
              ))}
              {request.rememberScope.length > SCOPE_SHOWN &&
                ` and ${request.rememberScope.length - SCOPE_SHOWN} more (listed above)`}
            </span>
          </label>
          {/* A paired phone answers for the turn only; lasting rules are made on the computer. */}
          {!paired && (
            <RememberFor
              scope={scope}
              disabled={busy}
              onChange={(chosen) => {
                setScope(chosen)
                if (chosen !== 'turn') setRemember(true)
              }}
            />
          )}
        </div>
      ) : (
        <p className="remember remember-none">
          {high
            ? 'Asked every time: Parley does not remember a high-risk action.'
            : 'Asked every time: Parley cannot remember this one for the turn.'}
        </p>
      )}
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
            onClick={() =>
              void settle(() => actions.dismissInteraction(request.sessionId, request.requestId))
            }
          >
            Dismiss
          </button>
        )}
        <span className="tray-main-actions">
          <button
            ref={allowRef}
            type="button"
            // A risky Allow is outlined in the danger colour, never the biggest filled target.
            className={high ? 'button-danger-outline' : 'button-primary'}
            disabled={busy}
            aria-keyshortcuts="1"
            onClick={() => void respond('allow')}
          >
            Allow
            <kbd className="key-hint" aria-hidden="true">
              1
            </kbd>
          </button>
          <button
            ref={denyRef}
            type="button"
            className="button-secondary"
            disabled={busy}
            aria-keyshortcuts="2"
            onClick={() => void respond('deny')}
          >
            Deny
            <kbd className="key-hint" aria-hidden="true">
              2
            </kbd>
          </button>
        </span>
      </footer>
    </section>
  )
}
