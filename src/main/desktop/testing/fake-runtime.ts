import type { BridgeEvent, SessionSummary } from '../../../shared/bridge'
import type { PendingInteraction } from '../../../shared/interactions'
import type { PublicSettings } from '../../../shared/settings'
import { inboxItems } from '../../../shared/inbox'
import type { Runtime } from '../../runtime/runtime-types'

/**
 * An in-memory Runtime for host tests: it keeps sessions, pending requests and settings, and
 * emits the events a real runtime would for those changes. `send` parks one permission prompt
 * and one question so the interaction calls have something to answer. Hosts must behave the
 * same with it as with the real runtime; its only job is to make host tests fast and exact.
 */
export interface FakeRuntime extends Runtime {
  /** Everything a bridge call could change, for "nothing changed" assertions. */
  snapshot(): string
  readonly calls: string[]
  closed: boolean
}

export interface FakeRuntimeOptions {
  /**
   * A session that already waits when the runtime starts, as after a restart (requests re-shown
   * or restored as orphaned): its requests are pending with no event announcing them.
   */
  restored?: { title: string }
}

export function createFakeRuntime(options: FakeRuntimeOptions = {}): FakeRuntime {
  const listeners = new Set<(event: BridgeEvent) => void>()
  const sessions = new Map<string, SessionSummary>()
  const pending: PendingInteraction[] = []
  const calls: string[] = []
  let counter = 0
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
    backendLabel: 'Fake runtime',
    sandboxAllowedEnv: [],
    models: [],
  }
  const nextId = (prefix: string) => `${prefix}-${++counter}`
  const parleyCall = (toolCallId: string) =>
    ({ toolCallId, source: { kind: 'parley', toolCallId } }) as const
  let announcedInbox = '[]'
  const inbox = () =>
    inboxItems(
      [...sessions.values()].map((s) => ({
        sessionId: s.id,
        title: s.title,
        pending: pending.filter((p) => p.sessionId === s.id),
      })),
    )
  const emit = (event: BridgeEvent) => {
    for (const listener of listeners) listener(event)
    // As the real runtime: the whole inbox after each change to what waits.
    if (event.type === 'inbox_changed') return
    const items = inbox()
    const json = JSON.stringify(items)
    if (json === announcedInbox) return
    announcedInbox = json
    emit({ type: 'inbox_changed', sessionId: event.sessionId, items })
  }
  const changed = (sessionId: string) =>
    emit({ type: 'session_changed', sessionId, session: sessions.get(sessionId) ?? null })
  const settle = (index: number, outcome: 'answered' | 'allowed' | 'denied' | 'dismissed') => {
    const [item] = pending.splice(index, 1)
    if (!item) return
    emit({
      type: 'interaction_settled',
      sessionId: item.sessionId,
      requestId: item.requestId,
      outcome,
    })
    const session = sessions.get(item.sessionId)
    if (session) {
      session.pendingCount -= 1
      if (session.pendingCount === 0) session.running = false
      changed(item.sessionId)
    }
  }

  const askedIn = (sessionId: string, turnId: string): PendingInteraction[] => {
    const base = { sessionId, turnId, createdAt: counter, recovered: false }
    return [
      {
        kind: 'permission',
        ...base,
        requestId: nextId('perm'),
        ...parleyCall(nextId('call')),
        tool: 'run_command',
        summary: 'Run `npm test`',
        detail: 'npm test',
        risk: 'medium',
        intent: 'run_command: npm test',
        rememberScope: ['run_command: npm test'],
        expiresAt: null,
      },
      {
        kind: 'question',
        ...base,
        requestId: nextId('question'),
        ...parleyCall(nextId('call')),
        questions: [
          {
            question: 'Which colour?',
            options: [{ label: 'Red' }, { label: 'Blue' }],
          },
        ],
        draft: null,
      },
    ]
  }

  if (options.restored) {
    const id = nextId('session')
    const waiting = askedIn(id, nextId('turn'))
    sessions.set(id, {
      id,
      title: options.restored.title,
      workspace: '/tmp',
      mode: settings.defaultMode,
      backend: 'fake',
      createdAt: counter,
      updatedAt: counter,
      running: true,
      pendingCount: waiting.length,
    })
    pending.push(...waiting)
    announcedInbox = JSON.stringify(inbox())
  }

  const runtime: FakeRuntime = {
    calls,
    closed: false,
    snapshot: () => JSON.stringify({ sessions: [...sessions.values()], pending, settings }),
    onEvent(listener) {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
    async close() {
      runtime.closed = true
      listeners.clear()
    },
    async listSessions() {
      calls.push('listSessions')
      return [...sessions.values()].map((s) => ({ ...s }))
    },
    async createSession(input) {
      calls.push('createSession')
      if (input.workspace === '/nonexistent') return { ok: false, reason: 'invalid_workspace' }
      const id = nextId('session')
      const session: SessionSummary = {
        id,
        title: input.title ?? 'New session',
        workspace: input.workspace ?? '/tmp',
        mode: input.mode ?? settings.defaultMode,
        backend: 'fake',
        createdAt: counter,
        updatedAt: counter,
        running: false,
        pendingCount: 0,
      }
      sessions.set(id, session)
      changed(id)
      return { ok: true, session: { ...session } }
    },
    async openSession({ sessionId }) {
      calls.push('openSession')
      const session = sessions.get(sessionId)
      if (!session) return { ok: false, reason: 'not_found' }
      return {
        ok: true,
        session: { ...session },
        events: [],
        start: 0,
        total: 0,
        pending: pending.filter((p) => p.sessionId === sessionId),
        notices: [],
      }
    },
    async loadOlderEvents({ sessionId }) {
      calls.push('loadOlderEvents')
      if (!sessions.has(sessionId)) return { ok: false, reason: 'not_found' }
      return { ok: true, events: [], start: 0 }
    },
    async renameSession({ sessionId, title }) {
      calls.push('renameSession')
      const session = sessions.get(sessionId)
      if (!session) return { ok: false, reason: 'not_found' }
      session.title = title
      changed(sessionId)
      return { ok: true }
    },
    async setSessionMode({ sessionId, mode }) {
      calls.push('setSessionMode')
      const session = sessions.get(sessionId)
      if (!session) return { ok: false, reason: 'not_found' }
      session.mode = mode
      changed(sessionId)
      return { ok: true }
    },
    async removeSession({ sessionId }) {
      calls.push('removeSession')
      if (!sessions.delete(sessionId)) return { ok: false, reason: 'not_found' }
      for (let i = pending.length - 1; i >= 0; i--)
        if (pending[i]?.sessionId === sessionId) pending.splice(i, 1)
      changed(sessionId)
      return { ok: true }
    },
    async send({ sessionId }) {
      calls.push('send')
      const session = sessions.get(sessionId)
      if (!session) return { ok: false, reason: 'not_found' }
      if (session.pendingCount > 0) return { ok: false, reason: 'awaiting_input' }
      if (session.running) return { ok: false, reason: 'busy' }
      const turnId = nextId('turn')
      session.running = true
      emit({ type: 'turn_started', sessionId, turnId })
      const asked = askedIn(sessionId, turnId)
      for (const item of asked) {
        pending.push(item)
        session.pendingCount += 1
        emit({ type: 'interaction_added', sessionId, interaction: item })
      }
      changed(sessionId)
      return { ok: true, turnId }
    },
    async setAgentMode({ sessionId }) {
      calls.push('setAgentMode')
      return sessions.has(sessionId)
        ? { ok: false, reason: 'not_an_agent_session' }
        : { ok: false, reason: 'not_found' }
    },
    async setAgentConfigOption({ sessionId }) {
      calls.push('setAgentConfigOption')
      return sessions.has(sessionId)
        ? { ok: false, reason: 'not_an_agent_session' }
        : { ok: false, reason: 'not_found' }
    },
    async runUserCommand({ sessionId }) {
      calls.push('runUserCommand')
      return { ok: false, reason: 'not_found', message: `no session ${sessionId}` }
    },
    async retryTurn({ sessionId }) {
      calls.push('retryTurn')
      return sessions.has(sessionId)
        ? { ok: false, reason: 'nothing_to_retry' }
        : { ok: false, reason: 'not_found' }
    },
    async stop({ sessionId }) {
      calls.push('stop')
      const session = sessions.get(sessionId)
      if (!session) return { ok: false, reason: 'not_found' }
      if (!session.running) return { ok: false, reason: 'not_running' }
      session.running = false
      changed(sessionId)
      return { ok: true }
    },
    async respondToPermission({ requestId, decision }) {
      calls.push('respondToPermission')
      const index = pending.findIndex((p) => p.requestId === requestId)
      const item = pending[index]
      if (!item) return { ok: false, reason: 'unknown_request' }
      if (item.kind !== 'permission') return { ok: false, reason: 'wrong_kind' }
      settle(index, decision === 'allow' ? 'allowed' : 'denied')
      return { ok: true }
    },
    async respondToQuestion({ requestId, answers }) {
      calls.push('respondToQuestion')
      const index = pending.findIndex((p) => p.requestId === requestId)
      const item = pending[index]
      if (!item) return { ok: false, reason: 'unknown_request' }
      if (item.kind !== 'question') return { ok: false, reason: 'wrong_kind' }
      if (answers.length !== item.questions.length) return { ok: false, reason: 'answer_count' }
      settle(index, 'answered')
      return { ok: true }
    },
    async respondToAgentPermission({ requestId }) {
      calls.push('respondToAgentPermission')
      const item = pending.find((p) => p.requestId === requestId)
      return { ok: false, reason: item ? 'wrong_kind' : 'unknown_request' }
    },
    async respondToForm({ requestId }) {
      calls.push('respondToForm')
      const item = pending.find((p) => p.requestId === requestId)
      return { ok: false, reason: item ? 'wrong_kind' : 'unknown_request' }
    },
    async sendFormAsMessage({ requestId }) {
      calls.push('sendFormAsMessage')
      const item = pending.find((p) => p.requestId === requestId)
      return { ok: false, reason: item ? 'wrong_kind' : 'unknown_request' }
    },
    async saveFormDraft({ requestId }) {
      calls.push('saveFormDraft')
      const item = pending.find((p) => p.requestId === requestId)
      return { ok: false, reason: item ? 'wrong_kind' : 'unknown_request' }
    },
    async dismissInteraction({ requestId }) {
      calls.push('dismissInteraction')
      const index = pending.findIndex((p) => p.requestId === requestId)
      if (index < 0) return { ok: false, reason: 'unknown_request' }
      settle(index, 'dismissed')
      return { ok: true }
    },
    async saveQuestionDraft({ requestId, draft }) {
      calls.push('saveQuestionDraft')
      const item = pending.find((p) => p.requestId === requestId)
      if (!item) return { ok: false, reason: 'unknown_request' }
      if (item.kind !== 'question') return { ok: false, reason: 'wrong_kind' }
      item.draft = draft
      return { ok: true }
    },
    async listPending({ sessionId }) {
      calls.push('listPending')
      return pending.filter((p) => p.sessionId === sessionId)
    },
    async listDevices() {
      calls.push('listDevices')
      return []
    },
    async revokeDevice() {
      calls.push('revokeDevice')
      return { ok: false, reason: 'not_found' }
    },
    async listPermissionRules() {
      calls.push('listPermissionRules')
      return { ok: true, rules: [] }
    },
    async removePermissionRule() {
      calls.push('removePermissionRule')
      return { ok: false, reason: 'not_found' }
    },
    async listInbox() {
      calls.push('listInbox')
      return inbox()
    },
    async getSettings() {
      calls.push('getSettings')
      return { ...settings }
    },
    async updateSettings(patch) {
      calls.push('updateSettings')
      const { openaiApiKey, anthropicApiKey, ...rest } = patch
      Object.assign(settings, rest)
      if (openaiApiKey !== undefined) settings.openaiApiKeySet = openaiApiKey !== ''
      if (anthropicApiKey !== undefined) settings.anthropicApiKeySet = anthropicApiKey !== ''
      return { ok: true, settings: { ...settings } }
    },
    async listMcpServers() {
      calls.push('listMcpServers')
      return { servers: [], problems: [], pendingApproval: null }
    },
    async approveMcpServers() {
      calls.push('approveMcpServers')
      return { ok: false, reason: 'changed' }
    },
    async restartMcpServer() {
      calls.push('restartMcpServer')
      return { ok: false, reason: 'not_found' }
    },
    async signInMcpServer() {
      calls.push('signInMcpServer')
      return { ok: false, reason: 'not_found' }
    },
    async signOutMcpServer() {
      calls.push('signOutMcpServer')
      return { ok: false, reason: 'not_found' }
    },
    async addMcpServer() {
      calls.push('addMcpServer')
      return { ok: false, reason: 'exists', message: 'Fake runtime: a server by that name exists.' }
    },
    async listModels() {
      calls.push('listModels')
      return { ok: true, models: [...settings.models], from: 'builtin' }
    },
    async testConnection() {
      calls.push('testConnection')
      return { ok: true, message: 'Fake runtime: nothing to connect to.' }
    },
    async listCheckpoints() {
      calls.push('listCheckpoints')
      return { ok: true, checkpoints: [] }
    },
    async previewCheckpoint() {
      calls.push('previewCheckpoint')
      return { ok: false, reason: 'not_found' }
    },
    async restoreCheckpoint() {
      calls.push('restoreCheckpoint')
      return { ok: false, reason: 'not_found' }
    },
    async listProjects() {
      calls.push('listProjects')
      return { ok: true, projects: [] }
    },
    async completeFolder() {
      calls.push('completeFolder')
      return { ok: true, folders: [] }
    },
    async pickFolder() {
      calls.push('pickFolder')
      return { ok: false, reason: 'unsupported' }
    },
    async searchWorkspaceFiles() {
      calls.push('searchWorkspaceFiles')
      return { ok: true, paths: [] }
    },
    async searchSessions() {
      calls.push('searchSessions')
      return { ok: true, matches: [] }
    },
    async readAttachment() {
      calls.push('readAttachment')
      return { ok: false, reason: 'not_found' }
    },
  }
  return runtime
}
