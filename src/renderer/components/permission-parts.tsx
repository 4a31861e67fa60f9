import { useId, type RefObject } from 'react'
import { LIMITS, type PermissionInteraction } from '../../shared'
import type { DiffView } from '../../ui-common/diff-view'
import { PermissionDiff } from './permission-diff'
import { RememberFor } from './remember-for'
import { RevealedText } from './revealed-text'
import { ScopeEntry } from './summary-text'
import type { PermissionAnswerState } from './use-permission-answer'

/** Code this short is kept on one line in the Remember label; longer code may wrap. */
const ONE_LINE_CODE = 60

/** Whether every piece of code in a Remember entry is short enough to keep on one line. */
const codeFitsOneLine = (entry: string) => {
  const code = entry.includes('`') ? entry.split('`').filter((_, i) => i % 2 === 1) : [entry]
  return code.every((piece) => piece.length <= ONE_LINE_CODE)
}

/** How many of the commands Remember covers are named beside it; the rest are counted. */
const SCOPE_SHOWN = 3

/** Details, open: the readable diff of an edit, else the whole detail as text. */
export function PermissionDetail({
  id,
  diff,
  path,
  detail,
}: {
  id: string
  diff: DiffView | null
  path: string | undefined
  detail: string
}) {
  return (
    <div
      id={id}
      className={`permission-detail${diff && diff.kind !== 'text' ? ' is-diff' : ''}`}
      tabIndex={0}
      role="group"
      aria-label="Full details"
    >
      {diff ? (
        <PermissionDiff view={diff} path={path} />
      ) : (
        <pre className="detail-text">
          <RevealedText text={detail} />
        </pre>
      )}
    </div>
  )
}

/** "What should the agent do instead?": a note sent with Deny, as the tool's result. */
export function DenyNote({
  noteRef,
  answer,
}: {
  noteRef: RefObject<HTMLTextAreaElement | null>
  answer: PermissionAnswerState
}) {
  const hintId = useId()
  return (
    <div className="deny-note">
      <label className="deny-note-label">
        <span>What should the agent do instead?</span>
        <textarea
          ref={noteRef}
          rows={2}
          maxLength={LIMITS.denyNote}
          value={answer.note}
          aria-describedby={hintId}
          onChange={(e) => answer.setNote(e.target.value)}
        />
      </label>
      <span id={hintId} className="tray-hint">
        Sent to the agent with Deny, as the tool&apos;s result. Enter sends, Shift+Enter adds a
        line.
      </span>
    </div>
  )
}

/**
 * "Remember for this turn: don't ask again for …" naming what it covers, and beside it how long
 * it lasts; or why this one is asked every time.
 */
export function RememberChoice({
  request,
  answer,
}: {
  request: PermissionInteraction
  answer: PermissionAnswerState
}) {
  if (request.rememberScope === null)
    return (
      <p className="remember remember-none">
        {request.risk === 'high'
          ? 'Asked every time: Parley does not remember a high-risk action.'
          : 'Asked every time: Parley cannot remember this one for the turn.'}
      </p>
    )
  const covered = request.rememberScope
  return (
    <div className="remember">
      <label className="check">
        <input
          type="checkbox"
          checked={answer.remember}
          onChange={(e) => answer.setRemember(e.target.checked)}
        />
        <span>
          Remember for this turn: don&apos;t ask again for{' '}
          {covered.slice(0, SCOPE_SHOWN).map((entry, i) => (
            <span key={i} className={codeFitsOneLine(entry) ? 'is-short' : undefined}>
              {i > 0 && ', '}
              <ScopeEntry text={entry} />
            </span>
          ))}
          {covered.length > SCOPE_SHOWN &&
            ` and ${covered.length - SCOPE_SHOWN} more (listed above)`}
        </span>
      </label>
      {/* A paired phone answers for the turn only; lasting rules are made on the computer. */}
      {!answer.paired && (
        <RememberFor
          scope={answer.scope}
          disabled={answer.busy}
          onChange={(chosen) => {
            answer.setScope(chosen)
            if (chosen !== 'turn') answer.setRemember(true)
          }}
        />
      )}
    </div>
  )
}

/** Allow (key 1, outlined in the danger colour when risky) and Deny (key 2), in that order. */
export function AllowDeny({
  answer,
  high,
  allowRef,
  denyRef,
}: {
  answer: PermissionAnswerState
  high: boolean
  allowRef: RefObject<HTMLButtonElement | null>
  denyRef: RefObject<HTMLButtonElement | null>
}) {
  return (
    <span className="tray-main-actions">
      <button
        ref={allowRef}
        type="button"
        // A risky Allow is outlined in the danger colour, never the biggest filled target.
        className={high ? 'button-danger-outline' : 'button-primary'}
        disabled={answer.busy}
        aria-keyshortcuts="1"
        onClick={() => void answer.respond('allow')}
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
        disabled={answer.busy}
        aria-keyshortcuts="2"
        onClick={() => void answer.respond('deny')}
      >
        Deny
        <kbd className="key-hint" aria-hidden="true">
          2
        </kbd>
      </button>
    </span>
  )
}
