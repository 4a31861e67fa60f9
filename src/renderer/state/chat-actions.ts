/** The chat store's public shape: its options, its actions, and what components get. */
import type { StoreApi } from 'zustand/vanilla'
import type {
  BridgeOutput,
  FormDraft,
  FormResponse,
  McpServerToAdd,
  PairedDevice,
  ParleyBridge,
  PermissionMode,
  ProviderCandidate,
  RememberScope,
  SettingsPatch,
} from '../../shared'
import type { RestoreWhat } from '../../shared/checkpoints'
import type { OutgoingAttachment } from '../../shared/attachments'
import type { ConnectionState } from '../bridge/web-socket-bridge'
import type { AppState } from './app-state'
import type { FrameScheduler } from './event-queue'

/** Remembers the shown session across a page reload (per tab). */
export type ActiveSessionMemory = {
  read(): string | null
  write(sessionId: string | null): void
}

/** Remembers who new sessions talk to (the New-session menu's last choice) across launches. */
export type AgentChoiceMemory = {
  read(): string | null
  write(choice: string): void
}

export type ChatStoreOptions = {
  bridge: ParleyBridge
  onConnection?: (callback: (state: ConnectionState) => void) => () => void
  scheduleFrame?: FrameScheduler
  memory?: ActiveSessionMemory
  agentChoiceMemory?: AgentChoiceMemory
  /**
   * How long a newly shown tray ignores its keyboard shortcuts (type-ahead guard);
   * PROMPT_ARMING_MS unless a test says otherwise.
   */
  promptArmingMs?: number
  /** This page is a paired device's (`parley serve --remote`): it answers for the turn only. */
  paired?: boolean
  /** Records asked for when a session opens (its newest); older ones page in on scroll. */
  tailRecords?: number
}

/** The person's answer to a permission prompt. */
export type PermissionAnswer = {
  sessionId: string
  requestId: string
  decision: 'allow' | 'deny'
  remember: boolean
  /** How long Remember lasts (absent: this turn). */
  scope?: RememberScope
  /** With a denial: what the agent should do instead. */
  note?: string
}

/** Model ids to offer in Settings, and whether the provider's server listed them itself. */
export type ModelSuggestions = { models: readonly string[]; fromServer: boolean }

/** How a Retry went: started, or why not, in plain words. */
export type RetryOutcome = { ok: true } | { ok: false; message: string }

/** How approving a workspace's MCP servers went. */
export type McpApprovalOutcome = 'approved' | 'changed' | 'failed'

/** What components may ask for; each action calls the bridge, then a pure state function. */
export type ChatActions = {
  start(): () => void
  reload(): Promise<void>
  selectSession(sessionId: string): Promise<void>
  /** Pages in older rows of a session opened from its tail; resolves when they are in. */
  loadOlder(sessionId: string): Promise<void>
  /** A new session: in `workspace` when given, else where the runtime's default says. */
  createSession(options?: { workspace?: string }): Promise<string | null>
  /**
   * "Open folder…": the host's own folder picker where it has one (Electron), else the page's
   * Open folder dialog; the folder chosen gets a new session.
   */
  openFolder(): Promise<void>
  /** A new session in `folder` (the Open folder dialog, a recent project); why not, in plain words. */
  openProject(folder: string): Promise<{ ok: true } | { ok: false; message: string }>
  /** The Open folder dialog was closed without a folder. */
  closeFolderDialog(): void
  /** Existing folders that complete what was typed in the Open folder dialog. */
  completeFolder(partial: string): Promise<readonly string[]>
  /**
   * "New session" with the agent last chosen: the session shown when it is still empty (nothing
   * sent, nothing running) and talks to that agent, else a new one. Pressing it twice never
   * leaves an empty session behind.
   */
  newSession(): Promise<string | null>
  /**
   * The person picked who to talk to in the New-session menu: remembered for New session and
   * Ctrl/Cmd+N, and a session with that agent is shown (an empty one with another agent is
   * replaced, so no empty session is left behind).
   */
  chooseAgent(choice: string): Promise<string | null>
  /** Switches an ACP session's agent to one of its own modes. */
  setAgentMode(sessionId: string, modeId: string): Promise<void>
  /** Sets one of an ACP session's agent config options (model, reasoning effort, …). */
  setAgentConfigOption(sessionId: string, configId: string, value: string): Promise<void>
  /** Reads a workspace's MCP servers again (status, tools, what waits for approval). */
  refreshMcp(workspace: string): Promise<void>
  /** Approves the workspace's `.mcp.json` as it was shown (`hash`); its servers start. */
  approveMcp(workspace: string, hash: string): Promise<McpApprovalOutcome>
  /** "Not now": the approval is not shown again in this window until the file changes. */
  putOffMcpApproval(workspace: string, hash: string): void
  /** Starts a server again now; how it went, in plain words. */
  restartMcp(workspace: string, name: string): Promise<{ ok: boolean; message: string }>
  /** Settings' Sign in: the page to open (from the click), or what happened instead. */
  signInMcp(
    workspace: string,
    name: string,
  ): Promise<{ ok: boolean; message: string; url?: string }>
  signOutMcp(workspace: string, name: string): Promise<{ ok: boolean; message: string }>
  /**
   * Adds a server to the person's own mcp.json (checked by the form first), then reads the
   * workspace's servers again; how it went, in plain words.
   */
  addMcpServer(workspace: string, server: McpServerToAdd): Promise<{ ok: boolean; message: string }>
  renameSession(sessionId: string, title: string): Promise<void>
  removeSession(sessionId: string): Promise<void>
  setComposerDraft(sessionId: string, text: string): void
  /** Attaches a file or image to the draft under `key`; false when it could not (limit, twice). */
  addAttachment(key: string, attachment: OutgoingAttachment): boolean
  removeAttachment(key: string, index: number): void
  /** `@` completion: the session's workspace files and folders best matching `query`. */
  searchWorkspaceFiles(sessionId: string, query: string): Promise<readonly string[]>
  /** Sessions whose messages contain `query`: session id → the words around the match. */
  searchSessions(query: string): Promise<ReadonlyMap<string, string>>
  /** An image a message of the session carries, as a `data:` URL; null when it is gone. */
  readAttachment(sessionId: string, sha256: string): Promise<string | null>
  /**
   * Sends the active session's draft; resolves true when the runtime took it or it was queued
   * (while a turn runs, a message waits and goes when the turn ends).
   */
  send(): Promise<boolean>
  /** Changes a queued message; blank text cancels it. */
  editQueuedMessage(sessionId: string, id: string, text: string): void
  /** Takes a message out of the queue before it is sent. */
  cancelQueuedMessage(sessionId: string, id: string): void
  stop(sessionId: string): Promise<void>
  /** Runs the model again after a turn that failed. */
  retryTurn(sessionId: string): Promise<RetryOutcome>
  setMode(sessionId: string, mode: PermissionMode): Promise<void>
  updateSettings(patch: SettingsPatch): Promise<boolean>
  /**
   * Model ids to suggest for the saved provider, or for `candidate` (the Settings form's,
   * unsaved): the server's list where it answers.
   */
  listModels(candidate?: ProviderCandidate): Promise<ModelSuggestions>
  /** One small request to the saved provider, or to `candidate`; how it went, in plain words. */
  testConnection(candidate?: ProviderCandidate): Promise<{ ok: boolean; message: string }>
  /** Devices paired with `parley serve --remote`; null when they could not be read. */
  listDevices(): Promise<readonly PairedDevice[] | null>
  /** Forgets a paired device: its open page is cut off and its token opens nothing again. */
  revokeDevice(deviceId: string): Promise<boolean>
  /** Lasting permission rules (and a mistake in their file); null when they could not be read. */
  listPermissionRules(): Promise<BridgeOutput<'listPermissionRules'> | null>
  removePermissionRule(ruleId: string): Promise<boolean>
  respondToPermission(answer: PermissionAnswer): Promise<boolean>
  respondToQuestion(
    sessionId: string,
    requestId: string,
    answers: Array<string | string[] | null>,
  ): Promise<boolean>
  /** An ACP agent's permission request: the option chosen, by the agent's own id. */
  respondToAgentPermission(sessionId: string, requestId: string, optionId: string): Promise<boolean>
  /** A form: accept (content already checked against the form), decline or cancel. */
  respondToForm(sessionId: string, requestId: string, response: FormResponse): Promise<boolean>
  /** An orphaned form: its answers go to the same agent as a new message. */
  sendFormAsMessage(sessionId: string, requestId: string, response: FormResponse): Promise<boolean>
  dismissInteraction(sessionId: string, requestId: string): Promise<boolean>
  saveQuestionDraft(requestId: string, draft: FormDraft): void
  saveFormDraft(requestId: string, draft: FormDraft): void
  dismissError(): void
  /** Shows a problem the page found itself (an image too large to attach), in plain words. */
  showError(message: string): void
  /** What rewinding a session's files to before a turn would change; null when it failed (said). */
  previewRewind(
    sessionId: string,
    turnId: string,
  ): Promise<BridgeOutput<'previewCheckpoint'> | null>
  /**
   * Rewinds a session to before a turn: files, conversation or both. A conversation rewind opens
   * the new session with that turn's message in its composer, to edit and send again.
   */
  rewind(
    sessionId: string,
    turnId: string,
    what: { restore: RestoreWhat; force: boolean; messageText: string },
  ): Promise<BridgeOutput<'restoreCheckpoint'> | null>
}

export type ChatStore = {
  state: StoreApi<AppState>
  actions: ChatActions
  /** Milliseconds a new tray ignores its keyboard shortcuts. */
  promptArmingMs: number
  /** A paired device's page: no lasting permission rules from here. */
  paired: boolean
}
