import type {
  BridgeOutput,
  BridgeEvent,
  FormDraft,
  InboxItem,
  LogNotice,
  PendingInteraction,
  Project,
  PublicSettings,
  SessionEvent,
  SessionSummary,
} from '../../shared'
import {
  EMPTY_QUEUE,
  applyEventToQueue,
  replaceQueue,
  settleInteraction,
  type InteractionQueue,
} from '../../shared/interaction-queue'
import { awaitsAnswer } from '../../shared/interaction-words'
import type { OutgoingAttachment } from '../../shared/attachments'
import {
  applyNotice,
  applySessionEvent,
  applyTextDeltas,
  prependEvents,
  reloadTranscript,
  type TextDelta,
  type Transcript,
} from '../../shared/transcript'
import { EMPTY_MESSAGE_QUEUE, type MessageQueue } from '../../shared/queued-messages'

/** A model call failed and is about to be tried again (`turn_retrying`), until the model answers. */
export type RetryStatus = Omit<
  Extract<BridgeEvent, { type: 'turn_retrying' }>,
  'type' | 'sessionId'
>

/** A workspace's MCP servers as the runtime last listed them. */
export type McpWorkspaceView = BridgeOutput<'listMcpServers'>

/** Whether the renderer can reach the runtime right now. */
export type ConnectionStatus = 'connecting' | 'open' | 'reconnecting' | 'refused'

/**
 * Everything the chat client shows. Changed only by the pure functions below, each returning the
 * same object when nothing changed so subscribers skip re-renders.
 */
export type AppState = {
  /** Newest first (updatedAt). */
  readonly sessions: readonly SessionSummary[]
  readonly activeSessionId: string | null
  /** Loaded transcripts by session id; kept current by live events once loaded. */
  readonly transcripts: Readonly<Record<string, Transcript>>
  /** Each session's mirror of the runtime's interaction FIFO. */
  readonly queues: Readonly<Record<string, InteractionQueue>>
  /** Sessions whose queue mirror is known complete (read from the runtime, or known empty). */
  readonly queuesLoaded: Readonly<Record<string, true>>
  /** Unsent composer text by session id; survives session switches and the tray. */
  readonly composerDrafts: Readonly<Record<string, string>>
  /** Files mentioned with `@` and images pasted, not sent yet, by the same key as the drafts. */
  readonly composerAttachments: Readonly<Record<string, readonly OutgoingAttachment[]>>
  /** Half-filled forms and half-answered questions by request id, as last saved. */
  readonly formDrafts: Readonly<Record<string, FormDraft>>
  /** By session id: messages typed while its turn ran, sent one by one as turns end. */
  readonly messageQueues: Readonly<Record<string, MessageQueue>>
  readonly settings: PublicSettings | null
  readonly connection: ConnectionStatus
  /** The first load (settings, sessions, the shown session) has finished. */
  readonly ready: boolean
  /** The latest failure to show the person, in plain words. */
  readonly error: string | null
  /** Sessions whose running turn waits to retry a failed model call. */
  readonly retrying: Readonly<Record<string, RetryStatus>>
  /**
   * Who new sessions talk to, as the person last chose: an agent id from Settings (or the
   * `--acp` agent's), "parley" for Parley's own; null until they choose (the launch's default).
   */
  readonly agentChoice: string | null
  /** MCP servers by workspace, as last listed. */
  readonly mcp: Readonly<Record<string, McpWorkspaceView>>
  /** By workspace: the approval the person put off ("Not now"), by its hash. */
  readonly mcpPutOff: Readonly<Record<string, string>>
  /** Every request waiting across all sessions, oldest first, as the runtime last announced. */
  readonly inbox: readonly InboxItem[]
  /**
   * The request whose notification the person clicked last (`seq` counts clicks): the shell opens
   * it. Null until a click.
   */
  readonly noticeClick: { sessionId: string; requestId: string; seq: number } | null
  /** Requests that timed out with nobody answering, newest first (this page's life). */
  readonly timedOut: readonly InboxItem[]
  /** Folders sessions were started in, newest first (`listProjects`). */
  readonly projects: readonly Project[]
  /** The page asks the person for a folder: none was chosen and the runtime has no default. */
  readonly askingFolder: boolean
  /**
   * Sessions whose last turn ended in an error, as far as this page has seen (a session's records
   * when opened, live records since): the sidebar marks them.
   */
  readonly failedTurns: Readonly<Record<string, true>>
}

export const INITIAL_STATE: AppState = {
  sessions: [],
  activeSessionId: null,
  transcripts: {},
  queues: {},
  queuesLoaded: {},
  composerDrafts: {},
  composerAttachments: {},
  formDrafts: {},
  messageQueues: {},
  settings: null,
  connection: 'connecting',
  ready: false,
  error: null,
  retrying: {},
  agentChoice: null,
  mcp: {},
  mcpPutOff: {},
  inbox: [],
  noticeClick: null,
  timedOut: [],
  projects: [],
  askingFolder: false,
  failedTurns: {},
}

const byNewest = (a: SessionSummary, b: SessionSummary) => b.updatedAt - a.updatedAt

export function withEntry<T>(record: Readonly<Record<string, T>>, key: string, value: T) {
  return record[key] === value ? record : { ...record, [key]: value }
}

export function withoutEntry<T>(record: Readonly<Record<string, T>>, key: string) {
  if (!(key in record)) return record
  const next = { ...record }
  delete next[key]
  return next
}

/** The draft a request carries, for the kinds that have one. */
function draftOf(item: PendingInteraction): FormDraft | null {
  switch (item.kind) {
    case 'question':
    case 'form':
      return item.draft
    case 'permission':
    case 'agent_permission':
      return null
  }
}

function seedDrafts(state: AppState, pending: readonly PendingInteraction[]): AppState {
  let drafts = state.formDrafts
  for (const item of pending) {
    const draft = draftOf(item)
    if (draft && !drafts[item.requestId]) drafts = withEntry(drafts, item.requestId, draft)
  }
  return drafts === state.formDrafts ? state : { ...state, formDrafts: drafts }
}

/** The runtime's session list (start-up, reconnect). A session with no pending count has an empty queue. */
export function sessionsListed(state: AppState, list: readonly SessionSummary[]): AppState {
  let queuesLoaded = state.queuesLoaded
  let queues = state.queues
  for (const s of list) {
    if (s.pendingCount === 0) {
      queuesLoaded = withEntry(queuesLoaded, s.id, true as const)
      queues = withEntry(queues, s.id, replaceQueue(queues[s.id] ?? EMPTY_QUEUE, []))
    }
  }
  const activeSessionId =
    state.activeSessionId && list.some((s) => s.id === state.activeSessionId)
      ? state.activeSessionId
      : null
  // The runtime knows how each session's newest turn ended, opened here or not.
  const failedTurns: Record<string, true> = {}
  for (const s of list) if (s.lastTurnFailed) failedTurns[s.id] = true
  return {
    ...state,
    sessions: [...list].sort(byNewest),
    queuesLoaded,
    queues,
    activeSessionId,
    failedTurns,
  }
}

/** A created, renamed, re-ordered or removed (null) session. */
export function sessionChanged(
  state: AppState,
  sessionId: string,
  session: SessionSummary | null,
): AppState {
  const others = state.sessions.filter((s) => s.id !== sessionId)
  if (!session) {
    if (others.length === state.sessions.length) return state
    return {
      ...state,
      sessions: others,
      activeSessionId: state.activeSessionId === sessionId ? null : state.activeSessionId,
      transcripts: withoutEntry(state.transcripts, sessionId),
      queues: withoutEntry(state.queues, sessionId),
      queuesLoaded: withoutEntry(state.queuesLoaded, sessionId),
      composerDrafts: withoutEntry(state.composerDrafts, sessionId),
      composerAttachments: withoutEntry(state.composerAttachments, sessionId),
    }
  }
  const known = state.sessions.some((s) => s.id === sessionId)
  // A session new to us that waits for nothing has a known, empty queue.
  const queuesLoaded =
    !known && session.pendingCount === 0
      ? withEntry(state.queuesLoaded, sessionId, true as const)
      : state.queuesLoaded
  return { ...state, sessions: [...others, session].sort(byNewest), queuesLoaded }
}

function patchSession(
  state: AppState,
  sessionId: string,
  patch: (s: SessionSummary) => SessionSummary,
): AppState {
  let changed = false
  const sessions = state.sessions.map((s) => {
    if (s.id !== sessionId) return s
    const next = patch(s)
    if (next !== s) changed = true
    return next
  })
  return changed ? { ...state, sessions } : state
}

/** Shows another session (its transcript loads separately). */
export function selectSession(state: AppState, sessionId: string | null): AppState {
  return state.activeSessionId === sessionId ? state : { ...state, activeSessionId: sessionId }
}

/**
 * `openSession` answered: the newest records (from record `start` of the log), the log's notices
 * (shown as rows after them: skipped or torn records, a damaged header) and the pending requests,
 * with their saved drafts.
 */
export function sessionOpened(
  state: AppState,
  opened: {
    session: SessionSummary
    events: readonly SessionEvent[]
    start: number
    pending: readonly PendingInteraction[]
    notices: readonly LogNotice[]
  },
): AppState {
  const { session } = opened
  const next = sessionChanged(state, session.id, session)
  const transcript = opened.notices.reduce(
    (t, notice) => applyNotice(t, notice),
    reloadTranscript(next.transcripts[session.id], opened.events, opened.start),
  )
  const failed = lastTurnFailed(opened.events)
  const withTranscript = { ...next, transcripts: { ...next.transcripts, [session.id]: transcript } }
  return pendingListed(
    failed === undefined ? withTranscript : turnOutcome(withTranscript, session.id, failed),
    session.id,
    opened.pending,
  )
}

/** `loadOlderEvents` answered: older rows go in front of what is shown. */
export function olderEventsLoaded(
  state: AppState,
  sessionId: string,
  page: { events: readonly SessionEvent[]; start: number; before: number },
): AppState {
  return applyToTranscript(state, sessionId, (t) => prependEvents(t, page.events, page))
}

/** `listPending` answered: the authoritative FIFO of one session. */
export function pendingListed(
  state: AppState,
  sessionId: string,
  pending: readonly PendingInteraction[],
): AppState {
  const queue = replaceQueue(state.queues[sessionId] ?? EMPTY_QUEUE, pending)
  const next = {
    ...state,
    queues: withEntry(state.queues, sessionId, queue),
    queuesLoaded: withEntry(state.queuesLoaded, sessionId, true as const),
  }
  const unchanged = next.queues === state.queues && next.queuesLoaded === state.queuesLoaded
  return seedDrafts(unchanged ? state : next, pending)
}

function applyToTranscript(
  state: AppState,
  sessionId: string,
  update: (t: Transcript) => Transcript,
): AppState {
  const current = state.transcripts[sessionId]
  if (!current) return state
  const next = update(current)
  return next === current
    ? state
    : { ...state, transcripts: withEntry(state.transcripts, sessionId, next) }
}

function applyRecord(state: AppState, sessionId: string, event: SessionEvent): AppState {
  let next = applyToTranscript(state, sessionId, (t) => applySessionEvent(t, event))
  if (event.type === 'session_update') {
    next = patchSession(next, sessionId, (s) => ({
      ...s,
      title: event.title ?? s.title,
      mode: event.mode ?? s.mode,
    }))
  }
  if (event.type === 'turn_end') {
    next = patchSession(next, sessionId, (s) => (s.running ? { ...s, running: false } : s))
    next = turnOutcome(next, sessionId, event.reason === 'error')
  }
  return next
}

/** Whether the session's last turn failed; the same state when nothing changes. */
function turnOutcome(state: AppState, sessionId: string, failed: boolean): AppState {
  if (failed === (state.failedTurns[sessionId] === true)) return state
  return {
    ...state,
    failedTurns: failed
      ? withEntry(state.failedTurns, sessionId, true as const)
      : withoutEntry(state.failedTurns, sessionId),
  }
}

/** How the newest turn in these records ended: failed, fine, or not known from them. */
function lastTurnFailed(events: readonly SessionEvent[]): boolean | undefined {
  for (let i = events.length - 1; i >= 0; i--) {
    const event = events[i]
    if (event?.type === 'turn_end') return event.reason === 'error'
  }
  return undefined
}

/** Applies one live bridge event other than text deltas (those go through `deltasArrived`). */
export function bridgeEventArrived(state: AppState, event: BridgeEvent): AppState {
  const { sessionId } = event
  switch (event.type) {
    case 'session_event':
      // Any record (the step's text or calls, the turn's end) means the retry is over.
      return retryOver(applyRecord(state, sessionId, event.event), sessionId)
    case 'turn_started':
      // A new turn (a retry too) leaves the failure behind until it ends.
      return retryOver(
        turnOutcome(
          patchSession(state, sessionId, (s) => (s.running ? s : { ...s, running: true })),
          sessionId,
          false,
        ),
        sessionId,
      )
    case 'text_delta':
      return deltasArrived(state, [event])
    case 'interaction_added': {
      const queue = applyEventToQueue(state.queues[sessionId] ?? EMPTY_QUEUE, sessionId, event)
      return seedDrafts({ ...state, queues: withEntry(state.queues, sessionId, queue) }, [
        event.interaction,
      ])
    }
    case 'interaction_updated': {
      const queue = applyEventToQueue(state.queues[sessionId] ?? EMPTY_QUEUE, sessionId, event)
      return { ...state, queues: withEntry(state.queues, sessionId, queue) }
    }
    case 'interaction_settled': {
      const settled = requestSettled(state, sessionId, event.requestId)
      return event.outcome === 'timed_out'
        ? timedOut(settled, state.inbox, event.requestId)
        : settled
    }
    case 'turn_retrying': {
      const { type: _type, sessionId: _id, ...status } = event
      return { ...state, retrying: withEntry(state.retrying, sessionId, status) }
    }
    case 'session_changed':
      return sessionChanged(state, sessionId, event.session)
    case 'notice':
      return applyToTranscript(state, sessionId, (t) => applyNotice(t, event.notice))
    case 'inbox_changed':
      return inboxListed(state, event.items)
    case 'notice_clicked':
      return noticeClicked(state, event.sessionId, event.requestId)
  }
}

/** At most this many timed-out requests are kept for the inbox to show. */
const MAX_TIMED_OUT = 20

/** A request nobody answered in time: kept (newest first) so the inbox can say so. */
export function timedOut(
  state: AppState,
  inbox: readonly InboxItem[],
  requestId: string,
): AppState {
  const item = inbox.find((i) => i.interaction.requestId === requestId)
  if (!item || state.timedOut.some((i) => i.interaction.requestId === requestId)) return state
  return { ...state, timedOut: [item, ...state.timedOut].slice(0, MAX_TIMED_OUT) }
}

/** The person clicked a notification about this request (from the OS, through the host). */
export function noticeClicked(state: AppState, sessionId: string, requestId: string): AppState {
  return { ...state, noticeClick: { sessionId, requestId, seq: (state.noticeClick?.seq ?? 0) + 1 } }
}

/** The runtime's inbox (`listInbox`, or announced by `inbox_changed`). */
export function inboxListed(state: AppState, inbox: readonly InboxItem[]): AppState {
  return state.inbox === inbox ? state : { ...state, inbox }
}

/** One animation frame's text deltas, possibly for several sessions. */
export function deltasArrived(state: AppState, deltas: readonly TextDelta[]): AppState {
  let next = state
  const sessions = new Set(deltas.map((d) => d.sessionId))
  for (const sessionId of sessions) {
    // The model is answering again: a retry it waited for is over.
    next = retryOver(next, sessionId)
    next = applyToTranscript(next, sessionId, (t) =>
      applyTextDeltas(
        t,
        deltas.filter((d) => d.sessionId === sessionId),
      ),
    )
  }
  return next
}

function retryOver(state: AppState, sessionId: string): AppState {
  return sessionId in state.retrying
    ? { ...state, retrying: withoutEntry(state.retrying, sessionId) }
    : state
}

/** A request left the FIFO (answered here or elsewhere, stopped, timed out…). */
export function requestSettled(state: AppState, sessionId: string, requestId: string): AppState {
  const current = state.queues[sessionId]
  const queue = current ? settleInteraction(current, requestId) : current
  const inbox = state.inbox.some((item) => item.interaction.requestId === requestId)
    ? state.inbox.filter((item) => item.interaction.requestId !== requestId)
    : state.inbox
  if (queue === current && inbox === state.inbox && !(requestId in state.formDrafts)) return state
  return {
    ...state,
    queues: queue ? withEntry(state.queues, sessionId, queue) : state.queues,
    formDrafts: withoutEntry(state.formDrafts, requestId),
    inbox,
  }
}

export function composerDraftChanged(state: AppState, sessionId: string, text: string): AppState {
  if ((state.composerDrafts[sessionId] ?? '') === text) return state
  return {
    ...state,
    composerDrafts:
      text === ''
        ? withoutEntry(state.composerDrafts, sessionId)
        : withEntry(state.composerDrafts, sessionId, text),
  }
}

/** A session's queued messages changed (through the shared model in shared/queued-messages). */
export function messageQueueChanged(
  state: AppState,
  sessionId: string,
  change: (queue: MessageQueue) => MessageQueue,
): AppState {
  const queue = state.messageQueues[sessionId] ?? EMPTY_MESSAGE_QUEUE
  const next = change(queue)
  if (next === queue) return state
  return {
    ...state,
    messageQueues:
      next.length === 0
        ? withoutEntry(state.messageQueues, sessionId)
        : withEntry(state.messageQueues, sessionId, next),
  }
}

/** A session's queued messages, oldest first (empty when none). */
export function messageQueueOf(state: AppState, sessionId: string | null): MessageQueue {
  return (sessionId && state.messageQueues[sessionId]) || EMPTY_MESSAGE_QUEUE
}

/** A form's or a question's draft changed on screen (saved to the runtime alongside). */
export function formDraftChanged(state: AppState, requestId: string, draft: FormDraft): AppState {
  const formDrafts = withEntry(state.formDrafts, requestId, draft)
  return formDrafts === state.formDrafts ? state : { ...state, formDrafts }
}

export function settingsLoaded(state: AppState, settings: PublicSettings): AppState {
  return state.settings === settings ? state : { ...state, settings }
}

export function connectionChanged(state: AppState, connection: ConnectionStatus): AppState {
  return state.connection === connection ? state : { ...state, connection }
}

export function loadFinished(state: AppState): AppState {
  return state.ready ? state : { ...state, ready: true }
}

export function errorShown(state: AppState, error: string | null): AppState {
  return state.error === error ? state : { ...state, error }
}

/** Where the composer keeps its text: per session, or '' before any session exists. */
export function draftKey(sessionId: string | null): string {
  return sessionId ?? ''
}

/** The session's FIFO mirror (empty when unknown). */
export function queueOf(
  state: Pick<AppState, 'queues'>,
  sessionId: string | null,
): InteractionQueue {
  return (sessionId && state.queues[sessionId]) || EMPTY_QUEUE
}

/**
 * Whether a session waits for the person: its queue holds something, or — before its queue was
 * read — the runtime's summary counts pending requests.
 */
export function needsInput(
  state: Pick<AppState, 'queues' | 'queuesLoaded'>,
  session: SessionSummary,
): boolean {
  if (queueOf(state, session.id).some(awaitsAnswer)) return true
  return !state.queuesLoaded[session.id] && session.pendingCount > 0
}

export function activeSession(state: AppState): SessionSummary | undefined {
  return state.sessions.find((s) => s.id === state.activeSessionId)
}

/** The person chose who new sessions talk to. */
export function agentChosen(state: AppState, choice: string | null): AppState {
  return state.agentChoice === choice ? state : { ...state, agentChoice: choice }
}

/**
 * `listMcpServers` answered for a workspace. Settings asks every 2 s: an answer like the last
 * one changes nothing (no re-render).
 */
export function mcpListed(state: AppState, workspace: string, view: McpWorkspaceView): AppState {
  const known = state.mcp[workspace]
  if (known && JSON.stringify(known) === JSON.stringify(view)) return state
  return { ...state, mcp: withEntry(state.mcp, workspace, view) }
}

/** "Not now" on a workspace's approval: not asked again in this window until the file changes. */
export function mcpApprovalPutOff(state: AppState, workspace: string, hash: string): AppState {
  return state.mcpPutOff[workspace] === hash
    ? state
    : { ...state, mcpPutOff: withEntry(state.mcpPutOff, workspace, hash) }
}

/** The approval a workspace waits for, unless the person put off that very file. */
export function mcpApprovalShown(
  state: Pick<AppState, 'mcp' | 'mcpPutOff'>,
  workspace: string | undefined,
): McpWorkspaceView['pendingApproval'] {
  if (!workspace) return null
  const approval = state.mcp[workspace]?.pendingApproval ?? null
  return approval && state.mcpPutOff[workspace] !== approval.hash ? approval : null
}
