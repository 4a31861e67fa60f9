import type { SessionEvent, SessionEventOf } from '../../../shared/session-events'

export type CheckpointRecord = SessionEventOf<'checkpoint'>

const hasTree = (record: CheckpointRecord): record is CheckpointRecord & { tree: string } =>
  record.tree !== undefined

/**
 * The checkpoint a rewind to `turnId` restores: the one taken when that turn started, or a
 * rewind's own (taken before it wrote files, so the rewind can be undone), when it has a tree.
 */
export function restorePoint(
  events: readonly SessionEvent[],
  turnId: string,
): (CheckpointRecord & { tree: string }) | undefined {
  const found = events.find(
    (e): e is CheckpointRecord =>
      e.type === 'checkpoint' &&
      e.turnId === turnId &&
      (e.moment === 'turn_start' || e.moment === 'rewind'),
  )
  return found !== undefined && hasTree(found) ? found : undefined
}

/**
 * Where, since `from`, files may have been changed by someone other than this session's turns
 * and rewinds (by hand, another session): the pairs of trees between which nobody of this
 * session acted (a turn's end and the next turn's start or rewind), and `last`, what the session
 * left the files as, to compare with the present. A turn's end is kept in the store, not the log
 * (`endOf`): no record follows a turn's `turn_end`. `unknown`: an end is missing (its checkpoint
 * failed), so changes in that stretch cannot be told apart; every change then counts as one.
 */
export function handChangeWindows(
  events: readonly SessionEvent[],
  from: CheckpointRecord,
  endOf: ReadonlyMap<string, string>,
): { windows: [string, string][]; last: string | undefined; unknown: boolean } {
  const windows: [string, string][] = []
  let unknown = false
  const start = events.indexOf(from)
  if (start < 0) return { windows, last: undefined, unknown: true }
  /** What this session left the files as after a checkpoint: its turn's end, or what a rewind wrote. */
  const leftBy = (record: CheckpointRecord): string | undefined => {
    const left = record.moment === 'rewind' ? record.rewindTo?.tree : endOf.get(record.turnId)
    if (left === undefined) unknown = true
    return left
  }
  let left = leftBy(from)
  for (const event of events.slice(start + 1)) {
    if (event.type !== 'checkpoint') continue
    if (left !== undefined && event.tree !== undefined) windows.push([left, event.tree])
    else unknown = true
    left = leftBy(event)
  }
  return { windows, last: left, unknown }
}
