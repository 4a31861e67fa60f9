import type { RewindFile } from '../../shared/checkpoints'
import { diffView } from '../../ui-common/diff-view'
import { CHANGE_WORDS, hiddenText, rewindPatch, SKIP_WORDS } from '../../ui-common/rewind-model'
import { PermissionDiff } from './permission-diff'
import type { RewindPreviewState } from './use-rewind'

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

/** What restoring the files would change, file by file, or why they cannot be restored. */
export function RewindFilesPreview({
  preview,
  undo,
}: {
  preview: RewindPreviewState
  /** Undoing a files rewind: the files go back to just before it. */
  undo: boolean
}) {
  if (preview === 'loading') return <p className="rewind-note">Looking at the files…</p>
  if (preview === null) return null
  if (!preview.ok)
    return (
      <p className="rewind-note">
        {preview.reason === 'not_found'
          ? 'No checkpoint of the files was taken before this message: only the conversation can be rewound.'
          : (preview.message ?? 'The files cannot be rewound now.')}
      </p>
    )
  const { files, leftAsIs, conversation } = preview
  return (
    <>
      {files.length === 0 ? (
        <p className="rewind-note">
          {undo
            ? 'The files are as they were just before the restore.'
            : 'The files are as they were before this message.'}
        </p>
      ) : (
        <>
          <p className="rewind-note">
            Restoring the files changes {files.length} {files.length === 1 ? 'file' : 'files'}. How
            they are now is kept, so this can be undone.
          </p>
          <ul className="rewind-files" aria-label="Files the rewind changes">
            {files.map((file) => (
              <RewindFileRow key={file.path} file={file} />
            ))}
          </ul>
        </>
      )}
      {leftAsIs.length > 0 && (
        <p className="rewind-note">
          Left as they are (not in the checkpoint):{' '}
          {leftAsIs.map((s) => `${s.path} (${SKIP_WORDS[s.reason]})`).join(', ')}
        </p>
      )}
      {!conversation.ok && !undo && <p className="rewind-note">{conversation.message}</p>}
    </>
  )
}
