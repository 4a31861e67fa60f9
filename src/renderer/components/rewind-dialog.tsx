import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react'
import type { BridgeOutput } from '../../shared/bridge'
import type { RestoreWhat, RewindFile } from '../../shared/checkpoints'
import { diffView } from '../../ui-common/diff-view'
import {
  CHANGE_WORDS,
  hiddenText,
  RESTORE_LABELS,
  restoreOutcomeText,
  rewindPatch,
  SKIP_WORDS,
} from '../../ui-common/rewind-model'
import { useActions } from '../state/chat-context'
import { PermissionDiff } from './permission-diff'

type Preview = BridgeOutput<'previewCheckpoint'>

/** One file the rewind changes: what happens to it, a conflict flag, and its diff when opened. */
function RewindFileRow({ file }: { file: RewindFile }) {
  const patch = rewindPatch(file)
  const hidden = hiddenText(file)
  return (
    <li className={`rewind-file${file.conflict ? ' is-conflict' : ''}`}>
      <details>
        <summary>
          <code className="rewind-path">{file.path}</code>{' '}
          <span className="rewind-change">{CHANGE_WORDS[file.change]}</span>
          {file.conflict && <span className="rewind-conflict">changed since by hand</span>}
        </summary>
        {patch !== null ? (
          <PermissionDiff view={diffView(patch)} path={file.path} />
        ) : (
          <p className="rewind-hidden">{hidden}</p>
        )}
      </details>
    </li>
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
  const actions = useActions()
  const titleId = useId()
  const [preview, setPreview] = useState<Preview | null | 'loading'>('loading')
  const [status, setStatus] = useState<string | null>(null)
  const [overwrite, setOverwrite] = useState<RestoreWhat | null>(null)
  const [working, setWorking] = useState(false)
  const dialogRef = useRef<HTMLDivElement>(null)

  useEffect(() => {
    let live = true
    void actions.previewRewind(sessionId, turnId).then((result) => {
      if (live) setPreview(result)
    })
    return () => {
      live = false
    }
  }, [actions, sessionId, turnId])
  useEffect(() => dialogRef.current?.focus(), [])

  const loaded = preview !== 'loading' && preview !== null ? preview : null
  const filesOk = loaded?.ok === true
  const conversationOk = loaded?.ok !== true || loaded.conversation.ok
  const conversationNote =
    loaded?.ok === true && !loaded.conversation.ok ? loaded.conversation.message : null

  const restore = async (what: RestoreWhat, force: boolean) => {
    setWorking(true)
    const result = await actions.rewind(sessionId, turnId, { restore: what, force, messageText })
    setWorking(false)
    if (result === null) return
    if (result.ok) {
      onClose()
      return
    }
    setOverwrite(result.reason === 'conflict' ? what : null)
    setStatus(restoreOutcomeText(result, what))
  }

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
          {preview === 'loading' && <p className="rewind-note">Looking at the files…</p>}
          {loaded?.ok === false && (
            <p className="rewind-note">
              {loaded.reason === 'not_found'
                ? 'No checkpoint of the files was taken before this message: only the conversation can be rewound.'
                : (loaded.message ?? 'The files cannot be rewound now.')}
            </p>
          )}
          {loaded?.ok === true && loaded.files.length === 0 && (
            <p className="rewind-note">
              {undo
                ? 'The files are as they were just before the restore.'
                : 'The files are as they were before this message.'}
            </p>
          )}
          {loaded?.ok === true && loaded.files.length > 0 && (
            <>
              <p className="rewind-note">
                Restoring the files changes {loaded.files.length}{' '}
                {loaded.files.length === 1 ? 'file' : 'files'}. How they are now is kept, so this
                can be undone.
              </p>
              <ul className="rewind-files" aria-label="Files the rewind changes">
                {loaded.files.map((file) => (
                  <RewindFileRow key={file.path} file={file} />
                ))}
              </ul>
            </>
          )}
          {loaded?.ok === true && loaded.leftAsIs.length > 0 && (
            <p className="rewind-note">
              Left as they are (not in the checkpoint):{' '}
              {loaded.leftAsIs.map((s) => `${s.path} (${SKIP_WORDS[s.reason]})`).join(', ')}
            </p>
          )}
          {conversationNote !== null && !undo && <p className="rewind-note">{conversationNote}</p>}
          <p role="status" className="rewind-status">
            {status}
          </p>
        </div>
        <div className="rewind-actions">
          <button type="button" className="button-secondary" onClick={onClose}>
            Cancel
          </button>
          {overwrite !== null && (
            <button
              type="button"
              className="button-danger"
              disabled={working}
              onClick={() => void restore(overwrite, true)}
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
                onClick={() => void restore('conversation', false)}
              >
                {RESTORE_LABELS.conversation}
              </button>
              <button
                type="button"
                className="button-secondary"
                disabled={working || !filesOk || !conversationOk}
                onClick={() => void restore('both', false)}
              >
                {RESTORE_LABELS.both}
              </button>
            </>
          )}
          <button
            type="button"
            className="button-primary"
            disabled={working || !filesOk}
            onClick={() => void restore('files', false)}
          >
            {RESTORE_LABELS.files}
          </button>
        </div>
      </div>
    </div>
  )
}
