import { existsSync, rmSync, statSync } from 'node:fs'
import type {
  BridgeEvent,
  BridgeOutput,
  BridgeParsedInput,
  LogNotice,
  SessionSummary,
} from '../../shared/bridge'
import { pageOfEvents } from '../../shared/event-pages'
import type { AttachmentRef } from '../../shared/attachments'
import type { AgentRef, SessionEvent } from '../../shared/session-events'
import type { PermissionMode } from '../../shared/permission'
import { AttachmentStore, attachmentFolder } from './projects/attachment-store'
import { forkedHistory } from './sessions/fork-log'
import { entryFromLog, SessionIndex, summaryFromEntry } from './sessions/session-index'
import { readSessionLog } from './sessions/session-log'
import { newId, sessionPath, stateFromEvents, type SessionState } from './sessions/session-state'
import { SessionTextIndex } from './sessions/session-text-index'

/**
 * Until the first message names it. Not "New session": that is the name of the button that makes
 * one, and a session's Rename and Delete buttons carry its title.
 */
export const DEFAULT_TITLE = 'Untitled'

/** A title from the first line of the first message. */
function titleFrom(text: string): string {
  const line = text.trim().split('\n')[0] ?? ''
  return line.length > 60 ? `${line.slice(0, 57)}…` : line || DEFAULT_TITLE
}

/** What a new session is made of, once its folder and agent are settled (see NewSessions). */
export interface NewSession {
  workspace: string
  title?: string | undefined
  mode: PermissionMode
  backend: string
  agent: AgentRef | undefined
}

export interface SessionStoreDeps {
  dataDir: string
  now(): number
  emit(event: BridgeEvent): void
  /** Heard after a record is kept and before the UIs are told (the end checkpoint's hold). */
  recorded(session: SessionState, event: SessionEvent): void
  /** Requests of agents and servers from an earlier run found open in a log read now. */
  restoreOrphans(session: SessionState): void
  /** How many requests wait in a session. */
  pendingCount(sessionId: string): number
  /** What only the session's turn driver knows for its summary (agent modes, usage, …). */
  driverSummary(session: SessionState): Partial<SessionSummary>
}

/**
 * The sessions: the index of every log on disk, the ones read into memory, and their records.
 * The only writer of `session`, `session_update`, `user_message` and `session_forked`; every
 * other record reaches a log through `record`.
 */
export class SessionStore {
  /** Sessions read into memory (on open, on use, or at start-up to recover an open turn). */
  readonly #sessions = new Map<string, SessionState>()
  /** Sessions created but not written yet: a session is saved at its first record, not before. */
  readonly #unsaved = new Set<string>()
  /** What sessions said, for the sidebar's search over content. */
  readonly texts = new SessionTextIndex((sessionId) => {
    const live = this.#sessions.get(sessionId)
    if (live) return live.events
    const entry = this.#index.get(sessionId)
    if (!entry || entry.damaged) return null
    try {
      return readSessionLog(this.#index.path(entry)).events
    } catch {
      return null
    }
  })
  /** Every session on disk, listed without reading its log. */
  #index!: SessionIndex

  constructor(private readonly deps: SessionStoreDeps) {}

  /** Lists the logs on disk; returns the start-up problems (unreadable files). */
  load(): string[] {
    const { index, problems } = SessionIndex.load(this.deps.dataDir)
    this.#index = index
    return problems
  }

  get index(): SessionIndex {
    return this.#index
  }

  /** The sessions in memory. */
  loaded(): SessionState[] {
    return [...this.#sessions.values()]
  }

  /** Whether `session` is still the one in memory (not removed meanwhile). */
  isCurrent(session: SessionState): boolean {
    return this.#sessions.get(session.header.id) === session
  }

  /**
   * The session in memory, read from its log the first time it is needed; requests of agents and
   * servers from an earlier run found open in it are shown again, orphaned.
   */
  session(sessionId: string): SessionState | undefined {
    const loaded = this.#sessions.get(sessionId)
    if (loaded) return loaded
    const entry = this.#index.get(sessionId)
    if (!entry || entry.damaged) return undefined
    const path = this.#index.path(entry)
    const { events, notices } = readSessionLog(path)
    const session = stateFromEvents(path, events, notices)
    if (!session) return undefined
    this.#sessions.set(sessionId, session)
    this.deps.restoreOrphans(session)
    return session
  }

  /** A session's title as lists show it, whether or not it is in memory. */
  title(sessionId: string): string {
    return this.session(sessionId)?.title ?? this.#index.get(sessionId)?.title ?? DEFAULT_TITLE
  }

  record(session: SessionState, event: SessionEvent, sync = false): void {
    this.#save(session)
    session.writer.append(event, { sync })
    this.#index.recorded(session.header.id, event)
    this.texts.recorded(session.header.id, event)
    session.events.push(event)
    this.deps.recorded(session, event)
    this.deps.emit({ type: 'session_event', sessionId: session.header.id, event })
  }

  /** Writes the header of a session created in memory (its first message is about to be). */
  #save(session: SessionState): void {
    if (!this.#unsaved.delete(session.header.id)) return
    const header = { ...session.header, title: session.title, mode: session.mode }
    session.header = header
    session.events[0] = header
    session.writer.append(header, { sync: true })
    this.#index.add(entryFromLog(`${header.id}.jsonl`, [header], { bytes: 0, mtimeMs: 0 }))
  }

  /** Tells the UIs a session's summary changed (unless it was removed meanwhile). */
  touch(session: SessionState): void {
    if (!this.isCurrent(session)) return
    const summary = this.summary(session.header.id)
    this.deps.emit({ type: 'session_changed', sessionId: session.header.id, session: summary })
  }

  /**
   * A session's line in the list: from the index (a session not read yet) or from memory (one
   * not saved yet), with what only the running process knows (running, pending, agent modes).
   */
  summary(sessionId: string): SessionSummary {
    const session = this.session(sessionId)
    const entry =
      this.#index.get(sessionId) ??
      (session
        ? entryFromLog(
            `${sessionId}.jsonl`,
            [{ ...session.header, title: session.title, mode: session.mode }],
            { bytes: 0, mtimeMs: 0 },
          )
        : undefined)
    if (!entry) throw new Error(`no session ${sessionId}`)
    const summary = summaryFromEntry(entry, {
      running: session?.turn !== undefined,
      pendingCount: this.deps.pendingCount(sessionId),
    })
    return session ? { ...summary, ...this.deps.driverSummary(session) } : summary
  }

  list(): SessionSummary[] {
    const ids = new Set([...[...this.#index.entries()].map((e) => e.id), ...this.#unsaved])
    return [...ids].map((id) => this.summary(id)).sort((a, b) => b.updatedAt - a.updatedAt)
  }

  /** A new session in memory; it is written with its first message, so an empty one leaves nothing. */
  create(made: NewSession): SessionState {
    const id = newId('s')
    const header: SessionEvent = {
      type: 'session',
      v: 1,
      id,
      createdAt: this.deps.now(),
      title: made.title ?? DEFAULT_TITLE,
      workspace: made.workspace,
      backend: made.backend,
      mode: made.mode,
      ...(made.agent ? { agent: made.agent } : {}),
    }
    const session = stateFromEvents(
      sessionPath(this.deps.dataDir, id),
      [header],
      [],
    ) as SessionState
    this.#unsaved.add(id)
    this.#sessions.set(id, session)
    this.touch(session)
    return session
  }

  /** Whether `workspace` is a folder a session can work in; the message when it is not. */
  static folderProblem(workspace: string): string | undefined {
    return existsSync(workspace) && statSync(workspace).isDirectory()
      ? undefined
      : `${workspace} is not a folder`
  }

  open(
    { sessionId, limit }: BridgeParsedInput<'openSession'>,
    notices: (session: SessionState) => LogNotice[],
    /** What waits in the session, asked once it is read (its orphans restored). */
    pending: (sessionId: string) => BridgeOutput<'listPending'>,
  ): BridgeOutput<'openSession'> {
    const entry = this.#index.get(sessionId)
    if (entry?.damaged) {
      // Listed so it is never silently gone; opened to show what is wrong and what could be read.
      const { events, notices: read } = readSessionLog(this.#index.path(entry))
      return {
        ok: true,
        session: this.summary(sessionId),
        ...pageOfEvents(events, { limit }),
        total: events.length,
        pending: [],
        notices: [{ offset: 0, message: entry.damaged }, ...read],
      }
    }
    const session = this.session(sessionId)
    if (!session) return { ok: false, reason: 'not_found' }
    return {
      ok: true,
      session: this.summary(sessionId),
      ...pageOfEvents(session.events, { limit }),
      total: session.events.length,
      pending: pending(sessionId),
      notices: notices(session),
    }
  }

  loadOlder({
    sessionId,
    before,
    limit,
  }: BridgeParsedInput<'loadOlderEvents'>): BridgeOutput<'loadOlderEvents'> {
    const entry = this.#index.get(sessionId)
    if (entry?.damaged)
      return {
        ok: true,
        ...pageOfEvents(readSessionLog(this.#index.path(entry)).events, { before, limit }),
      }
    const session = this.session(sessionId)
    if (!session) return { ok: false, reason: 'not_found' }
    return { ok: true, ...pageOfEvents(session.events, { before, limit }) }
  }

  /** Gives a session a title: the person's (Rename) or its agent's (`by: 'agent'`). */
  retitle(session: SessionState, title: string, by?: 'agent'): void {
    session.title = title
    if (!this.#unsaved.has(session.header.id)) {
      const update = { type: 'session_update' as const, at: this.deps.now(), title }
      this.record(session, by ? { ...update, by } : update)
    }
    this.touch(session)
  }

  /** Changes a session's permission mode; false when it had that mode already. */
  setMode(session: SessionState, mode: PermissionMode): boolean {
    if (session.mode === mode) return false
    session.mode = mode
    if (!this.#unsaved.has(session.header.id))
      this.record(session, { type: 'session_update', at: this.deps.now(), mode })
    this.touch(session)
    return true
  }

  /** Records the person's message that opens turn `turnId` (titling an untitled session by it). */
  recordMessage(
    session: SessionState,
    turnId: string,
    text: string,
    attachments: readonly AttachmentRef[],
  ): void {
    // The header goes down as the session stood before this message; its title follows.
    this.#save(session)
    if (session.title === DEFAULT_TITLE && !session.events.some((e) => e.type === 'user_message')) {
      session.title = titleFrom(text)
      this.record(session, { type: 'session_update', at: this.deps.now(), title: session.title })
    }
    this.record(session, {
      type: 'user_message',
      at: this.deps.now(),
      turnId,
      text,
      ...(attachments.length > 0 ? { attachments: [...attachments] } : {}),
    })
  }

  /** Where the copies of a session's attachments are kept (beside its log). */
  attachments(session: SessionState): AttachmentStore {
    return new AttachmentStore(attachmentFolder(session.writer.path))
  }

  /**
   * Forgets a session: out of memory, its log and attachments deleted (a damaged log too: the
   * person asked, and nothing else could use it). Its turn was ended before.
   */
  remove(sessionId: string): { workspace: string | undefined } {
    const entry = this.#index.get(sessionId)
    const session = this.#sessions.get(sessionId)
    if (session) {
      this.#sessions.delete(sessionId)
      this.#unsaved.delete(sessionId)
      session.writer.close()
    }
    const path = session?.writer.path ?? (entry ? this.#index.path(entry) : undefined)
    if (path) {
      rmSync(path, { force: true })
      new AttachmentStore(attachmentFolder(path)).remove()
    }
    this.#index.remove(sessionId)
    this.texts.forget(sessionId)
    this.deps.emit({ type: 'session_changed', sessionId, session: null })
    return { workspace: session?.header.workspace ?? entry?.workspace }
  }

  /**
   * A new session with `session`'s history before `turnId`'s message; the original is not
   * changed but for a `session_forked` record saying where it went on.
   */
  fork(session: SessionState, turnId: string): string | undefined {
    const id = newId('s')
    const title = `${session.title} (rewound)`.slice(0, 200)
    const { forkOf: _origin, ...header } = session.header
    const history = forkedHistory(session.events, turnId, {
      ...header,
      id,
      createdAt: this.deps.now(),
      title,
      mode: session.mode,
    })
    if (!history) return undefined
    history.push({ type: 'session_update', at: this.deps.now(), title, mode: session.mode })
    const fork = stateFromEvents(sessionPath(this.deps.dataDir, id), history, [])
    if (!fork) return undefined
    // The fork's messages name their attachments by hash: it gets its own copies of them.
    this.attachments(session).copyTo(this.attachments(fork))
    history.forEach((event, i) => fork.writer.append(event, { sync: i === history.length - 1 }))
    this.#index.add(entryFromLog(`${id}.jsonl`, history, { bytes: 0, mtimeMs: 0 }))
    this.#sessions.set(id, fork)
    this.record(session, { type: 'session_forked', at: this.deps.now(), turnId, forkId: id }, true)
    this.touch(fork)
    return id
  }

  /** Closes every log (after every turn was ended). */
  close(): void {
    for (const session of this.#sessions.values()) session.writer.close()
    this.#index.flush()
  }
}
