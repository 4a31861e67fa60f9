import type { BridgeEvent } from '../../../shared/bridge'
import type { FormDraft, FormResponse } from '../../../shared/form-schema'
import type {
  InteractionKind,
  PendingInteraction,
  PendingInteractionOf,
  SettleOutcome,
} from '../../../shared/interactions'
import type { PermissionDecision, RememberScope } from '../../../shared/permission'
import type { DeviceRef } from '../../../shared/devices'
import type { SessionEvent } from '../../../shared/session-events'
import type { Parked, ParkEndReason, ParkedRequests } from './parked-requests'
import type { SessionState } from '../sessions/session-state'
import type { Turn } from '../sessions/turn'
import { AskerGoneError } from './asker'
import type { DraftStore } from './draft-store'
import type { InteractionFifo } from './interaction-fifo'

/** One answer of an AskUserQuestion response: a label, the "Other" text, labels, or null. */
export type QuestionAnswer = string | string[] | null

/** The person's answer to a request, by kind. */
export type InteractionAnswer =
  | {
      kind: 'permission'
      decision: PermissionDecision
      remember: boolean
      /** How long Remember lasts (absent: the turn). */
      scope?: RememberScope
      note?: string
    }
  | { kind: 'question'; answers: QuestionAnswer[] }
  | { kind: 'agent_permission'; optionId: string }
  | { kind: 'form'; response: FormResponse }
export type AnswerOf<K extends InteractionKind> = Extract<InteractionAnswer, { kind: K }>

/** Who settled a request: the person, or the runtime acting on their mode change. */
export type AnsweredBy = 'person' | 'mode'

/** What an asker's parked promise resolves with. */
export type Answered<K extends InteractionKind> = { answer: AnswerOf<K>; by: AnsweredBy }

/** Why a response was not taken. Nothing was written and the request is still waiting. */
export type RespondFailure = {
  ok: false
  reason:
    | 'unknown_request'
    | 'wrong_kind'
    | 'orphaned'
    | 'answer_count'
    | 'invalid_answer'
    | 'unknown_option'
    | 'invalid'
  message?: string
}

export type RespondResult = { ok: true } | RespondFailure

/** What an asker hands the broker for one request. */
export interface AskSpec<K extends InteractionKind> {
  session: SessionState
  turn: Turn
  /** The request as the UIs get it. */
  interaction: PendingInteractionOf<K>
  /** Written (synced) before the request is shown; null when it is in the log already (recovered). */
  requestRecord: SessionEvent | null
  /** A countdown that starts when the request is shown, i.e. reaches the head of its FIFO. */
  timeoutMs?: number
  /** Checks an answer beyond its schema (answer count, a known option, form content). */
  check?(answer: AnswerOf<K>): RespondFailure | null
  /**
   * Writes the answer's record, synced, before the asker is resumed; `device` is the paired
   * device it came from (absent: this computer), recorded beside the answer.
   */
  commit(answer: AnswerOf<K>, by: AnsweredBy, device: DeviceRef | undefined): void
  /** How the answer reads in the UIs' settle event. */
  outcomeOf(answer: AnswerOf<K>): SettleOutcome
  /** Aborted when the asker withdraws the request. */
  signal?: AbortSignal
}

interface Entry {
  interaction: PendingInteraction
  session: SessionState
  /** Null once orphaned: the asker is gone and nothing is parked on the request. */
  turn: Turn | null
  timeoutMs: number | undefined
  /** Set when a response is being written: a second response loses (single winner). */
  claimed: boolean
  settleAs: SettleOutcome | undefined
  check(answer: InteractionAnswer): RespondFailure | null
  commit(answer: InteractionAnswer, by: AnsweredBy, device: DeviceRef | undefined): SettleOutcome
}

export interface BrokerDeps {
  parked: ParkedRequests
  fifo: InteractionFifo
  drafts: DraftStore
  /** Appends a record to the session log (fsync when `sync`) and tells the UIs. */
  record(session: SessionState, event: SessionEvent, sync?: boolean): void
  emit(event: BridgeEvent): void
  /** Tells the UIs the session's summary changed (pending count). */
  touch(session: SessionState): void
  now(): number
}

/** How a request that ended without an answer reads in the UIs; undefined = no settle event. */
const ENDED_AS: Record<ParkEndReason, SettleOutcome | undefined> = {
  stopped: 'stopped',
  aborted: 'aborted',
  error: 'error',
  removed: 'removed',
  timed_out: 'timed_out',
  dismissed: 'dismissed',
  withdrawn: 'withdrawn',
  // A quit settles nothing: the request stays open in the log and comes back at the next start.
  shutdown: undefined,
  // An orphaned request stays in the tray until the person dismisses it or sends it on.
  orphaned: undefined,
}

const unknown = (message?: string): RespondFailure => ({
  ok: false,
  reason: 'unknown_request',
  message: message ?? 'no such request is waiting (already answered, stopped or timed out)',
})

/**
 * The one interaction broker. Every asker — Parley's permission gate and AskUserQuestion, an ACP
 * agent, an MCP server — reaches the person through `ask`. The broker owns each request's record
 * and its answer's record (both synced: the request before it is shown, the answer before the
 * asker resumes), the per-session FIFO that UIs mirror, countdowns (started when a request is
 * shown, not when it is queued), drafts, the announcements to the UIs, and settlement: a turn's
 * end settles its requests through the shared turn-scoped primitive (`ParkedRequests`).
 */
export class InteractionBroker {
  readonly #entries = new Map<string, Entry>()

  constructor(private readonly deps: BrokerDeps) {}

  /** Shows a request and waits for the person's answer, or for how it ended. */
  async ask<K extends InteractionKind>(spec: AskSpec<K>): Promise<Parked<Answered<K>>> {
    const { session, turn, interaction } = spec
    const { requestId } = interaction
    if (turn.stopping) return { kind: 'ended', reason: 'stopped' }
    if (spec.requestRecord) this.deps.record(session, spec.requestRecord, true)
    const waiting = this.deps.parked.park<Answered<K>>(turn.id, requestId)
    const kind = interaction.kind
    const entry: Entry = {
      interaction,
      session,
      turn,
      timeoutMs: spec.timeoutMs,
      claimed: false,
      settleAs: undefined,
      // The one place answers are narrowed to the kind this request was asked with.
      check: (answer) =>
        answer.kind !== kind
          ? { ok: false, reason: 'wrong_kind' }
          : (spec.check?.(answer as AnswerOf<K>) ?? null),
      commit: (answer, by, device) => {
        spec.commit(answer as AnswerOf<K>, by, device)
        return spec.outcomeOf(answer as AnswerOf<K>)
      },
    }
    this.#entries.set(requestId, entry)
    this.deps.fifo.add(interaction)
    // Announced just below, with its countdown already running if it is the one shown.
    this.#startCountdownIfShown(entry, { announce: false })
    this.deps.emit({
      type: 'interaction_added',
      sessionId: session.header.id,
      interaction: entry.interaction,
    })
    this.deps.touch(session)

    // An asker that is gone (its process exited) leaves the request shown, orphaned; one that
    // takes the request back removes it.
    const withdraw = () =>
      this.deps.parked.end(
        requestId,
        spec.signal?.reason instanceof AskerGoneError ? 'orphaned' : 'withdrawn',
      )
    spec.signal?.addEventListener('abort', withdraw, { once: true })
    if (spec.signal?.aborted) withdraw()
    const outcome = await waiting
    spec.signal?.removeEventListener('abort', withdraw)

    if (outcome.kind === 'ended' && outcome.reason === 'orphaned') {
      this.#orphaned(entry)
      return outcome
    }
    const settled = outcome.kind === 'response' ? entry.settleAs : ENDED_AS[outcome.reason]
    this.#remove(entry, settled, {
      keepDraft: outcome.kind === 'ended' && outcome.reason === 'shutdown',
    })
    return outcome
  }

  /**
   * The person's answer. Checked, claimed (a second answer loses), written and synced by the
   * asker's `commit`, then delivered; a late or unknown one changes nothing.
   */
  respond(
    requestId: string,
    answer: InteractionAnswer,
    by: AnsweredBy = 'person',
    device?: DeviceRef,
  ): RespondResult {
    const entry = this.#entries.get(requestId)
    if (!entry || entry.claimed) return unknown()
    if (!entry.turn || !this.deps.parked.isParked(requestId)) {
      return entry.turn
        ? unknown()
        : {
            ok: false,
            reason: 'orphaned',
            message: 'whoever asked is no longer waiting: send it as a message or dismiss it',
          }
    }
    const refused = entry.check(answer)
    if (refused) return refused
    entry.claimed = true
    entry.settleAs = entry.commit(answer, by, device)
    this.deps.parked.resolve(requestId, { answer, by })
    return { ok: true }
  }

  /** The asker is gone (its process exited): the request stays shown, marked orphaned. */
  orphan(requestId: string): boolean {
    return this.deps.parked.end(requestId, 'orphaned')
  }

  /**
   * Shows a request that was open in the log when the app started and whose asker is gone (an
   * ACP agent or MCP server from the previous run). Nothing is parked on it.
   */
  restoreOrphan(session: SessionState, interaction: PendingInteraction): void {
    if (this.#entries.has(interaction.requestId)) return
    this.#entries.set(interaction.requestId, {
      interaction,
      session,
      turn: null,
      timeoutMs: undefined,
      claimed: false,
      settleAs: undefined,
      check: () => null,
      commit: () => 'dismissed',
    })
    this.deps.fifo.add(interaction)
  }

  /**
   * Closes an orphaned request: `record` (the closing record) is written synced, the request
   * leaves the tray. False when it is not an orphaned request.
   */
  closeOrphan(requestId: string, record: SessionEvent, outcome: SettleOutcome): boolean {
    const entry = this.#entries.get(requestId)
    if (!entry || entry.turn || entry.claimed) return false
    entry.claimed = true
    this.deps.record(entry.session, record, true)
    this.#remove(entry, outcome, { keepDraft: false })
    return true
  }

  get(requestId: string): PendingInteraction | undefined {
    return this.#entries.get(requestId)?.interaction
  }

  /** True while a request waits on a live asker (not orphaned, not being answered). */
  isLive(requestId: string): boolean {
    const entry = this.#entries.get(requestId)
    return Boolean(entry?.turn && !entry.claimed && this.deps.parked.isParked(requestId))
  }

  list(sessionId: string): PendingInteraction[] {
    return this.deps.fifo.list(sessionId)
  }

  /** The session's requests that someone still waits on: a session with none takes a message. */
  count(sessionId: string): number {
    return this.deps.fifo.count(sessionId)
  }

  /** Every session with requests waiting, each in its FIFO's order. */
  sessions(): { sessionId: string; pending: PendingInteraction[] }[] {
    return this.deps.fifo.sessions()
  }

  /** Saves a half-filled answer so a reload or restart brings the tray back where it was. */
  async saveDraft(
    requestId: string,
    draft: { kind: 'question' | 'form'; draft: FormDraft },
  ): Promise<RespondResult> {
    const entry = this.#entries.get(requestId)
    if (!entry) return unknown()
    const interaction = entry.interaction
    if (interaction.kind === 'question' && draft.kind === 'question')
      this.#replace(entry, { ...interaction, draft: draft.draft }, { announce: false })
    else if (interaction.kind === 'form' && draft.kind === 'form')
      this.#replace(entry, { ...interaction, draft: draft.draft }, { announce: false })
    else return { ok: false, reason: 'wrong_kind' }
    await this.deps.drafts.save(requestId, draft.draft)
    return { ok: true }
  }

  #replace(entry: Entry, next: PendingInteraction, options: { announce: boolean }): void {
    entry.interaction = next
    this.deps.fifo.replace(next)
    if (options.announce)
      this.deps.emit({
        type: 'interaction_updated',
        sessionId: entry.session.header.id,
        interaction: next,
      })
  }

  #orphaned(entry: Entry): void {
    entry.turn = null
    const interaction = entry.interaction
    if (interaction.kind === 'agent_permission' || interaction.kind === 'form')
      this.#replace(entry, { ...interaction, orphaned: true }, { announce: true })
    this.deps.touch(entry.session)
  }

  #remove(entry: Entry, settled: SettleOutcome | undefined, options: { keepDraft: boolean }): void {
    const { requestId } = entry.interaction
    const sessionId = entry.session.header.id
    this.#entries.delete(requestId)
    this.deps.fifo.remove(requestId)
    if (!options.keepDraft) this.deps.drafts.drop(requestId)
    if (settled)
      this.deps.emit({ type: 'interaction_settled', sessionId, requestId, outcome: settled })
    const head = this.deps.fifo.head(sessionId)
    const next = head && this.#entries.get(head.requestId)
    if (next) this.#startCountdownIfShown(next, { announce: true })
    this.deps.touch(entry.session)
  }

  /** A request's countdown runs only while a person can see it: from when it heads its FIFO. */
  #startCountdownIfShown(entry: Entry, options: { announce: boolean }): void {
    const { interaction } = entry
    if (entry.timeoutMs === undefined) return
    if (interaction.kind !== 'permission' && interaction.kind !== 'agent_permission') return
    if (this.deps.fifo.head(interaction.sessionId)?.requestId !== interaction.requestId) return
    if (!this.deps.parked.startTimeout(interaction.requestId, entry.timeoutMs)) return
    this.#replace(
      entry,
      { ...interaction, expiresAt: this.deps.now() + entry.timeoutMs },
      { announce: options.announce },
    )
  }
}
