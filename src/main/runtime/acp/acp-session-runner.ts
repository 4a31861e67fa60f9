import type { SessionEventOf } from '../../../shared/session-events'
import type { AgentCommand } from '../../../shared/acp-agents'
import type { LoadedAttachment } from '../projects/message-attachments'
import type { AgentAuthMethod } from './agent-auth'
import { AgentLife } from './agent-life'
import { AgentRequests } from './agent-requests'
import { AgentSettings } from './agent-settings'
import { AgentTurns, type StartTurnResult } from './agent-turn'
import { RunnerContext, type AcpSessionRunnerOptions, type RunnerResult } from './runner-context'

export type { AcpSessionRunnerOptions } from './runner-context'

/**
 * Runs one Parley session against one ACP agent (Claude Code, Codex, Gemini, goose, …): starts the
 * agent process on first use and keeps it for the session, opens (or, after a restart, continues)
 * the agent's own session, sends each user message as a prompt, records what the agent streams
 * back, and brings the agent's requests — permissions, forms, file reads and writes — to the
 * person through the interaction broker. Stop sends `session/cancel` and answers whatever the
 * agent still waits on as cancelled; an agent that dies ends the turn with the reason.
 *
 * Composed of its concerns, which share one RunnerContext: the agent's life (agent-life.ts), its
 * modes and config (agent-settings.ts), a turn (agent-turn.ts) and the agent's requests
 * (agent-requests.ts).
 */
export class AcpSessionRunner {
  readonly #c: RunnerContext
  readonly #life: AgentLife
  readonly #settings: AgentSettings
  readonly #turns: AgentTurns

  constructor(options: AcpSessionRunnerOptions) {
    const c = new RunnerContext(options)
    this.#c = c
    const requests = new AgentRequests(c)
    this.#settings = new AgentSettings(c, () => this.#life.ensureLive())
    this.#life = new AgentLife(c, requests.handlers, (live) => this.#settings.applyChoices(live))
    this.#turns = new AgentTurns(c, this.#life)
  }

  /** The agent's name as it named itself, else its Settings or preset name. */
  get agentName(): string {
    return this.#c.agentName
  }

  get running(): boolean {
    return this.#c.turn !== undefined
  }

  /** The end of what the agent wrote to stderr, for display (kept after it exits). */
  get stderr(): string {
    return this.#c.stderr
  }

  /** The agent's own slash commands as it last announced them (none until it does). */
  get commands(): readonly AgentCommand[] {
    return this.#c.commands
  }

  /** The agent's modes and the current one, for the mode picker (null until the agent said). */
  get modes(): SessionEventOf<'agent_modes'> | null {
    return this.#c.updates.modes
  }

  /** The agent's session config options as last reported (null until the agent said). */
  get config(): SessionEventOf<'agent_config'> | null {
    return this.#c.updates.config
  }

  /** The ways the agent offers to sign in (from `initialize`). */
  get authMethods(): readonly AgentAuthMethod[] {
    return this.#c.authMethods
  }

  /** Starts the agent (if it is not running) and opens its session, without a turn. */
  connect(): Promise<RunnerResult> {
    return this.#life.connect()
  }

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
    return this.#turns.startTurn(turnId, text, attachments)
  }

  /** Stop: see AgentTurns.stop (session/cancel, then at most `stopGraceMs` for the agent). */
  stop(): Promise<void> {
    return this.#turns.stop()
  }

  /**
   * Ends the agent and its process group. `shutdown` (the app quits): a running turn is left open
   * in the log, as Parley does for its own turns, and its requests stay for the next start, where
   * they show as no longer awaited. `removed`: the session is being deleted; nothing is written.
   */
  async close({ reason }: { reason: 'shutdown' | 'removed' }): Promise<void> {
    if (this.#c.closed) return
    this.#c.closed = true
    const turn = this.#c.turn
    const live = this.#c.live
    if (turn) turn.closing = reason
    this.#c.pending.goneAll()
    if (live && reason === 'removed') await this.#life.closeAgentSession(live)
    if (live) await this.#life.endProcess(live)
    if (turn) {
      turn.wake()
      await turn.done
    }
  }

  /** Changes the agent's mode (the mode picker), the way the agent offers it. */
  setMode(modeId: string): Promise<RunnerResult> {
    return this.#settings.setMode(modeId)
  }

  /** Sets one of the agent's session config options (`session/set_config_option`). */
  setConfigOption(configId: string, value: string): Promise<RunnerResult> {
    return this.#settings.setConfigOption(configId, value)
  }

  /** Signs in with one of the agent's methods (for a method the environment alone cannot satisfy). */
  authenticate(methodId: string): Promise<RunnerResult> {
    return this.#life.authenticate(methodId)
  }
}
