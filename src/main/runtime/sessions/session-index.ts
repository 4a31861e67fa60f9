import { createHash } from 'node:crypto'
import { closeSync, openSync, readdirSync, readFileSync, readSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { z } from 'zod'
import type { SessionSummary } from '../../../shared/bridge'
import { IdSchema } from '../../../shared/ids'
import { PermissionModeSchema } from '../../../shared/permission'
import type { SessionEvent } from '../../../shared/session-events'
import { writePrivateFileSync } from '../settings/private-file'
import { parseSessionLog } from './session-log'
import { errorMessage } from '../../../shared/plain-error'

/**
 * What start-up needs to know about one session without reading its log: what the sidebar shows,
 * whether its last turn is still open (crash recovery must look at it), and the size and time of
 * the log it was derived from, so a stale entry is noticed. The log stays the only source of
 * truth: an entry is a cache of it, rebuilt whenever it does not match.
 */
export const SessionIndexEntrySchema = z.strictObject({
  id: IdSchema,
  /** The log's file name under `sessions/` (`<id>.jsonl`). */
  file: z.string().min(1),
  title: z.string(),
  workspace: z.string(),
  mode: PermissionModeSchema,
  backend: z.string(),
  createdAt: z.number(),
  updatedAt: z.number(),
  /** The turn begun by the newest user message and not ended yet: a quit or a crash left it open. */
  openTurnId: IdSchema.nullable(),
  /**
   * The log's committed length (through its last newline) and modification time (ms) this entry
   * describes. Never counts a torn last record, so new records always start at `bytes`.
   */
  bytes: z.number().int().min(0),
  mtimeMs: z.number(),
  /** Set when the log has no readable header: what is wrong, in plain words. */
  damaged: z.string().optional(),
  /** The ACP agent the session talks to (from its header). */
  agent: z.strictObject({ id: z.string(), name: z.string() }).optional(),
  /**
   * Requests of ACP agents or MCP servers not closed yet: start-up reads such a log to show them
   * again (orphaned), even when no turn is open.
   */
  openRequests: z.number().int().min(0).default(0),
  /** The newest turn ended in an error (the sidebar marks the session until the next turn). */
  lastTurnFailed: z.boolean().default(false),
})
export type SessionIndexEntry = z.infer<typeof SessionIndexEntrySchema>

const IndexFileSchema = z.strictObject({
  v: z.literal(1),
  sessions: z.array(SessionIndexEntrySchema),
})

const INDEX_FILE = 'session-index.json'

/** Folds one committed record into an entry (pure; the same entry back when nothing changes). */
export function indexRecord(entry: SessionIndexEntry, event: SessionEvent): SessionIndexEntry {
  switch (event.type) {
    case 'session':
      return {
        ...entry,
        title: event.title,
        mode: event.mode,
        workspace: event.workspace,
        backend: event.backend,
        createdAt: event.createdAt,
        updatedAt: event.createdAt,
        ...(event.agent ? { agent: { id: event.agent.id, name: event.agent.name } } : {}),
      }
    case 'session_update':
      return {
        ...entry,
        title: event.title ?? entry.title,
        mode: event.mode ?? entry.mode,
        updatedAt: event.at,
      }
    case 'user_message':
    case 'turn_retry':
      return { ...entry, openTurnId: event.turnId, lastTurnFailed: false, updatedAt: event.at }
    case 'interaction_request':
      return { ...entry, openRequests: entry.openRequests + 1, updatedAt: event.at }
    case 'interaction_response':
      return { ...entry, openRequests: Math.max(0, entry.openRequests - 1), updatedAt: event.at }
    case 'turn_end':
      return {
        ...entry,
        openTurnId: entry.openTurnId === event.turnId ? null : entry.openTurnId,
        lastTurnFailed: event.reason === 'error',
        updatedAt: event.at,
      }
    case 'agent_session':
      // From now on the session is shown under the agent's own name.
      if (event.agentName && entry.agent && entry.agent.name !== event.agentName)
        return { ...entry, agent: { ...entry.agent, name: event.agentName }, updatedAt: event.at }
      return entry.updatedAt === event.at ? entry : { ...entry, updatedAt: event.at }
    case 'assistant_text':
    case 'tool_call':
    case 'tool_result':
    case 'permission_request':
    case 'permission_decision':
    case 'user_question_request':
    case 'agent_thought':
    case 'agent_tool_call':
    case 'agent_tool_call_update':
    case 'agent_plan':
    case 'agent_modes':
    case 'agent_config':
    case 'agent_exit':
    case 'session_forked':
    case 'context_usage':
      return entry.updatedAt === event.at ? entry : { ...entry, updatedAt: event.at }
    // A checkpoint is Parley's own bookkeeping, not activity: the list's order stays.
    case 'checkpoint':
      return entry
  }
}

/** A session's id as the bridge can carry it: the file's stem, or a stable stand-in for odd names. */
export function idForFile(file: string): string {
  const stem = file.replace(/\.jsonl$/, '')
  return IdSchema.safeParse(stem).success
    ? stem
    : `damaged-${createHash('sha256').update(file).digest('hex').slice(0, 16)}`
}

/** An entry built from a whole log. A log without a readable header is listed as damaged. */
export function entryFromLog(
  file: string,
  events: readonly SessionEvent[],
  stat: { bytes: number; mtimeMs: number },
): SessionIndexEntry {
  const header = events[0]
  const id = idForFile(file)
  const base: SessionIndexEntry = {
    id,
    file,
    title: id,
    workspace: '',
    mode: 'ask',
    backend: '',
    createdAt: stat.mtimeMs,
    updatedAt: stat.mtimeMs,
    openTurnId: null,
    openRequests: 0,
    lastTurnFailed: false,
    ...stat,
  }
  if (header?.type !== 'session') {
    return {
      ...base,
      title: `Damaged session (${file})`,
      damaged: `${file} has no readable session header (its first line is damaged); the file was left untouched`,
    }
  }
  if (`${header.id}.jsonl` !== file) {
    return {
      ...base,
      title: header.title,
      damaged: `${file} holds the header of another session (${header.id}); the file was left untouched`,
    }
  }
  return events.reduce(indexRecord, base)
}

export function summaryFromEntry(
  entry: SessionIndexEntry,
  live: { running: boolean; pendingCount: number },
): SessionSummary {
  return {
    id: entry.id,
    title: entry.title,
    workspace: entry.workspace,
    mode: entry.mode,
    backend: entry.backend,
    createdAt: entry.createdAt,
    updatedAt: entry.updatedAt,
    running: live.running,
    pendingCount: live.pendingCount,
    ...(entry.damaged !== undefined && { damaged: entry.damaged }),
    ...(entry.agent !== undefined && { agent: entry.agent }),
    ...(entry.lastTurnFailed && { lastTurnFailed: true as const }),
  }
}

function readRange(path: string, from: number, to: number): Buffer {
  const fd = openSync(path, 'r')
  try {
    const buffer = Buffer.alloc(to - from)
    let read = 0
    while (read < buffer.length) {
      const n = readSync(fd, buffer, read, buffer.length - read, from + read)
      if (n === 0) break
      read += n
    }
    return buffer.subarray(0, read)
  } finally {
    closeSync(fd)
  }
}

/** How start-up brought an entry up to date: what it had to read. */
export type Reconciled = 'trusted' | 'caught_up' | 'rebuilt'

/**
 * Brings one entry in line with its log. Same size and time: trusted as is. Grown, and the entry
 * ended on a line boundary: only the new bytes are read (a crash after an append and before the
 * index was written). Anything else (no entry, shrunk, rewritten, damaged): the whole log is read.
 */
export function reconcileEntry(
  path: string,
  file: string,
  entry: SessionIndexEntry | undefined,
): { entry: SessionIndexEntry; how: Reconciled } {
  const { size, mtimeMs } = statSync(path)
  if (entry && !entry.damaged && entry.file === file) {
    if (entry.bytes === size && entry.mtimeMs === mtimeMs) return { entry, how: 'trusted' }
    if (entry.bytes > 0 && size > entry.bytes) {
      const tail = readRange(path, entry.bytes - 1, size)
      if (tail[0] === 0x0a) {
        const { events, committedBytes } = parseSessionLog(tail.subarray(1), entry.bytes)
        const caughtUp = events.reduce(indexRecord, entry)
        return { entry: { ...caughtUp, bytes: committedBytes, mtimeMs }, how: 'caught_up' }
      }
    }
  }
  const { events, committedBytes } = parseSessionLog(readFileSync(path))
  return { entry: entryFromLog(file, events, { bytes: committedBytes, mtimeMs }), how: 'rebuilt' }
}

/**
 * The session index, `<data-dir>/session-index.json`: one entry per log, kept current in memory
 * with every appended record and written (atomically, coalesced) soon after; a crash before a
 * write only costs reading the few bytes appended since. Listing sessions at start-up reads the
 * index and stats each log, never the logs themselves.
 */
export class SessionIndex {
  readonly #entries = new Map<string, SessionIndexEntry>()
  /** Entries to write; those also in `#appended` first take their log's new size and time. */
  readonly #dirty = new Set<string>()
  readonly #appended = new Set<string>()
  #changedList = false
  #timer: ReturnType<typeof setTimeout> | undefined

  private constructor(
    readonly dataDir: string,
    private readonly writeDelayMs: number,
  ) {}

  /** Reads the index and reconciles it with the logs on disk. */
  static load(
    dataDir: string,
    options: { writeDelayMs?: number } = {},
  ): { index: SessionIndex; problems: string[]; reconciled: Map<string, Reconciled> } {
    const index = new SessionIndex(dataDir, options.writeDelayMs ?? 250)
    const problems: string[] = []
    const reconciled = new Map<string, Reconciled>()
    const stored = new Map<string, SessionIndexEntry>()
    try {
      const parsed = IndexFileSchema.safeParse(
        JSON.parse(readFileSync(join(dataDir, INDEX_FILE), 'utf8')),
      )
      if (parsed.success) for (const entry of parsed.data.sessions) stored.set(entry.file, entry)
    } catch {
      // Missing or unreadable: every entry is rebuilt from its log.
    }
    let files: string[] = []
    try {
      files = readdirSync(join(dataDir, 'sessions')).filter((name) => name.endsWith('.jsonl'))
    } catch {
      // No sessions folder yet.
    }
    for (const file of files) {
      try {
        const previous = stored.get(file)
        const { entry, how } = reconcileEntry(join(dataDir, 'sessions', file), file, previous)
        reconciled.set(file, how)
        if (entry.damaged) problems.push(`${file}: ${entry.damaged}`)
        if (index.#entries.has(entry.id)) {
          problems.push(`${file}: a second log for session ${entry.id}; it was left untouched`)
          continue
        }
        index.#entries.set(entry.id, entry)
        if (how !== 'trusted') index.#dirty.add(entry.id)
      } catch (error) {
        problems.push(`${file}: ${errorMessage(error)}`)
      }
    }
    if (index.#dirty.size > 0 || stored.size !== index.#entries.size) index.flush()
    return { index, problems, reconciled }
  }

  entries(): IterableIterator<SessionIndexEntry> {
    return this.#entries.values()
  }

  get(id: string): SessionIndexEntry | undefined {
    return this.#entries.get(id)
  }

  path(entry: SessionIndexEntry): string {
    return join(this.dataDir, 'sessions', entry.file)
  }

  /** A new session, written at once (its log has just been created and synced). */
  add(entry: SessionIndexEntry): void {
    this.#entries.set(entry.id, entry)
    this.#dirty.add(entry.id)
    this.#appended.add(entry.id)
    this.flush()
  }

  /** A record was appended to the session's log. */
  recorded(id: string, event: SessionEvent): void {
    const entry = this.#entries.get(id)
    if (!entry) return
    this.#entries.set(id, indexRecord(entry, event))
    this.#dirty.add(id)
    this.#appended.add(id)
    this.#schedule()
  }

  remove(id: string): void {
    if (!this.#entries.delete(id)) return
    this.#dirty.delete(id)
    this.#appended.delete(id)
    this.#changedList = true
    this.flush()
  }

  #schedule(): void {
    if (this.#timer) return
    this.#timer = setTimeout(() => this.flush(), this.writeDelayMs)
    this.#timer.unref()
  }

  /**
   * Writes the index. An entry appended to takes its log's current size and time: appends are
   * synchronous whole lines after the writer cut any torn tail, so the log holds exactly the
   * records the entry folded in, and its size is its committed length.
   */
  flush(): void {
    if (this.#timer) clearTimeout(this.#timer)
    this.#timer = undefined
    if (this.#dirty.size === 0 && !this.#changedList) return
    for (const id of this.#appended) {
      const entry = this.#entries.get(id)
      if (!entry) continue
      try {
        const stat = statSync(this.path(entry))
        this.#entries.set(id, { ...entry, bytes: stat.size, mtimeMs: stat.mtimeMs })
      } catch {
        this.#entries.delete(id)
      }
    }
    this.#appended.clear()
    this.#dirty.clear()
    this.#changedList = false
    try {
      // A cache: not synced to disk (a lost or torn index is rebuilt from the logs).
      writePrivateFileSync(
        join(this.dataDir, INDEX_FILE),
        JSON.stringify({ v: 1, sessions: [...this.#entries.values()] }),
        { fsync: false },
      )
    } catch {
      // The index is a cache: failing to write it costs a rebuild at the next start, nothing else.
    }
  }
}
