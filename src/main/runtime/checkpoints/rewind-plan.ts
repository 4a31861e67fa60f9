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
 * Where, since `from`, files may have been changed by hand rather than by this session's turns
 * or rewinds: the pairs of trees between which nobody of this session acted (a turn's end and
 * the next turn's start, a turn's end and a rewind), and `last`, what the session left the files
 * as (to compare with the present), unless a missing checkpoint leaves that unknown.
 *
 * Checkpoint records are in the log in the order they were taken (one store, one queue), so
 * they are walked in that order whatever records of the turns lie between them.
 */
export function handChangeWindows(
  events: readonly SessionEvent[],
  from: CheckpointRecord,
): { windows: [string, string][]; last: string | undefined } {
  const windows: [string, string][] = []
  const start = events.indexOf(from)
  if (start < 0) return { windows, last: undefined }
  // What this session last left the files as: a turn's end, or what a rewind restored.
  let left: string | undefined = from.moment === 'rewind' ? from.rewindTo?.tree : undefined
  // Within a turn (after its start) the agent acts: what it does is not a person's.
  let inTurn = from.moment === 'turn_start'
  for (const event of events.slice(start + 1)) {
    if (event.type !== 'checkpoint') continue
    const tree = event.tree
    switch (event.moment) {
      case 'turn_start':
        if (left !== undefined && tree !== undefined && !inTurn) windows.push([left, tree])
        inTurn = true
        left = undefined
        break
      case 'turn_end':
        inTurn = false
        left = tree
        break
      case 'rewind':
        if (left !== undefined && tree !== undefined && !inTurn) windows.push([left, tree])
        inTurn = false
        left = event.rewindTo?.tree
        break
      default:
        return event.moment satisfies never
    }
  }
  return { windows, last: inTurn ? undefined : left }
}
