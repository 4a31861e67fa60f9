import { homedir } from 'node:os'
import { resolve } from 'node:path'
import type { LogNotice } from '../../shared/bridge'
import type { BridgeHandlers } from '../../shared/bridge-dispatch'
import type { DeviceRef } from '../../shared/devices'
import type { AgentRef } from '../../shared/session-events'
import type { AgentSessions } from './acp/agent-sessions'
import type { Answers } from './answers'
import type { Chat } from './chat'
import type { Inbox } from './inbox'
import type { McpHub } from './mcp/mcp-hub'
import type { NewSessions } from './new-sessions'
import type { InteractionBroker } from './interactions/broker'
import type { PermissionGate } from './interactions/permission-gate'
import type { PermissionRuleStore } from './permissions/permission-rule-store'
import { completeFolder } from './projects/folder-completions'
import { readImageAttachment } from './projects/message-attachments'
import type { RecentProjects } from './projects/recent-projects'
import type { WorkspaceFileIndexes } from './projects/workspace-file-indexes'
import type { DeviceStore } from './remote/device-store'
import type { Rewind } from './rewind'
import type { SessionStore } from './session-store'
import type { SessionState } from './sessions/session-state'
import type { SettingsService } from './settings-service'
import type { TurnDriver } from './turn-drivers'
import type { CommandSandbox } from './sandbox/command-sandbox'
import { runUserCommand } from './tools/user-command'

/** The services the bridge calls reach (compose.ts builds them). */
export interface Services {
  store: SessionStore
  broker: InteractionBroker
  newSessions: NewSessions
  chat: Chat
  answers: Answers
  inbox: Inbox
  rewind: Rewind
  settings: SettingsService
  agents: AgentSessions
  gate: PermissionGate
  rules: PermissionRuleStore
  mcp: McpHub
  projects: RecentProjects
  fileIndexes: WorkspaceFileIndexes
  devices: DeviceStore
  driverFor(session: SessionState): TurnDriver
  /** The sandbox commands run in, and the environment they get (a `!command` of the person's). */
  sandbox(): CommandSandbox
  commandEnv(): Promise<NodeJS.ProcessEnv>
  /** A session's open problems besides its log's (commands run unsandboxed). */
  notices(session: SessionState): LogNotice[]
}

const ok = { ok: true } as const

/** A call only a session with an ACP agent takes (its modes, its config options). */
async function agentCall(
  session: SessionState | undefined,
  call: (
    session: SessionState,
    agent: AgentRef,
  ) => Promise<{ ok: true } | { ok: false; message: string }>,
): Promise<
  | { ok: true }
  | { ok: false; reason: 'not_found' | 'not_an_agent_session' | 'failed'; message?: string }
> {
  if (!session) return { ok: false, reason: 'not_found' }
  const agent = session.header.agent
  if (!agent) return { ok: false, reason: 'not_an_agent_session' }
  const result = await call(session, agent)
  return result.ok ? ok : { ok: false, reason: 'failed', message: result.message }
}

/**
 * Each bridge call, mapped to the one service that answers it. The runtime's whole surface: a
 * host dispatches validated input here (`dispatchBridgeCall`) and nothing else.
 */
export function bridgeHandlers(s: Services): BridgeHandlers {
  const { store, answers, rewind, settings, mcp } = s
  const session = (sessionId: string) => store.session(sessionId)
  return {
    // ── sessions
    listSessions: async () => store.list(),
    createSession: (input) => s.newSessions.createSession(input),
    openSession: async (input) => store.open(input, s.notices, (id) => s.broker.list(id)),
    loadOlderEvents: async (input) => store.loadOlder(input),
    renameSession: async ({ sessionId, title }) => {
      const found = session(sessionId)
      if (!found) return { ok: false, reason: 'not_found' }
      store.retitle(found, title)
      return ok
    },
    setSessionMode: async ({ sessionId, mode }) => {
      const found = session(sessionId)
      if (!found) return { ok: false, reason: 'not_found' }
      if (store.setMode(found, mode)) s.gate.modeChanged(found)
      return ok
    },
    setAgentMode: ({ sessionId, modeId }) =>
      agentCall(session(sessionId), (found, agent) => s.agents.setMode(found, agent, modeId)),
    setAgentConfigOption: ({ sessionId, configId, value }) =>
      agentCall(session(sessionId), (found, agent) =>
        s.agents.setConfigOption(found, agent, configId, value),
      ),
    removeSession: async ({ sessionId }) => {
      const found = session(sessionId)
      if (!found && !store.index.get(sessionId)) return { ok: false, reason: 'not_found' }
      if (found) await s.driverFor(found).end(found, 'removed')
      const { workspace } = store.remove(sessionId)
      if (workspace !== undefined) rewind.forget(sessionId, workspace)
      s.rules.removeSession(sessionId)
      return ok
    },
    // ── chat
    send: (input) => s.chat.send(input),
    stop: (input) => s.chat.stop(input),
    retryTurn: (input) => s.chat.retryTurn(input),
    runUserCommand: async ({ sessionId, command }) => {
      const found = session(sessionId)
      if (!found) return { ok: false, reason: 'not_found' }
      return runUserCommand(found.header.workspace, command, {
        sandbox: s.sandbox(),
        commandEnv: s.commandEnv,
      })
    },
    // ── interactions
    respondToPermission: (input) => answers.respondToPermission(input),
    respondToQuestion: (input) => answers.respondToQuestion(input),
    respondToAgentPermission: (input) => answers.respondToAgentPermission(input),
    respondToForm: (input) => answers.respondToForm(input),
    sendFormAsMessage: (input) => answers.sendFormAsMessage(input),
    dismissInteraction: (input) => answers.dismissInteraction(input),
    saveQuestionDraft: (input) => answers.saveQuestionDraft(input),
    saveFormDraft: (input) => answers.saveFormDraft(input),
    listPending: (input) => answers.listPending(input),
    listInbox: async () => s.inbox.items(),
    // ── paired devices and permission rules
    listDevices: async () => s.devices.list(),
    revokeDevice: async ({ deviceId }) =>
      (await s.devices.revoke(deviceId)) ? ok : { ok: false, reason: 'not_found' },
    listPermissionRules: async ({ workspace }) => {
      // Listing reads the rules file, which says whether it has a problem.
      const rules = s.rules.list(workspace)
      const problem = s.rules.problem
      return { ok: true, rules, ...(problem !== undefined ? { problem } : {}) }
    },
    removePermissionRule: async ({ ruleId }) =>
      s.rules.remove(ruleId) ? ok : { ok: false, reason: 'not_found' },
    // ── settings
    getSettings: (input) => settings.getSettings(input),
    listModels: (input) => settings.listModels(input),
    testConnection: (input) => settings.testConnection(input),
    updateSettings: (input) => settings.updateSettings(input),
    // ── MCP servers
    listMcpServers: ({ workspace }) => mcp.status(resolve(workspace)),
    approveMcpServers: async ({ workspace, hash }) =>
      (await mcp.approve(resolve(workspace), hash))
        ? ok
        : {
            ok: false,
            reason: 'changed',
            message: 'the file changed since it was shown; look again',
          },
    restartMcpServer: async ({ workspace, name }) =>
      (await mcp.restart(resolve(workspace), name)) ? ok : { ok: false, reason: 'not_found' },
    signInMcpServer: ({ workspace, name }) => mcp.signIn(resolve(workspace), name),
    signOutMcpServer: async ({ workspace, name }) =>
      (await mcp.signOut(resolve(workspace), name)) ? ok : { ok: false, reason: 'not_found' },
    addMcpServer: (input) => mcp.addUserServer(input),
    // ── projects and files
    listProjects: async () => ({ ok: true, projects: s.projects.list() }),
    completeFolder: async ({ partial }) => ({
      ok: true,
      folders: await completeFolder(partial, { home: homedir() }),
    }),
    searchWorkspaceFiles: async ({ sessionId, query, limit = 20 }) => {
      const found = session(sessionId)
      if (!found) return { ok: false, reason: 'not_found' }
      return { ok: true, paths: s.fileIndexes.search(found.header.workspace, query, limit) }
    },
    searchSessions: async ({ query }) => {
      const newestFirst = [...store.index.entries()]
        .sort((a, b) => b.updatedAt - a.updatedAt)
        .map((entry) => entry.id)
      return { ok: true, matches: store.texts.search(newestFirst, query, 200) }
    },
    readAttachment: async ({ sessionId, sha256 }) => {
      const found = session(sessionId)
      if (!found) return { ok: false, reason: 'not_found' }
      return readImageAttachment(found.events, sha256, store.attachments(found))
    },
    /** The runtime has no folder picker of its own: the Electron host answers this with its dialog. */
    pickFolder: async () => ({ ok: false, reason: 'unsupported' }),
    // ── checkpoints
    listCheckpoints: (input) => rewind.listCheckpoints(input),
    previewCheckpoint: (input) => rewind.previewCheckpoint(input),
    restoreCheckpoint: (input) => rewind.restoreCheckpoint(input),
  }
}

/**
 * The bridge calls as a paired device makes them: the same, except that every answer is
 * recorded as given from `device`, and what opens a browser on this computer is refused.
 */
export function deviceHandlers(
  handlers: BridgeHandlers,
  answers: Answers,
  device: DeviceRef,
): BridgeHandlers {
  return {
    ...handlers,
    respondToPermission: (input) => answers.respondToPermission(input, device),
    respondToQuestion: (input) => answers.respondToQuestion(input, device),
    respondToAgentPermission: (input) => answers.respondToAgentPermission(input, device),
    respondToForm: (input) => answers.respondToForm(input, device),
    // Signing in opens a browser on this computer: only the person at it does that.
    signInMcpServer: async () => ({ ok: false, reason: 'forbidden' }),
    signOutMcpServer: async () => ({ ok: false, reason: 'forbidden' }),
  }
}
