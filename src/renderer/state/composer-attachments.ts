import type { OutgoingAttachment } from '../../shared/attachments'
import { ATTACHMENTS_MAX } from '../../shared/attachment-limits'
import { withEntry, withoutEntry, type AppState } from './app-state'

const NONE: readonly OutgoingAttachment[] = []

/** The attachments waiting in the message box under `key` (a draft key). */
export function composerAttachmentsOf(state: AppState, key: string): readonly OutgoingAttachment[] {
  return state.composerAttachments[key] ?? NONE
}

const sameAttachment = (a: OutgoingAttachment, b: OutgoingAttachment) =>
  a.kind === 'file' && b.kind === 'file' ? a.path === b.path : a === b

/**
 * One more attachment under `key`: a file already attached is not attached twice, and past
 * ATTACHMENTS_MAX nothing is added (the same state comes back, so the caller can say so).
 */
export function attachmentAdded(
  state: AppState,
  key: string,
  attachment: OutgoingAttachment,
): AppState {
  const current = composerAttachmentsOf(state, key)
  if (current.length >= ATTACHMENTS_MAX || current.some((a) => sameAttachment(a, attachment)))
    return state
  return {
    ...state,
    composerAttachments: withEntry(state.composerAttachments, key, [...current, attachment]),
  }
}

/** The attachment at `index` under `key` taken off. */
export function attachmentRemoved(state: AppState, key: string, index: number): AppState {
  const current = composerAttachmentsOf(state, key)
  if (index < 0 || index >= current.length) return state
  const next = current.filter((_, i) => i !== index)
  return {
    ...state,
    composerAttachments:
      next.length === 0
        ? withoutEntry(state.composerAttachments, key)
        : withEntry(state.composerAttachments, key, next),
  }
}

/** Every attachment under `key` moved to `to` (a draft that became a new session's). */
export function attachmentsMoved(state: AppState, key: string, to: string): AppState {
  const current = composerAttachmentsOf(state, key)
  if (current.length === 0 || key === to) return state
  return {
    ...state,
    composerAttachments: withEntry(withoutEntry(state.composerAttachments, key), to, current),
  }
}

/** The attachments under `key` were sent: only those, so one added meanwhile stays. */
export function attachmentsSent(
  state: AppState,
  key: string,
  sent: readonly OutgoingAttachment[],
): AppState {
  const current = composerAttachmentsOf(state, key)
  if (sent.length === 0 || current.length === 0) return state
  const next = current.filter((a) => !sent.includes(a))
  return {
    ...state,
    composerAttachments:
      next.length === 0
        ? withoutEntry(state.composerAttachments, key)
        : withEntry(state.composerAttachments, key, next),
  }
}
