import { randomBytes } from 'node:crypto'
import { join } from 'node:path'
import type { LogNotice } from '../../../shared/bridge'
import type { PermissionMode } from '../../../shared/permission'
import type { SessionEvent, SessionHeader } from '../../../shared/session-events'
import { SessionLogWriter } from './session-log'
import type { Turn } from './turn'

/** One session in memory: its replayed log, its writer and its running turn, if any. */
export interface SessionState {
  header: SessionHeader
  title: string
  mode: PermissionMode
  events: SessionEvent[]
  notices: LogNotice[]
  writer: SessionLogWriter
  turn: Turn | undefined
}

/** A new opaque id: prefix, time (sortable) and randomness. */
export function newId(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${randomBytes(6).toString('hex')}`
}

export function sessionPath(dataDir: string, id: string): string {
  return join(dataDir, 'sessions', `${id}.jsonl`)
}

/** Title and mode as of the newest `session_update`. */
function currentMeta(
  header: SessionHeader,
  events: readonly SessionEvent[],
): { title: string; mode: PermissionMode } {
  let { title, mode } = header
  for (const event of events) {
    if (event.type !== 'session_update') continue
    if (event.title !== undefined) title = event.title
    if (event.mode !== undefined) mode = event.mode
  }
  return { title, mode }
}

export function stateFromEvents(
  path: string,
  events: SessionEvent[],
  notices: LogNotice[],
): SessionState | undefined {
  const header = events[0]
  if (header?.type !== 'session') return undefined
  return {
    header,
    ...currentMeta(header, events),
    events,
    notices,
    writer: new SessionLogWriter(path),
    turn: undefined,
  }
}
