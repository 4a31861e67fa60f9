import { createTwoFilesPatch } from 'diff'
import type { BridgeOutput } from '../shared/bridge'
import type { RewindFile, RestoreWhat } from '../shared/checkpoints'
import type { CheckpointSkip } from '../shared/session-events'

/** What a rewind does to a file, as both UIs say it. */
export const CHANGE_WORDS: Record<RewindFile['change'], string> = {
  restored: 'restored',
  recreated: 'brought back (deleted since)',
  removed: 'removed (created since)',
}

export const SKIP_WORDS: Record<CheckpointSkip['reason'], string> = {
  too_large: 'too large to keep',
  binary_budget: 'binary, past what a checkpoint keeps',
  nested_repository: 'a repository of its own',
  unreadable: 'could not be read',
}

/** The labels of the three choices (pinned: the dialog's buttons carry them). */
export const RESTORE_LABELS: Record<RestoreWhat, string> = {
  files: 'Restore files',
  conversation: 'Restore conversation',
  both: 'Restore both',
}

/** The unified patch from the file now to the file as it was (what the rewind does to it). */
export function rewindPatch(file: RewindFile): string | null {
  if (file.hidden !== undefined) return null
  return createTwoFilesPatch(file.path, file.path, file.now ?? '', file.then ?? '', '', '', {
    context: 3,
  })
}

/** Why a file's change is not drawn as a diff, if it is not. */
export function hiddenText(file: RewindFile): string | null {
  switch (file.hidden) {
    case 'binary':
      return 'Binary file: no diff shown.'
    case 'too_large':
      return 'Too large to show here.'
    case undefined:
      return null
  }
}

/** A restore's outcome in one line, for the person. */
export function restoreOutcomeText(
  result: BridgeOutput<'restoreCheckpoint'>,
  what: RestoreWhat,
): string {
  if (result.ok) {
    const files = result.restoredFiles.length
    const filesText =
      what === 'conversation'
        ? ''
        : files === 0
          ? 'No file needed restoring.'
          : `${files} ${files === 1 ? 'file' : 'files'} restored.`
    const left = result.notRestored?.length
      ? ` Left as they are: ${result.notRestored.join(', ')}.`
      : ''
    const conversation = what === 'files' ? '' : ' The conversation goes on in a new session.'
    return `${filesText}${left}${conversation}`.trim()
  }
  switch (result.reason) {
    case 'conflict':
      return `Changed since by someone other than this session: ${result.files.join(', ')}. Restoring overwrites those changes.`
    case 'not_found':
      return 'There is no checkpoint of the files before this message.'
    case 'busy':
    case 'unavailable':
    case 'unsupported':
      return result.message ?? 'The rewind could not be done.'
  }
}
