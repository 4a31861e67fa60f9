import { useEffect, useId, useRef, type KeyboardEvent } from 'react'
import type { RestoreWhat } from '../../shared/checkpoints'
import { RESTORE_LABELS } from '../../ui-common/rewind-model'
import { RewindFilesPreview } from './rewind-preview'
import { useRewind } from './use-rewind'

/**
 * The dialog's buttons: Cancel, an overwrite offered after a conflict, then the three ways to
 * rewind (an undo offers only the files), each enabled when the preview allows it.
 */
function RewindActions({
  undo,
  working,
  overwrite,
  filesOk,
  conversationOk,
  onCancel,
  onRestore,
}: {
  undo: boolean
  working: boolean
  overwrite: RestoreWhat | null
  filesOk: boolean
  conversationOk: boolean
  onCancel: () => void
  onRestore: (what: RestoreWhat, force: boolean) => void
}) {
  return (
    <div className="rewind-actions">
      <button type="button" className="button-secondary" onClick={onCancel}>
        Cancel
      </button>
      {overwrite !== null && (
        <button
          type="button"
          className="button-danger"
          disabled={working}
          onClick={() => onRestore(overwrite, true)}
        >
          Overwrite and {RESTORE_LABELS[overwrite].toLowerCase()}
        </button>
      )}
      {!undo && (
        <>
          <button
            type="button"
            className="button-secondary"
            disabled={working || !conversationOk}
            onClick={() => onRestore('conversation', false)}
          >
            {RESTORE_LABELS.conversation}
          </button>
          <button
            type="button"
            className="button-secondary"
            disabled={working || !filesOk || !conversationOk}
            onClick={() => onRestore('both', false)}
          >
            {RESTORE_LABELS.both}
          </button>
        </>
      )}
      <button
        type="button"
        className="button-primary"
        disabled={working || !filesOk}
        onClick={() => onRestore('files', false)}
      >
        {RESTORE_LABELS.files}
      </button>
    </div>
  )
}

/**
 * What rewinding to before a message would change, and the three ways to do it: the files (each
 * with its diff; files changed by hand since are marked, and overwritten only after a second,
 * explicit choice), the conversation (a new session from before the message, with the message in
 * its composer to edit and send again), or both.
 */
export function RewindDialog({
  sessionId,
  turnId,
  messageText,
  undo = false,
  onClose,
}: {
  sessionId: string
  turnId: string
  messageText: string
  /** Undoing a files rewind: only the files, back to the checkpoint taken just before it. */
  undo?: boolean
  onClose: () => void
}) {
  const titleId = useId()
  const dialogRef = useRef<HTMLDivElement>(null)
  const { preview, status, overwrite, working, restore } = useRewind({
    sessionId,
    turnId,
    messageText,
    onDone: onClose,
  })
  useEffect(() => dialogRef.current?.focus(), [])

  const loaded = preview !== 'loading' && preview !== null ? preview : null
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return
    event.preventDefault()
    event.stopPropagation()
    onClose()
  }

  return (
    <div className="rewind-scrim" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        className="rewind-dialog"
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <h2 id={titleId} className="rewind-title">
          {undo ? 'Undo the restore of the files' : 'Rewind to before this message'}
        </h2>
        {undo ? (
          <p className="rewind-note">The files go back to how they were just before it.</p>
        ) : (
          <blockquote className="rewind-message" dir="auto">
            {messageText.length > 300 ? `${messageText.slice(0, 297)}…` : messageText}
          </blockquote>
        )}
        <div className="rewind-body">
          <RewindFilesPreview preview={preview} undo={undo} />
          <p role="status" className="rewind-status">
            {status}
          </p>
        </div>
        <RewindActions
          undo={undo}
          working={working}
          overwrite={overwrite}
          filesOk={loaded?.ok === true}
          conversationOk={loaded?.ok !== true || loaded.conversation.ok}
          onCancel={onClose}
          onRestore={(what, force) => void restore(what, force)}
        />
      </div>
    </div>
  )
}
