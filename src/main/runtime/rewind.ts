import type { BridgeCalls, BridgeOutput, BridgeParsedInput } from '../../shared/bridge'
import type { SessionCheckpoints } from './checkpoints/session-checkpoints'
import type { InteractionBroker } from './interactions/broker'
import type { SessionStore } from './session-store'
import type { SessionState } from './sessions/session-state'
import type { TurnDriver } from './turn-drivers'

type Out<M extends keyof BridgeCalls> = Promise<BridgeOutput<M>>
type In<M extends keyof BridgeCalls> = BridgeParsedInput<M>

const CHECKPOINTS_OFF = 'checkpoints are turned off in this Parley'

export interface RewindDeps {
  /** Absent when checkpoints are turned off (and in headless `run`). */
  checkpoints: SessionCheckpoints | undefined
  store: SessionStore
  broker: InteractionBroker
  driverFor(session: SessionState): TurnDriver
  closed(): boolean
}

/** Checkpoints of each session's workspace per turn, and rewinding files or the conversation. */
export class Rewind {
  /** Checkpoints being taken, awaited before logs close. */
  readonly #taking = new Set<Promise<void>>()

  constructor(private readonly deps: RewindDeps) {}

  get enabled(): boolean {
    return this.deps.checkpoints !== undefined
  }

  /** Takes a turn's checkpoint (never failing the turn), tracked so logs close after it. */
  take(session: SessionState, turnId: string, moment: 'turn_start' | 'turn_end'): Promise<void> {
    const { checkpoints } = this.deps
    if (!checkpoints || this.deps.closed()) return Promise.resolve()
    const taking = checkpoints.atTurn(session, turnId, moment).catch(() => undefined)
    this.#taking.add(taking)
    void taking.then(() => this.#taking.delete(taking))
    return taking
  }

  /** Resolves once every checkpoint being taken is kept. */
  async settled(): Promise<void> {
    await Promise.all([...this.#taking])
  }

  forget(sessionId: string, workspace: string): void {
    void this.deps.checkpoints?.forget(sessionId, workspace)
  }

  async listCheckpoints({ sessionId }: In<'listCheckpoints'>): Out<'listCheckpoints'> {
    const session = this.deps.store.session(sessionId)
    if (!session) return { ok: false, reason: 'not_found' }
    return { ok: true, checkpoints: (await this.deps.checkpoints?.list(session)) ?? [] }
  }

  async previewCheckpoint({
    sessionId,
    turnId,
  }: In<'previewCheckpoint'>): Out<'previewCheckpoint'> {
    const session = this.deps.store.session(sessionId)
    if (!session) return { ok: false, reason: 'not_found' }
    if (session.turn) return { ok: false, reason: 'busy', message: 'a turn is running' }
    const { checkpoints } = this.deps
    if (!checkpoints) return { ok: false, reason: 'unavailable', message: CHECKPOINTS_OFF }
    const preview = await checkpoints.preview(session, turnId)
    if ('ok' in preview)
      return {
        ok: false,
        reason: preview.reason === 'not_found' ? 'not_found' : 'unavailable',
        message: preview.message,
      }
    return { ok: true, ...preview, conversation: this.deps.driverFor(session).canFork(session) }
  }

  /** Rewinds a session's files, its conversation (into a fork) or both, to before a turn. */
  async restoreCheckpoint({
    sessionId,
    turnId,
    restore,
    force,
  }: In<'restoreCheckpoint'>): Out<'restoreCheckpoint'> {
    const { store, checkpoints } = this.deps
    const session = store.session(sessionId)
    if (!session) return { ok: false, reason: 'not_found' }
    if (session.turn || this.deps.broker.count(sessionId) > 0 || this.deps.closed())
      return { ok: false, reason: 'busy', message: 'a turn is running: stop it first' }
    const conversation = restore !== 'files'
    if (conversation) {
      const can = this.deps.driverFor(session).canFork(session)
      if (!can.ok) return { ok: false, reason: 'unsupported', message: can.message }
      if (!session.events.some((e) => e.type === 'user_message' && e.turnId === turnId))
        return { ok: false, reason: 'not_found', message: 'no message opened that turn' }
    }
    let restoredFiles: string[] = []
    let notRestored: string[] = []
    if (restore !== 'conversation') {
      if (!checkpoints) return { ok: false, reason: 'unavailable', message: CHECKPOINTS_OFF }
      const result = await checkpoints.restoreFiles(session, turnId, force ?? false)
      if (!result.ok) return result
      restoredFiles = result.restoredFiles
      notRestored = result.leftAsIs
    }
    const fork = conversation ? store.fork(session, turnId) : sessionId
    if (fork === undefined) return { ok: false, reason: 'not_found' }
    if (conversation) await checkpoints?.copy(session, fork, store.session(fork)?.events ?? [])
    return {
      ok: true,
      sessionId: fork,
      restoredFiles,
      ...(notRestored.length > 0 ? { notRestored } : {}),
    }
  }
}
