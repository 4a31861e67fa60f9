import type { AttachmentRef } from '../../shared/attachments'
import type { BridgeCalls, BridgeOutput, BridgeParsedInput } from '../../shared/bridge'
import type { InteractionBroker } from './interactions/broker'
import { prepareAttachments } from './projects/message-attachments'
import type { SessionStore } from './session-store'
import { newId, type SessionState } from './sessions/session-state'
import type { TurnDriver } from './turn-drivers'

type Out<M extends keyof BridgeCalls> = Promise<BridgeOutput<M>>
type In<M extends keyof BridgeCalls> = BridgeParsedInput<M>

const AWAITING = {
  ok: false,
  reason: 'awaiting_input',
  message: 'the agent is waiting for your answer; answer or stop it first',
} as const

export interface ChatDeps {
  store: SessionStore
  broker: InteractionBroker
  driverFor(session: SessionState): TurnDriver
  closed(): boolean
}

/** The person's messages and turns: send (a new turn), stop, retry a failed one. */
export class Chat {
  constructor(private readonly deps: ChatDeps) {}

  async send({ sessionId, text, attachments = [] }: In<'send'>): Out<'send'> {
    const { store, broker } = this.deps
    const damaged = store.index.get(sessionId)?.damaged
    if (damaged) return { ok: false, reason: 'damaged', message: damaged }
    const session = store.session(sessionId)
    if (!session) return { ok: false, reason: 'not_found' }
    // Checked and stored before the turn checks below, which nothing may await after.
    const prepared = await prepareAttachments(attachments, {
      workspace: session.header.workspace,
      store: store.attachments(session),
    })
    if (!prepared.ok) return { ok: false, reason: 'attachment', message: prepared.message }
    if (broker.count(sessionId) > 0) return AWAITING
    if (session.turn)
      return {
        ok: false,
        reason: 'busy',
        message: 'a turn is already running in this session; stop it first',
      }
    if (this.deps.closed())
      return { ok: false, reason: 'busy', message: 'the runtime is shutting down' }
    return { ok: true, turnId: this.startTurn(session, text, prepared.refs) }
  }

  /** Records the person's message and starts the turn with the session's agent. */
  startTurn(session: SessionState, text: string, attachments: AttachmentRef[] = []): string {
    const turnId = newId('t')
    this.deps.store.recordMessage(session, turnId, text, attachments)
    this.deps.driverFor(session).start(session, turnId, text, attachments)
    return turnId
  }

  async stop({ sessionId }: In<'stop'>): Out<'stop'> {
    const session = this.deps.store.session(sessionId)
    if (!session) return { ok: false, reason: 'not_found' }
    if (!session.turn) return { ok: false, reason: 'not_running' }
    await this.deps.driverFor(session).end(session, 'stopped')
    return { ok: true }
  }

  /** Runs the model again from the log after a turn that failed: a new turn, no new message. */
  async retryTurn({ sessionId }: In<'retryTurn'>): Out<'retryTurn'> {
    const session = this.deps.store.session(sessionId)
    if (!session) return { ok: false, reason: 'not_found' }
    if (this.deps.broker.count(sessionId) > 0) return AWAITING
    if (session.turn || this.deps.closed())
      return { ok: false, reason: 'busy', message: 'a turn is already running in this session' }
    return this.deps.driverFor(session).retry(session)
  }
}
