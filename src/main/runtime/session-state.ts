import { randomBytes } from 'node:crypto'
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import type { LogNotice, SessionSummary } from '../../shared/bridge'
import type { PermissionMode } from '../../shared/permission'
import type { SessionEvent, SessionHeader } from '../../shared/session-events'
import { readSessionLog, SessionLogWriter } from './session-log'
import type { Turn } from './turn'

/** One session in memory: its replayed log, its writer and its running turn, if any. */
export interface SessionState {
  header: SessionHeader
  title: string
  mode: PermissionMode
  events: SessionEvent[]
  notices: LogNotice[]
  writer: SessionLogWriter
  updatedAt: number
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

function lastAt(events: readonly SessionEvent[]): number {
  const last = events.at(-1)
  if (!last) return 0
  return last.type === 'session' ? last.createdAt : last.at
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
    updatedAt: lastAt(events),
    turn: undefined,
  }
}

/** Reads every session log; a file whose header is unreadable is reported, not fatal. */
export function loadSessions(dataDir: string): { sessions: SessionState[]; problems: string[] } {
  const dir = join(dataDir, 'sessions')
  const sessions: SessionState[] = []
  const problems: string[] = []
  let names: string[]
  try {
    names = readdirSync(dir).filter((name) => name.endsWith('.jsonl'))
  } catch {
    return { sessions, problems }
  }
  for (const name of names) {
    const path = join(dir, name)
    try {
      const { events, notices } = readSessionLog(path)
      const state = stateFromEvents(path, events, notices)
      if (state && `${state.header.id}.jsonl` === name) sessions.push(state)
      else problems.push(`${name}: no valid session header; the file was left untouched`)
    } catch (error) {
      problems.push(`${name}: ${error instanceof Error ? error.message : String(error)}`)
    }
  }
  return { sessions, problems }
}

export function summarize(state: SessionState, pendingCount: number): SessionSummary {
  return {
    id: state.header.id,
    title: state.title,
    workspace: state.header.workspace,
    mode: state.mode,
    backend: state.header.backend,
    createdAt: state.header.createdAt,
    updatedAt: state.updatedAt,
    running: state.turn !== undefined,
    pendingCount,
  }
}
