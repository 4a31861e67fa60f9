import type { BridgeEvent, BridgeInput, BridgeOutput, SessionSummary } from '../../shared/bridge'
import type { PendingInteraction, SettleOutcome } from '../../shared/interactions'
import type { InboxItem } from '../../shared/inbox'
import type { SessionEvent } from '../../shared/session-events'
import type { PublicSettings } from '../../shared/settings'
import type { TuiBridge, TuiMethod } from '../tui-bridge'

/** A recorded bridge call. */
export interface FakeCall {
  method: TuiMethod
  input: unknown
}

/**
 * An in-memory bridge for App tests: one session, calls recorded, events pushed by the test.
 * Answering a request settles it the way the runtime does (an `interaction_settled` event).
 */
export function createFakeBridge(
  options: {
    session?: Partial<SessionSummary>
    events?: SessionEvent[]
    pending?: PendingInteraction[]
    /** Other sessions in the data folder, newest first, each with its log. */
    others?: Array<{ session: SessionSummary; events: SessionEvent[] }>
    /** What `listMcpServers` answers (no servers by default); approving clears `pendingApproval`. */
    mcp?: BridgeOutput<'listMcpServers'>
    settings?: Partial<PublicSettings>
    /** What `listInbox` answers; answering one of its requests takes it out (`inbox_changed`). */
    inbox?: InboxItem[]
    /** What `!command` prints, by command (not listed: `command not found`, exit 127). */
    commands?: Record<string, { output: string; exitCode: number }>
    /** The workspace's files, for `@` completion (matched by their letters in order). */
    files?: string[]
  } = {},
) {
  const session: SessionSummary = {
    id: 's1',
    title: 'New session',
    workspace: '/home/me/project',
    mode: 'ask',
    backend: 'fake:test',
    createdAt: 0,
    updatedAt: 0,
    running: false,
    pendingCount: 0,
    ...options.session,
  }
  const calls: FakeCall[] = []
  const listeners = new Set<(event: BridgeEvent) => void>()
  const emit = (event: BridgeEvent) => {
    for (const listener of listeners) listener(event)
  }
  const record = <M extends TuiMethod>(method: M, input: BridgeInput<M>) => {
    calls.push({ method, input })
  }
  const others = options.others ?? []
  const settings: PublicSettings = {
    provider: 'demo',
    model: '',
    openaiBaseUrl: '',
    anthropicBaseUrl: '',
    streamIdleSeconds: 120,
    notifyUrlTitles: false,
    notifyShowsWhatIsAsked: true,
    permissionTimeoutSeconds: 300,
    defaultMode: 'ask',
    defaultWorkspace: '',
    agents: [],
    openaiApiKeySet: false,
    anthropicApiKeySet: false,
    backendLabel: 'Fake test backend',
    sandboxAllowedEnv: [],
    models: [],
    ...options.settings,
  }
  let mcp: BridgeOutput<'listMcpServers'> = options.mcp ?? {
    servers: [],
    problems: [],
    pendingApproval: null,
  }
  let created = 0
  let inbox = options.inbox ?? []
  const settled = (requestId: string, outcome: SettleOutcome) =>
    queueMicrotask(() => {
      emit({ type: 'interaction_settled', sessionId: session.id, requestId, outcome })
      if (!inbox.some((item) => item.interaction.requestId === requestId)) return
      inbox = inbox.filter((item) => item.interaction.requestId !== requestId)
      emit({ type: 'inbox_changed', sessionId: session.id, items: inbox })
    })

  const bridge: TuiBridge = {
    previewCheckpoint: async (input) => (
      record('previewCheckpoint', input),
      { ok: false, reason: 'not_found' }
    ),
    restoreCheckpoint: async (input) => (
      record('restoreCheckpoint', input),
      { ok: true, sessionId: input.sessionId, restoredFiles: [] }
    ),
    listSessions: async (input) => (
      record('listSessions', input),
      [session, ...others.map((o) => o.session)]
    ),
    // The first creation is `session`; later ones (/new) get ids s1-2, s1-3…
    createSession: async (input) => {
      record('createSession', input)
      created += 1
      return {
        ok: true,
        session: created === 1 ? session : { ...session, id: `${session.id}-${created}` },
      }
    },
    openSession: async (input) => {
      record('openSession', input)
      const other = others.find((o) => o.session.id === input.sessionId)
      if (other)
        return {
          ok: true,
          session: other.session,
          events: other.events,
          start: 0,
          total: other.events.length,
          pending: [],
          notices: [],
        }
      if (input.sessionId !== session.id) return { ok: false, reason: 'not_found' }
      return {
        ok: true,
        session,
        events: options.events ?? [],
        start: 0,
        total: options.events?.length ?? 0,
        pending: options.pending ?? [],
        notices: [],
      }
    },
    removeSession: async (input) => (record('removeSession', input), { ok: true }),
    send: async (input) => (record('send', input), { ok: true, turnId: 't1' }),
    stop: async (input) => (record('stop', input), { ok: true }),
    runUserCommand: async (input) => {
      record('runUserCommand', input)
      const ran = options.commands?.[input.command]
      return {
        ok: true,
        exitCode: ran?.exitCode ?? 127,
        signal: null,
        output: ran?.output ?? `bash: ${input.command}: command not found\n`,
        truncated: false,
        timedOut: false,
        sandboxed: true,
      }
    },
    searchWorkspaceFiles: async (input) => {
      record('searchWorkspaceFiles', input)
      const letters = [...input.query.toLowerCase()]
      const inOrder = (path: string) => {
        let at = 0
        for (const letter of letters) {
          at = path.toLowerCase().indexOf(letter, at) + 1
          if (at === 0) return false
        }
        return true
      }
      return { ok: true, paths: (options.files ?? []).filter(inOrder).slice(0, input.limit ?? 20) }
    },
    retryTurn: async (input) => (record('retryTurn', input), { ok: true, turnId: 't2' }),
    setSessionMode: async (input) => (record('setSessionMode', input), { ok: true }),
    setAgentMode: async (input) => {
      record('setAgentMode', input)
      const modes = session.agentModes
      if (!modes) return { ok: false, reason: 'not_an_agent_session' }
      // As the runtime does: the new mode comes back on the session's summary.
      session.agentModes = { ...modes, currentModeId: input.modeId }
      queueMicrotask(() =>
        emit({ type: 'session_changed', sessionId: session.id, session: { ...session } }),
      )
      return { ok: true }
    },
    setAgentConfigOption: async (input) => {
      record('setAgentConfigOption', input)
      const config = session.agentConfig
      if (!config) return { ok: false, reason: 'not_an_agent_session' }
      // As the runtime does: the agent's new values come back on the session's summary.
      session.agentConfig = config.map((o) =>
        o.id === input.configId ? { ...o, currentValue: input.value } : o,
      )
      queueMicrotask(() =>
        emit({ type: 'session_changed', sessionId: session.id, session: { ...session } }),
      )
      return { ok: true }
    },
    respondToPermission: async (input) => {
      record('respondToPermission', input)
      settled(input.requestId, input.decision === 'allow' ? 'allowed' : 'denied')
      return { ok: true }
    },
    respondToQuestion: async (input) => {
      record('respondToQuestion', input)
      settled(input.requestId, 'answered')
      return { ok: true }
    },
    respondToAgentPermission: async (input) => {
      record('respondToAgentPermission', input)
      settled(input.requestId, 'answered')
      return { ok: true }
    },
    respondToForm: async (input) => {
      record('respondToForm', input)
      const { action } = input.response
      settled(
        input.requestId,
        action === 'accept' ? 'answered' : action === 'cancel' ? 'cancelled' : 'declined',
      )
      return { ok: true }
    },
    sendFormAsMessage: async (input) => {
      record('sendFormAsMessage', input)
      settled(input.requestId, 'sent_as_message')
      return { ok: true, turnId: 't2' }
    },
    dismissInteraction: async (input) => {
      record('dismissInteraction', input)
      settled(input.requestId, 'dismissed')
      return { ok: true }
    },
    saveQuestionDraft: async (input) => (record('saveQuestionDraft', input), { ok: true }),
    saveFormDraft: async (input) => (record('saveFormDraft', input), { ok: true }),
    listPending: async (input) => (record('listPending', input), options.pending ?? []),
    listInbox: async (input) => (record('listInbox', input), inbox),
    getSettings: async (input) => (record('getSettings', input), { ...settings }),
    updateSettings: async (input) => {
      record('updateSettings', input)
      if (input.model !== undefined) settings.model = input.model
      return { ok: true, settings: { ...settings } }
    },
    listModels: async (input) => (
      record('listModels', input),
      { ok: true, models: ['fake-small', 'fake-large'], from: 'builtin' }
    ),
    listMcpServers: async (input) => (record('listMcpServers', input), mcp),
    approveMcpServers: async (input) => {
      record('approveMcpServers', input)
      if (mcp.pendingApproval?.hash !== input.hash) return { ok: false, reason: 'changed' }
      mcp = { ...mcp, pendingApproval: null }
      return { ok: true }
    },
    listPermissionRules: async (input) => (
      record('listPermissionRules', input),
      { ok: true, rules: [] }
    ),
    removePermissionRule: async (input) => (
      record('removePermissionRule', input),
      { ok: false, reason: 'not_found' }
    ),
    restartMcpServer: async (input) => {
      record('restartMcpServer', input)
      return mcp.servers.some((s) => s.name === input.name)
        ? { ok: true }
        : { ok: false, reason: 'not_found' }
    },
    onEvent: (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }

  const callsOf = <M extends TuiMethod>(method: M) =>
    calls.filter((c) => c.method === method).map((c) => c.input as BridgeInput<M>)

  return { bridge, session, emit, calls, callsOf }
}
