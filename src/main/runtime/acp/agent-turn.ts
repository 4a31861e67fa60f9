import { RequestError } from '@agentclientprotocol/sdk'
import { errorMessage } from '../../../shared/plain-error'
import type { LoadedAttachment } from '../projects/message-attachments'
import { turnEndRecord } from '../sessions/turn-records'
import { AUTH_REQUIRED, AgentAuthRequiredError } from './agent-auth'
import type { AgentLife } from './agent-life'
import { agentEnvironment } from './agent-process'
import { promptBlocks } from './prompt-blocks'
import type { Live, RunnerContext, TurnRun } from './runner-context'
import { settleToolCalls } from './session-update-records'
import { startTurn } from './update-state'
import { signInBody, signInChoice, withheldHint, type SignInContext } from './sign-in-request'
import {
  errorOutcome,
  exitOutcome,
  outcomeOfStop,
  startFailure,
  type TurnOutcome,
} from './turn-outcomes'

export type StartTurnResult =
  { ok: true; done: Promise<void> } | { ok: false; reason: 'busy' | 'closed'; message: string }

/** How many times one turn asks the person to sign in before it ends with the agent's error. */
const SIGN_IN_TRIES = 5

/**
 * One turn with the agent: the person's message sent as a prompt (after signing in, when the
 * agent asks for it, through the tray), the prompt's outcome, and the turn's end — the agent's
 * unfinished calls settled, what it waits on answered, and the `turn_end` written.
 */
export class AgentTurns {
  constructor(
    private readonly c: RunnerContext,
    private readonly life: AgentLife,
  ) {}

  /**
   * Sends a user message, already recorded as `user_message` of turn `turnId`, to the agent. The
   * turn runs until the agent answers the prompt, the person stops it, or the agent dies; `done`
   * resolves once its `turn_end` is written.
   */
  startTurn(
    turnId: string,
    text: string,
    attachments: readonly LoadedAttachment[] = [],
  ): StartTurnResult {
    if (this.c.closed) return { ok: false, reason: 'closed', message: 'the session is closed' }
    if (this.c.turn) {
      return { ok: false, reason: 'busy', message: 'a turn is already running in this session' }
    }
    let wake!: () => void
    const woken = new Promise<void>((resolve) => (wake = resolve))
    const turn: TurnRun = {
      id: turnId,
      stopRequested: false,
      closing: undefined,
      wake,
      woken,
      done: Promise.resolve(),
    }
    this.c.turn = turn
    this.c.lastExit = undefined
    this.c.updates = startTurn(this.c.updates, turnId)
    this.c.o.emit({ type: 'turn_started', sessionId: this.c.o.sessionId, turnId })
    this.c.o.touch?.()
    turn.done = this.#runTurn(turn, text, attachments)
    return { ok: true, done: turn.done }
  }

  async #runTurn(
    turn: TurnRun,
    text: string,
    attachments: readonly LoadedAttachment[],
  ): Promise<void> {
    let outcome: TurnOutcome
    let failure: string | undefined
    for (let attempt = 1; ; attempt++) {
      try {
        outcome = await this.#prompt(turn, text, attachments)
      } catch (error) {
        outcome = errorOutcome(this.c, error)
      }
      const { signIn } = outcome
      if (!signIn || !this.c.o.interactive || attempt > SIGN_IN_TRIES) break
      if (turn.stopRequested || turn.closing) break
      const next = await this.#askSignIn(turn, signIn, attempt, failure)
      // Stopped (or closed) while the tray asked: the turn ends as stopped, not as failed.
      if (turn.stopRequested || turn.closing) {
        outcome = { reason: 'stopped' }
        break
      }
      if (next.kind === 'give_up') break
      failure = next.failure
    }
    const hint = outcome.signIn ? withheldHint(this.#signInContext(), this.c.o.interactive) : ''
    this.#finish(
      turn,
      hint ? { ...outcome, error: `${outcome.error ?? ''}\n${hint}`.trim() } : outcome,
    )
  }

  /** What the sign-in tray and its hints are built from: the agent, its methods, both envs. */
  #signInContext(): SignInContext {
    const parleyEnv = this.c.o.env ?? process.env
    return {
      agent: this.c.o.agent.name,
      command: this.c.o.agent.command,
      args: this.c.o.agent.args,
      methods: this.c.authMethods,
      parleyEnv,
      agentEnv: agentEnvironment(parleyEnv, this.c.agentSpec().env),
    }
  }

  /**
   * "Authentication required": asks the person in the tray how to sign in, and does it —
   * `authenticate` with one of the agent's methods, or the agent restarted with a variable the
   * person gave it or after they ran its terminal login. `retry`: the prompt is sent again.
   */
  async #askSignIn(
    turn: TurnRun,
    error: AgentAuthRequiredError,
    attempt: number,
    failure: string | undefined,
  ): Promise<{ kind: 'retry'; failure?: string } | { kind: 'give_up' }> {
    const context = this.#signInContext()
    const { parleyEnv } = context
    const body = signInBody({
      ...context,
      // Without a keyring there is nowhere to keep a key given: none is offered.
      parleyEnv: this.c.o.keyring ? parleyEnv : {},
      agentMessage: error.agentMessage,
      ...(failure !== undefined ? { failure } : {}),
    })
    const outcome = await this.c.o.asker.ask({
      sessionId: this.c.o.sessionId,
      turnId: turn.id,
      source: this.c.source(`sign-in-${turn.id}-${attempt}`),
      body,
    })
    if (outcome.kind !== 'answered') return { kind: 'give_up' }
    const choice = signInChoice(body, outcome.value.optionId)
    switch (choice.kind) {
      case 'not_now':
        return { kind: 'give_up' }
      case 'authenticate': {
        const live = this.c.live
        if (!live) return { kind: 'retry' }
        try {
          await this.c.whileAlive(live, live.connection.authenticate(choice.methodId))
          return { kind: 'retry' }
        } catch (cause) {
          return { kind: 'retry', failure: errorMessage(cause) }
        }
      }
      case 'give_env': {
        const value = parleyEnv[choice.variable]
        if (!this.c.o.keyring || !value) return { kind: 'give_up' }
        await this.c.o.keyring.give(choice.variable, value)
        await this.life.restartProcess()
        return { kind: 'retry' }
      }
      case 'signed_in':
        // A terminal login writes the agent's own credentials: a new process reads them.
        await this.life.restartProcess()
        return { kind: 'retry' }
    }
  }

  async #prompt(
    turn: TurnRun,
    text: string,
    attachments: readonly LoadedAttachment[],
  ): Promise<TurnOutcome> {
    let live: Live | undefined
    try {
      live = await Promise.race([this.life.ensureLive(), turn.woken.then(() => undefined)])
    } catch (error) {
      return startFailure(this.c, error)
    }
    if (!live || turn.stopRequested || turn.closing) return this.#interrupted(turn)
    const sessionId = live.agentSessionId as string
    const answer = await Promise.race([
      live.connection
        .prompt(
          sessionId,
          promptBlocks(text, attachments, {
            workspace: this.c.o.workspace,
            capabilities: live.hello?.capabilities.promptCapabilities,
          }),
        )
        .then(
          (response) => ({ kind: 'answer' as const, response }),
          (error: unknown) => ({ kind: 'failed' as const, error }),
        ),
      live.exit.then((exit) => ({ kind: 'exit' as const, exit })),
      turn.woken.then(() => ({ kind: 'woken' as const })),
    ])
    switch (answer.kind) {
      case 'answer':
        return turn.closing
          ? { reason: 'stopped' }
          : outcomeOfStop(this.c.agentName, answer.response.stopReason, turn.stopRequested)
      case 'failed':
        if (turn.stopRequested || turn.closing) return { reason: 'stopped' }
        if (live.connection.signal.aborted) return exitOutcome(this.c, await live.exit)
        // Claude Code's adapter says so only when prompted.
        if (answer.error instanceof RequestError && answer.error.code === AUTH_REQUIRED) {
          return errorOutcome(
            this.c,
            new AgentAuthRequiredError(this.c.agentName, this.c.authMethods, answer.error.message),
          )
        }
        return errorOutcome(this.c, answer.error)
      case 'exit':
        return turn.stopRequested || turn.closing
          ? { reason: 'stopped' }
          : exitOutcome(this.c, answer.exit)
      case 'woken':
        return this.#interrupted(turn)
    }
  }

  /** The turn was woken before the agent answered: by Stop (after the grace), close, or the agent's death. */
  #interrupted(turn: TurnRun): TurnOutcome {
    if (turn.stopRequested || turn.closing) return { reason: 'stopped' }
    return this.c.lastExit
      ? exitOutcome(this.c, this.c.lastExit)
      : { reason: 'error', error: `${this.c.agentName} is no longer running`, errorKind: 'other' }
  }

  #finish(turn: TurnRun, outcome: TurnOutcome): void {
    this.c.flushText()
    // Whatever the agent still waits on is answered now (permissions: cancelled).
    this.c.pending.endAll()
    this.c.grants.clear()
    // Calls the agent left unfinished end with the turn, unless the app is quitting (the turn
    // stays open in the log then, as Parley's own do) or the session is being removed.
    if (turn.closing === undefined) {
      const others = outcome.reason === 'error' ? 'failed' : 'cancelled'
      this.c.apply(settleToolCalls(this.c.updates, others, this.c.now()))
    }
    this.c.turn = undefined
    this.c.updates = { ...this.c.updates, turnId: null, open: null }
    if (turn.closing === 'removed') return
    if (turn.closing !== 'shutdown') {
      const { error, errorKind = 'other', errorDetail } = outcome
      const failure = error !== undefined ? { error, errorKind, errorDetail } : undefined
      this.c.record(turnEndRecord(this.c.now(), turn.id, outcome.reason, failure), true)
    }
    this.c.o.touch?.()
  }

  /**
   * Stop: answers everything the agent waits on as cancelled, sends `session/cancel`, and waits for
   * the agent to end its prompt — at most `stopGraceMs` (5 s), then the turn ends without it.
   */
  async stop(): Promise<void> {
    const turn = this.c.turn
    if (!turn) return
    turn.stopRequested = true
    const live = this.c.live
    const cancelled =
      live?.agentSessionId !== undefined
        ? live.connection.cancel(live.agentSessionId).catch(() => {})
        : Promise.resolve()
    // ACP: after session/cancel the client answers every pending permission request `cancelled`.
    this.c.pending.endAll()
    await cancelled
    // Still starting (no session to cancel yet): nothing to wait for.
    if (live?.agentSessionId === undefined) turn.wake()
    const setTimer = this.c.o.setTimer ?? ((fn: () => void, ms: number) => setTimeout(fn, ms))
    const clearTimer = this.c.o.clearTimer ?? ((t: unknown) => clearTimeout(t as NodeJS.Timeout))
    const timer = setTimer(() => turn.wake(), this.c.o.stopGraceMs ?? 5_000)
    await turn.done
    clearTimer(timer)
  }
}
