import type { SessionSummary } from '../../shared/bridge'
import type { AttachmentRef } from '../../shared/attachments'
import type { SessionEvent } from '../../shared/session-events'
import { usageOf, type AgentSessions } from './acp/agent-sessions'
import { loadAttachments } from './projects/message-attachments'
import type { AttachmentStore } from './projects/attachment-store'
import { projectInstructionsFile } from './projects/project-instructions'
import { planRecovery } from './sessions/recovery'
import { newId, type SessionState } from './sessions/session-state'
import { toolResultRecord, turnEndRecord } from './sessions/turn-records'
import type { TurnEngine } from './turns/turn-engine'

/** Why a driver ends a session's turn from outside: the person, a removal, or the app quitting. */
export type DriverEnd = 'stopped' | 'interrupted' | 'removed' | 'shutdown'

/** What Retry answers when it cannot run the turn again. */
export interface NoRetry {
  ok: false
  reason: 'nothing_to_retry'
  message: string
}

/**
 * How turns run in one kind of session — Parley's own agent, or an ACP agent. Every path that
 * starts, ends or recovers a turn goes through `driverFor(session)`, never a branch of its own.
 */
export interface TurnDriver {
  /** Starts a turn for the person's message, already recorded. */
  start(session: SessionState, turnId: string, text: string, attachments: AttachmentRef[]): void
  /** Ends the running turn (Stop), a recovered one (dismiss), or every turn (removal, quit). */
  end(session: SessionState, reason: DriverEnd): Promise<void>
  /** Runs the failed last turn again as a new turn; or why it cannot. */
  retry(session: SessionState): { ok: true; turnId: string } | NoRetry
  /** Picks up a turn a quit or crash left open in the log. */
  recover(session: SessionState): void
  /** What the session's summary adds (agent modes, context used, instructions file). */
  summary(session: SessionState): Partial<SessionSummary>
  /** Whether the conversation can be rewound into a fork. */
  canFork(session: SessionState): { ok: true } | { ok: false; message: string }
}

/** The turn a Retry would run again: the newest one, when it ended in an error. */
function failedTurnOf(events: readonly SessionEvent[]): string | undefined {
  for (let i = events.length - 1; i >= 0; i--) {
    const event = events[i]
    if (event?.type === 'user_message' || event?.type === 'turn_retry') return undefined
    if (event?.type === 'turn_end') return event.reason === 'error' ? event.turnId : undefined
  }
  return undefined
}

export interface ParleyDriverDeps {
  engine: TurnEngine
  record(session: SessionState, event: SessionEvent, sync?: boolean): void
  now(): number
}

/**
 * A turn a quit or crash left open: Parley's own resumes where it parked (its requests shown
 * again); one with nothing to ask again is closed as interrupted (an ACP agent's always is: its
 * agent session is continued at the next message).
 */
function recoverTurn({ engine, record, now }: ParleyDriverDeps, session: SessionState): void {
  const plan = planRecovery(session.events)
  if (plan.kind === 'none') return
  if (plan.kind === 'resume') {
    engine.resume(session, plan.turnId, plan.step, plan.calls)
    return
  }
  for (const call of plan.calls) {
    const error = `${call.tool} was interrupted: the app stopped while it was running`
    record(
      session,
      toolResultRecord({
        at: now(),
        turnId: plan.turnId,
        toolCallId: call.toolCallId,
        tool: call.tool,
        output: { error },
        isError: true,
        synthetic: true,
      }),
    )
  }
  record(session, turnEndRecord(now(), plan.turnId, 'interrupted'), true)
}

/** Parley's own agent: the turn engine, and start-up recovery from the log. */
export function parleyDriver({ engine, record, now }: ParleyDriverDeps): TurnDriver {
  return {
    start: (session, turnId) => engine.start(session, turnId),
    end: (session, reason) => engine.end(session, reason),
    retry(session) {
      const retryOf = failedTurnOf(session.events)
      if (retryOf === undefined)
        return {
          ok: false,
          reason: 'nothing_to_retry',
          message: 'the last turn did not end in an error',
        }
      const turnId = newId('t')
      record(session, { type: 'turn_retry', at: now(), turnId, retryOf })
      engine.start(session, turnId)
      return { ok: true, turnId }
    },
    recover: (session) => recoverTurn({ engine, record, now }, session),
    summary(session) {
      // ACP agents read their own instructions; Parley's own agent reads this file each turn.
      const instructionsFile = projectInstructionsFile(session.header.workspace)
      return { ...usageOf(session.events), ...(instructionsFile ? { instructionsFile } : {}) }
    },
    canFork: () => ({ ok: true }),
  }
}

export interface AcpDriverDeps extends ParleyDriverDeps {
  agents: AgentSessions
  attachments(session: SessionState): AttachmentStore
}

/** An ACP agent (Claude Code, Codex, …): its runner per session, through AgentSessions. */
export function acpDriver({ agents, attachments, ...recovery }: AcpDriverDeps): TurnDriver {
  return {
    start(session, turnId, text, refs) {
      const agent = session.header.agent
      if (!agent) throw new Error('an ACP driver runs only sessions with an agent')
      void agents.start(session, agent, turnId, text, loadAttachments(refs, attachments(session)))
    },
    end: (session, reason) =>
      reason === 'removed' || reason === 'shutdown'
        ? agents.close(session, reason)
        : agents.stop(session),
    // An ACP agent has no "run the turn again": its prompt is sent again as a message instead.
    retry: (session) => ({
      ok: false,
      reason: 'nothing_to_retry',
      message: `${session.header.agent?.name ?? 'The agent'} cannot retry a turn: send your message again`,
    }),
    recover: (session) => recoverTurn(recovery, session),
    summary: (session) => agents.summary(session),
    // ACP's session/fork (unstable) copies a whole session; no agent can fork before a message.
    canFork: (session) => ({
      ok: false,
      message: `${session.header.agent?.name ?? 'The agent'} cannot go back to an earlier point of its conversation: only files can be rewound for this agent`,
    }),
  }
}

/** The two drivers, and the one a session uses (fixed when it is created). */
export function driverChooser(parley: TurnDriver, acp: TurnDriver) {
  return (session: SessionState): TurnDriver => (session.header.agent ? acp : parley)
}
