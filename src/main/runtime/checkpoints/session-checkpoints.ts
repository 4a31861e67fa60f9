import {
  CHANGED_FILES_SHOWN,
  type CheckpointSummary,
  type RewindFile,
  type RewindPreview,
} from '../../../shared/checkpoints'
import type { CheckpointSkip, SessionEvent } from '../../../shared/session-events'
import { errorMessage } from '../../../shared/plain-error'
import type { SessionState } from '../sessions/session-state'
import {
  CheckpointStore,
  type CheckpointLimits,
  type FileChange,
  type StoreFailure,
} from './checkpoint-store'
import { handChangeWindows, restorePoint, type CheckpointRecord } from './rewind-plan'

export interface SessionCheckpointsDeps {
  dataDir: string
  record(session: SessionState, event: SessionEvent, sync?: boolean): void
  now(): number
  newId(prefix: string): string
  /** The git program (tests point it at one that is missing). */
  git?: string
  limits?: CheckpointLimits
}

/** Text shown in a rewind's diff, per side, at most. */
const SHOWN_BYTES = 256 * 1024

export type RewindFailure =
  | { ok: false; reason: 'not_found' | 'unavailable'; message: string }
  | { ok: false; reason: 'conflict'; message: string; files: string[] }

/** A rewind worked out: what changes, what conflicts, and what is left as it is. */
interface Plan {
  store: CheckpointStore
  target: CheckpointRecord & { tree: string }
  present: string
  presentSkipped: CheckpointSkip[]
  changes: FileChange[]
  conflicts: Set<string>
  leftAsIs: CheckpointSkip[]
}

const isFailure = (value: unknown): value is StoreFailure =>
  typeof value === 'object' && value !== null && 'ok' in value && value.ok === false

function unavailable(failure: StoreFailure): RewindFailure {
  return { ok: false, reason: 'unavailable', message: failure.message }
}

/** Text for a diff, or why there is none. */
function shown(content: Buffer | undefined): Pick<RewindFile, 'hidden'> & { text: string | null } {
  if (content === undefined) return { text: null }
  if (content.length > SHOWN_BYTES) return { text: null, hidden: 'too_large' }
  if (content.includes(0)) return { text: null, hidden: 'binary' }
  return { text: content.toString('utf8') }
}

/**
 * Every session's checkpoints: one store per workspace (sessions in one folder share it and its
 * content), a `checkpoint` record in the session's log for each one taken (this module is that
 * record's one writer), and the rewinds worked out from those records.
 */
export class SessionCheckpoints {
  readonly #stores = new Map<string, CheckpointStore>()
  /** Files each pair of trees differs in, as compared once (trees never change). */
  readonly #compared = new Map<string, string[]>()

  constructor(private readonly deps: SessionCheckpointsDeps) {}

  #store(workspace: string): CheckpointStore {
    const known = this.#stores.get(workspace)
    if (known) return known
    const store = new CheckpointStore({
      dataDir: this.deps.dataDir,
      workspace,
      ...(this.deps.git ? { git: this.deps.git } : {}),
      ...(this.deps.limits ? { limits: this.deps.limits } : {}),
    })
    this.#stores.set(workspace, store)
    return store
  }

  /**
   * Takes a checkpoint for a turn: at its start, recorded in the log; at its end, kept in the
   * store only (nothing follows a `turn_end` in the log). Never fails the turn: a start checkpoint
   * that cannot be taken is recorded with why (the transcript says it).
   */
  async atTurn(
    session: SessionState,
    turnId: string,
    moment: 'turn_start' | 'turn_end',
  ): Promise<void> {
    const store = this.#store(session.header.workspace)
    const taken = await store
      .take({ sessionId: session.header.id, name: `${turnId}-${moment}` })
      .catch((error: unknown) => ({ ok: false as const, message: errorMessage(error) }))
    if (moment === 'turn_end') return
    const base = { type: 'checkpoint' as const, at: this.deps.now(), turnId, moment }
    if (!taken.ok) {
      this.deps.record(session, { ...base, failure: taken.message.slice(0, 4_000) })
      return
    }
    this.deps.record(session, {
      ...base,
      tree: taken.tree,
      ...(taken.skipped.length > 0 ? { skipped: taken.skipped } : {}),
    })
  }

  /** What each turn from `records` left the files as (its end, kept in the store). */
  async #ends(
    store: CheckpointStore,
    sessionId: string,
    records: readonly CheckpointRecord[],
  ): Promise<Map<string, string>> {
    const ends = new Map<string, string>()
    for (const record of records) {
      if (record.moment !== 'turn_start') continue
      const end = await store.kept(sessionId, `${record.turnId}-turn_end`)
      if (end !== undefined) ends.set(record.turnId, end)
    }
    return ends
  }

  async #changed(store: CheckpointStore, from: string, to: string): Promise<string[]> {
    const key = `${from}:${to}`
    const known = this.#compared.get(key)
    if (known) return known
    const paths = await store.changedPaths(from, to)
    if (isFailure(paths)) return []
    this.#compared.set(key, paths)
    return paths
  }

  /** The session's turns that have a checkpoint, oldest first, each with the files it changed. */
  async list(session: SessionState): Promise<CheckpointSummary[]> {
    const store = this.#store(session.header.workspace)
    const summaries: CheckpointSummary[] = []
    for (const event of session.events) {
      if (event.type !== 'user_message') continue
      const start = restorePoint(session.events, event.turnId)
      if (!start) continue
      const end = await store.kept(session.header.id, `${event.turnId}-turn_end`)
      const changed = end ? await this.#changed(store, start.tree, end) : []
      summaries.push({
        turnId: event.turnId,
        messageText: event.text,
        createdAt: start.at,
        changedFiles: changed.slice(0, CHANGED_FILES_SHOWN),
      })
    }
    return summaries
  }

  /** Works out a rewind of the files to `turnId`'s checkpoint, against a checkpoint of the present. */
  async #plan(session: SessionState, turnId: string): Promise<Plan | RewindFailure> {
    const target = restorePoint(session.events, turnId)
    if (!target)
      return { ok: false, reason: 'not_found', message: 'there is no checkpoint for that turn' }
    const store = this.#store(session.header.workspace)
    const now = await store.take()
    if (!now.ok) return unavailable(now)
    const all = await store.changes(now.tree, target.tree)
    if (isFailure(all)) return unavailable(all)
    const skippedThen = new Map((target.skipped ?? []).map((s) => [s.path, s]))
    const skippedNow = new Map(now.skipped.map((s) => [s.path, s]))
    // A file not kept then is left as it is: the checkpoint does not know what it was.
    const changes = all.filter((c) => !(c.change === 'removed' && skippedThen.has(c.path)))
    const byHand = new Set<string>()
    const records = session.events.filter((e) => e.type === 'checkpoint')
    const ends = await this.#ends(store, session.header.id, records)
    const { windows, last, unknown } = handChangeWindows(session.events, target, ends)
    if (last !== undefined) windows.push([last, now.tree])
    for (const [from, to] of windows)
      for (const path of await this.#changed(store, from, to)) byHand.add(path)
    // Where a stretch cannot be told apart, every change is shown as one to confirm.
    const conflicts = new Set(
      changes
        .filter(
          (c) =>
            unknown || byHand.has(c.path) || (c.change === 'recreated' && skippedNow.has(c.path)),
        )
        .map((c) => c.path),
    )
    const changing = new Set(changes.map((c) => c.path))
    return {
      store,
      target,
      present: now.tree,
      presentSkipped: now.skipped,
      changes,
      conflicts,
      leftAsIs: [
        ...[...skippedThen.values()].filter((s) => !changing.has(s.path)),
        ...now.skipped.filter((s) => !changing.has(s.path) && !skippedThen.has(s.path)),
      ].slice(0, 2_000),
    }
  }

  /** What rewinding the files to `turnId` would change, with both sides of each file. */
  async preview(
    session: SessionState,
    turnId: string,
  ): Promise<Omit<RewindPreview, 'conversation'> | RewindFailure> {
    const plan = await this.#plan(session, turnId)
    if ('ok' in plan) return plan
    const shas = plan.changes
      .flatMap((c) => [c.blob?.sha, c.present?.sha])
      .filter((s): s is string => s !== undefined)
    const blobs = await plan.store.blobs(shas)
    if (isFailure(blobs)) return unavailable(blobs)
    const files = plan.changes.slice(0, 5_000).map((c): RewindFile => {
      const now = shown(c.present ? blobs.get(c.present.sha) : undefined)
      const then = shown(c.blob ? blobs.get(c.blob.sha) : undefined)
      const hidden = now.hidden ?? then.hidden
      return {
        path: c.path,
        change: c.change,
        conflict: plan.conflicts.has(c.path),
        now: now.text,
        then: then.text,
        ...(hidden ? { hidden } : {}),
      }
    })
    return { files, leftAsIs: plan.leftAsIs }
  }

  /**
   * Rewinds the files to `turnId`'s checkpoint. Files changed by hand since are refused as a
   * conflict unless `force`. The present is checkpointed first (a `rewind` record), so the
   * rewind can itself be undone by restoring that record's id.
   */
  async restoreFiles(
    session: SessionState,
    turnId: string,
    force: boolean,
  ): Promise<{ ok: true; restoredFiles: string[]; leftAsIs: string[] } | RewindFailure> {
    const plan = await this.#plan(session, turnId)
    if ('ok' in plan) return plan
    if (plan.conflicts.size > 0 && !force)
      return {
        ok: false,
        reason: 'conflict',
        message: `changed since that turn by someone other than this session: ${[...plan.conflicts].join(', ')}`,
        files: [...plan.conflicts],
      }
    const id = this.deps.newId('k')
    await plan.store.keep(session.header.id, `${id}-rewind`, plan.present)
    this.deps.record(
      session,
      {
        type: 'checkpoint',
        at: this.deps.now(),
        turnId: id,
        moment: 'rewind',
        tree: plan.present,
        ...(plan.presentSkipped.length > 0 ? { skipped: plan.presentSkipped } : {}),
        rewindTo: { turnId, tree: plan.target.tree },
      },
      true,
    )
    const applied = await plan.store.apply(plan.changes)
    if (isFailure(applied)) return unavailable(applied)
    return { ok: true, restoredFiles: applied.restored, leftAsIs: applied.refused }
  }

  /** A fork keeps the checkpoints it copied from its session's log, under its own name. */
  async copy(from: SessionState, forkId: string, copied: readonly SessionEvent[]): Promise<void> {
    const store = this.#store(from.header.workspace)
    for (const event of copied) {
      if (event.type !== 'checkpoint' || event.tree === undefined) continue
      await store.keep(forkId, `${event.turnId}-${event.moment}`, event.tree)
      const end = await store.kept(from.header.id, `${event.turnId}-turn_end`)
      if (end !== undefined) await store.keep(forkId, `${event.turnId}-turn_end`, end)
    }
  }

  /** A removed session's checkpoints go; content another session keeps stays. */
  async forget(sessionId: string, workspace: string): Promise<void> {
    await this.#store(workspace)
      .forget(sessionId)
      .catch(() => undefined)
  }
}
