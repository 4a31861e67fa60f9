import type * as acp from '@agentclientprotocol/sdk'
import type { AgentSpec } from '../../../shared/acp-agents'
import type { BridgeEvent, SessionSummary } from '../../../shared/bridge'
import type { AgentRef, SessionEvent, SessionEventOf } from '../../../shared/session-events'
import type { ParkedRequests } from '../interactions/parked-requests'
import type { InteractionAsker } from '../interactions/asker'
import type { SessionState } from '../sessions/session-state'
import type { LoadedAttachment } from '../projects/message-attachments'
import type { PidIsolation } from '../sandbox/private-pids'
import { Turn } from '../sessions/turn'
import { AcpSessionRunner } from './acp-session-runner'
import type { AgentKeyring } from './agent-keyring'
import { agentTitle } from './agent-title'
import { modeConfigId } from './mode-config-records'
import { turnEndRecord } from '../sessions/turn-records'

export interface AgentSessionsDeps {
  asker: InteractionAsker
  parked: ParkedRequests
  interactive: boolean
  record(session: SessionState, event: SessionEvent, sync?: boolean): void
  emit(event: BridgeEvent): void
  touch(session: SessionState): void
  /** Gives the session a title its agent chose (the session store writes it). */
  retitle(session: SessionState, title: string): void
  /** The named agents in Settings: a session's agent gets its `env` from there, by id. */
  agents(): readonly AgentSpec[]
  /** MCP servers to hand the agent in `session/new` (its workspace's approved ones). */
  mcpServers(workspace: string): Promise<acp.McpServer[]>
  /** The variables the person gave an agent from the sign-in tray (the secret store). */
  keyring?(agent: AgentSpec): AgentKeyring
  /** Whether agents start in a private PID namespace (found once per runtime). */
  pidIsolation?: () => Promise<PidIsolation>
  /** Awaited before the agent is sent a turn's prompt (the workspace's checkpoint); never rejects. */
  beforeTurn?(session: SessionState, turnId: string): Promise<void>
  now(): number
}

/** The newest record of a type in a session's log. */
function newest<T extends SessionEvent['type']>(
  events: readonly SessionEvent[],
  type: T,
): SessionEventOf<T> | undefined {
  for (let i = events.length - 1; i >= 0; i--) {
    const event = events[i]
    if (event?.type === type) return event as SessionEventOf<T>
  }
  return undefined
}

/** The session's newest context usage, as its summary carries it. */
export function usageOf(events: readonly SessionEvent[]): Pick<SessionSummary, 'usage'> {
  const usage = newest(events, 'context_usage')
  if (!usage) return {}
  const { used, size, cost } = usage
  return { usage: { used, ...(size !== undefined ? { size } : {}), ...(cost ? { cost } : {}) } }
}

/**
 * The sessions that talk to an ACP agent instead of Parley's own: one runner (agent process,
 * connection, ACP session) per session, started at its first turn and continued with
 * `session/load` after a restart. A running agent turn is a `Turn` on the session like Parley's
 * own, so the broker, Stop and "busy" treat both alike.
 */
export class AgentSessions {
  readonly #runners = new Map<string, AcpSessionRunner>()

  constructor(private readonly deps: AgentSessionsDeps) {}

  /** The agent's spec for a session: its recorded command, with the env Settings gives that id. */
  #spec(agent: AgentRef): AgentSpec {
    const named = this.deps.agents().find((a) => a.id === agent.id)
    return { ...agent, name: agent.name.slice(0, 100), env: named?.env ?? {} }
  }

  async #runner(session: SessionState, agent: AgentRef): Promise<AcpSessionRunner> {
    const sessionId = session.header.id
    const existing = this.#runners.get(sessionId)
    if (existing) return existing
    const previous = newest(session.events, 'agent_session')
    const choices = session.events.flatMap((e) =>
      e.type === 'agent_config' && e.chosen ? [e.chosen] : [],
    )
    const modeChoice = session.events.findLast(
      (e): e is SessionEventOf<'agent_modes'> => e.type === 'agent_modes' && e.chosen === true,
    )?.currentModeId
    const spec = this.#spec(agent)
    const runner = new AcpSessionRunner({
      sessionId,
      workspace: session.header.workspace,
      agent: spec,
      ...(this.deps.keyring ? { keyring: this.deps.keyring(spec) } : {}),
      interactive: this.deps.interactive,
      asker: this.deps.asker,
      record: (event, { sync }) => {
        // As with Parley's own turns, the session takes a new message once its turn_end is out.
        if (event.type === 'turn_end' && session.turn?.id === event.turnId) session.turn = undefined
        this.deps.record(session, event, sync)
      },
      emit: (event) => this.deps.emit(event),
      touch: () => this.deps.touch(session),
      retitle: (offered) => {
        const title = agentTitle(session.events, session.title, offered)
        if (title !== undefined) this.deps.retitle(session, title)
      },
      mcpServers: await this.deps.mcpServers(session.header.workspace),
      ...(this.deps.pidIsolation ? { pidIsolation: this.deps.pidIsolation } : {}),
      ...(previous ? { previous } : {}),
      choices,
      ...(modeChoice !== undefined && { modeChoice }),
      now: this.deps.now,
    })
    this.#runners.set(sessionId, runner)
    return runner
  }

  /**
   * Starts a turn for a user message already recorded. The turn is the session's until the
   * runner has written its `turn_end`.
   */
  async start(
    session: SessionState,
    agent: AgentRef,
    turnId: string,
    text: string,
    attachments: readonly LoadedAttachment[] = [],
  ): Promise<void> {
    const turn = new Turn(turnId, session.header.id)
    session.turn = turn
    let release!: () => void
    turn.done = new Promise<void>((resolve) => (release = resolve))
    try {
      await this.deps.beforeTurn?.(session, turnId)
      const runner = await this.#runner(session, agent)
      const started = runner.startTurn(turnId, text, attachments)
      if (started.ok) await started.done
      else
        this.deps.record(
          session,
          turnEndRecord(this.deps.now(), turnId, 'error', {
            error: started.message,
            errorKind: 'other',
          }),
          true,
        )
    } finally {
      if (session.turn === turn) session.turn = undefined
      release()
      this.deps.touch(session)
    }
  }

  /** Stop: the agent is sent `session/cancel` and what it waits on is answered as cancelled. */
  async stop(session: SessionState): Promise<void> {
    const turn = session.turn
    if (!turn) return
    turn.requestStop('stopped')
    this.deps.parked.settleTurn(turn.id, 'stopped')
    await this.#runners.get(session.header.id)?.stop()
    await turn.done
  }

  /** Ends the session's agent: `shutdown` leaves a running turn open for the next start. */
  async close(session: SessionState, reason: 'shutdown' | 'removed'): Promise<void> {
    const runner = this.#runners.get(session.header.id)
    const turn = session.turn
    if (turn) {
      turn.requestStop(reason)
      this.deps.parked.settleTurn(turn.id, reason)
    }
    this.#runners.delete(session.header.id)
    await runner?.close({ reason })
    await turn?.done
  }

  /**
   * The agent's modes and config options, as the session's summary carries them: the running
   * agent's, else the newest in the log (shown before the agent is started again).
   */
  summary(
    session: SessionState,
  ): Pick<SessionSummary, 'agentModes' | 'agentConfig' | 'agentCommands' | 'usage'> {
    const runner = this.#runners.get(session.header.id)
    const modes = runner?.modes ?? newest(session.events, 'agent_modes')
    const config = runner?.config ?? newest(session.events, 'agent_config')
    const configId = modes ? modeConfigId(modes, config?.options ?? []) : undefined
    return {
      ...(modes
        ? {
            agentModes: {
              currentModeId: modes.currentModeId,
              available: modes.available.map((m) => ({
                id: m.id,
                name: m.name,
                ...(m.description ? { description: m.description } : {}),
              })),
              ...(configId !== undefined ? { configId } : {}),
            },
          }
        : {}),
      ...(config ? { agentConfig: config.options } : {}),
      ...(runner && runner.commands.length > 0 ? { agentCommands: [...runner.commands] } : {}),
      ...usageOf(session.events),
    }
  }

  async setConfigOption(
    session: SessionState,
    agent: AgentRef,
    configId: string,
    value: string,
  ): Promise<{ ok: true } | { ok: false; message: string }> {
    const runner = await this.#runner(session, agent)
    const result = await runner.setConfigOption(configId, value)
    this.deps.touch(session)
    return result.ok ? { ok: true } : { ok: false, message: result.message }
  }

  async setMode(
    session: SessionState,
    agent: AgentRef,
    modeId: string,
  ): Promise<{ ok: true } | { ok: false; message: string }> {
    const runner = await this.#runner(session, agent)
    const result = await runner.setMode(modeId)
    this.deps.touch(session)
    return result.ok ? { ok: true } : { ok: false, message: result.message }
  }
}
