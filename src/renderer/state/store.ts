import { createStore, type StoreApi } from 'zustand/vanilla'
import type {
  BridgeEvent,
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
import { PROMPT_ARMING_MS } from '../../shared/prompt-arming'
import type { ConnectionState } from '../bridge/web-socket-bridge'
import {
  INITIAL_STATE,
  activeSession,
  agentChosen,
  mcpApprovalPutOff,
  mcpListed,
  queueOf,
  bridgeEventArrived,
  composerDraftChanged,
  connectionChanged,
  draftKey,
  deltasArrived,
  errorShown,
  formDraftChanged,
  inboxListed,
  loadFinished,
  messageQueueOf,
  olderEventsLoaded,
  pendingListed,
  requestSettled,
  selectSession,
  sessionChanged,
  sessionOpened,
  sessionsListed,
  settingsLoaded,
  type AppState,
} from './app-state'
import { BROWSER_CLOCK, createEventQueue, type FrameScheduler } from './event-queue'
import { createQueuedSender, isWaitReason } from './queued-sender'
import { effectiveAgentChoice, sessionHasAgent } from './agent-choice'
import type { TextDelta } from '../../shared/transcript'
import { errorMessage } from '../../shared/plain-error'
import type { RestoreWhat } from '../../shared/checkpoints'
import { folderAskChanged, projectsListed } from './project-state'
import type { OutgoingAttachment } from '../../shared/attachments'
import {
  attachmentAdded,
  attachmentRemoved,
  attachmentsMoved,
  attachmentsSent,
  composerAttachmentsOf,
} from './composer-attachments'

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

/** Enough records for a tall window of rows, plus a margin (a row takes one to a few records). */
const TAIL_RECORDS = 120
/** Records per page scrolled in above. */
const OLDER_PAGE = 400

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
  /** Model ids to suggest for the configured provider (the server's list where it answers). */
  /** The models of the saved provider, or of `candidate` (the Settings form's, unsaved). */
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

const defaultMemory: ActiveSessionMemory = {
  read() {
    try {
      return sessionStorage.getItem('parley.activeSession')
    } catch {
      return null
    }
  },
  write(sessionId) {
    try {
      if (sessionId) sessionStorage.setItem('parley.activeSession', sessionId)
      else sessionStorage.removeItem('parley.activeSession')
    } catch {
      // Storage can be unavailable (privacy settings); the newest session is shown instead.
    }
  },
}

const defaultChoiceMemory: AgentChoiceMemory = {
  read() {
    try {
      return localStorage.getItem('parley.agentChoice')
    } catch {
      return null
    }
  },
  write(choice) {
    try {
      localStorage.setItem('parley.agentChoice', choice)
    } catch {
      // Without storage the choice lasts as long as the window.
    }
  },
}

/** Why a message with attachments is not queued while the agent works. */
const ATTACHMENTS_WAIT =
  'A message with attachments is sent when the agent is done: send it then, or stop the agent.'

const REASON_TEXT: Record<string, string> = {
  busy: 'The agent is still working on this session.',
  awaiting_input: 'The agent is waiting for your answer first.',
  not_found: 'That session no longer exists.',
  unknown_request: 'That request was already settled.',
  answer_count: 'The answers do not match the questions.',
  invalid_workspace: 'That workspace folder cannot be used.',
  unknown_agent: 'That agent is no longer in Settings.',
  not_an_agent_session: 'This session talks to Parley’s own agent, which has no agent modes.',
  invalid: 'Those settings are not valid.',
  nothing_to_retry:
    'There is nothing to retry: the last turn did not fail, or it was retried already.',
  orphaned: 'The agent that asked is no longer waiting: send your answers as a message instead.',
  not_orphaned: 'The agent is still waiting for this answer: submit it instead.',
  unknown_option: 'The agent does not offer that choice.',
  live_request: 'The agent is waiting for this answer: answer it, or stop the turn.',
}

/**
 * One frame's worth of queued changes, in arrival order. Runs of text deltas go to their rows
 * together; any other event first lets the deltas before it land (a committed record replaces the
 * text streamed before it).
 */
function applyBatch(
  state: AppState,
  batch: readonly (BridgeEvent | ((s: AppState) => AppState))[],
): AppState {
  let next = state
  let deltas: TextDelta[] = []
  const landDeltas = () => {
    if (deltas.length === 0) return
    next = deltasArrived(next, deltas)
    deltas = []
  }
  for (const item of batch) {
    if (typeof item !== 'function' && item.type === 'text_delta') {
      deltas.push(item)
      continue
    }
    landDeltas()
    next = typeof item === 'function' ? item(next) : bridgeEventArrived(next, item)
  }
  landDeltas()
  return next
}

/**
 * The chat client's state: a zustand store holding an AppState, changed only through the pure
 * functions of app-state.ts, plus the actions that talk to the bridge.
 */
export function createChatStore(options: ChatStoreOptions): ChatStore {
  const { bridge } = options
  const memory = options.memory ?? defaultMemory
  const choiceMemory = options.agentChoiceMemory ?? defaultChoiceMemory
  const state = createStore<AppState>(() => agentChosen(INITIAL_STATE, choiceMemory.read()))
  const update = (fn: (s: AppState) => AppState) => {
    const current = state.getState()
    const next = fn(current)
    if (next !== current) state.setState(next, true)
  }
  const fail = (error: unknown) => update((s) => errorShown(s, errorMessage(error)))
  const refuse = (reason: string, message?: string) =>
    update((s) => errorShown(s, message ?? REASON_TEXT[reason] ?? reason))
  const queued = createQueuedSender({ state, update, bridge, refuse })
  /**
   * Sends the person's answer to a request. "unknown_request" means it was already settled
   * (answered in another tab, stopped, timed out): the tray closes either way.
   */
  const answer = async (
    sessionId: string,
    requestId: string,
    send: () => Promise<{ ok: true } | { ok: false; reason: string; message?: string | undefined }>,
  ): Promise<boolean> => {
    try {
      const result = await send()
      if (!result.ok && result.reason !== 'unknown_request') {
        refuse(result.reason, result.message)
        return false
      }
      later((s) => requestSettled(s, sessionId, requestId))
      return true
    } catch (error) {
      fail(error)
      return false
    }
  }

  /**
   * Live events, and the outcome of an answer, are queued and applied together, in order, as one
   * state change: the messages of one burst (after a Submit: the answer's record, the request
   * settling, the session changing, the next step's first text) cost one render, right after
   * they arrive; a fast stream costs one render per frame however many deltas arrive.
   */
  type Change = BridgeEvent | ((s: AppState) => AppState)
  const frame = createEventQueue<Change>(
    (batch) => update((s) => applyBatch(s, batch)),
    options.scheduleFrame
      ? { nextFrame: options.scheduleFrame, soon: options.scheduleFrame }
      : BROWSER_CLOCK,
    (change) => typeof change === 'function' || change.type !== 'text_delta',
  )
  const later = (change: (s: AppState) => AppState) => frame.push(change)

  const tailRecords = options.tailRecords ?? TAIL_RECORDS
  const openSession = async (sessionId: string) => {
    const result = await bridge.openSession({ sessionId, limit: tailRecords })
    // Whatever arrived before the answer is older than it: apply that first.
    frame.flush()
    if (!result.ok) {
      update((s) => sessionChanged(s, sessionId, null))
      return
    }
    update((s) => sessionOpened(s, result))
  }

  const loadingOlder = new Map<string, Promise<void>>()
  const loadOlder = (sessionId: string): Promise<void> => {
    const before = state.getState().transcripts[sessionId]?.start ?? 0
    if (before === 0) return Promise.resolve()
    const key = `${sessionId}:${before}`
    const running = loadingOlder.get(key)
    if (running) return running
    const loading = (async () => {
      try {
        const page = await bridge.loadOlderEvents({ sessionId, before, limit: OLDER_PAGE })
        if (page.ok) update((s) => olderEventsLoaded(s, sessionId, { ...page, before }))
      } catch (error) {
        fail(error)
      } finally {
        loadingOlder.delete(key)
      }
    })()
    loadingOlder.set(key, loading)
    return loading
  }

  /** The shown session when nothing was sent in it, nothing runs and nothing waits. */
  const shownIfEmpty = () => {
    const current = state.getState()
    const shown = activeSession(current)
    const transcript = shown ? current.transcripts[shown.id] : undefined
    const empty =
      shown &&
      transcript &&
      transcript.items.length === 0 &&
      !shown.running &&
      queueOf(current, shown.id).length === 0
    return empty ? shown : undefined
  }
  /** The agent new sessions get: what the person chose (while offered), else the launch's default. */
  const chosenAgent = () => {
    const { agentChoice, settings } = state.getState()
    return effectiveAgentChoice(agentChoice, settings)
  }

  /**
   * The empty session shown before is replaced by `id`: what was typed in it moves along, and it
   * is removed, so no empty session is left behind.
   */
  const replaceEmpty = async (empty: ReturnType<typeof shownIfEmpty>, id: string) => {
    if (!empty || empty.id === id) return
    const typed = state.getState().composerDrafts[empty.id] ?? ''
    if (typed !== '') update((s) => composerDraftChanged(s, id, typed))
    try {
      await bridge.removeSession({ sessionId: empty.id })
    } catch {
      // Never saved (nothing was sent), so nothing is left on disk either way.
    }
    update((s) => sessionChanged(s, empty.id, null))
  }
  const refreshProjects = async () => {
    try {
      const listed = await bridge.listProjects({})
      update((s) => projectsListed(s, listed.projects))
    } catch {
      // The list is a convenience: the sessions themselves are already shown.
    }
  }

  let creating: Promise<string | null> | null = null
  const show = async (sessionId: string | null) => {
    memory.write(sessionId)
    update((s) => selectSession(s, sessionId))
    if (sessionId) await openSession(sessionId)
  }

  const actions: ChatActions = {
    start() {
      const offEvent = bridge.onEvent((event) => frame.push(event))
      // A bridge without a link to watch (in-process) is always up.
      if (!options.onConnection) update((s) => connectionChanged(s, 'open'))
      let wasDown = false
      const offConnection = options.onConnection?.((connection) => {
        update((s) => connectionChanged(s, connection))
        if (connection === 'reconnecting') wasDown = true
        if (connection === 'open' && wasDown) {
          wasDown = false
          void actions.reload()
        }
      })
      void actions.reload()
      return () => {
        offEvent()
        offConnection?.()
      }
    },

    async reload() {
      try {
        const [settings, sessions, inbox, projects] = await Promise.all([
          bridge.getSettings({}),
          bridge.listSessions({}),
          bridge.listInbox({}),
          // A convenience, and refused to a paired phone: never a reason not to load the rest.
          bridge.listProjects({}).then(
            (listed) => listed.projects,
            () => [],
          ),
        ])
        update((s) =>
          projectsListed(
            inboxListed(settingsLoaded(sessionsListed(s, sessions), settings), inbox),
            projects,
          ),
        )
        const current = state.getState()
        const remembered = current.activeSessionId ?? memory.read()
        const target =
          sessions.find((s) => s.id === remembered)?.id ?? current.sessions[0]?.id ?? null
        // The first screen is a session ready to type into, with its workspace and mode; the
        // runtime saves it only once something is sent.
        if (target) await show(target)
        else await actions.createSession()
        update(loadFinished)
        // Background sessions that wait for input: read their queues so the sidebar is exact.
        await Promise.all(
          sessions
            .filter((s) => s.pendingCount > 0 && s.id !== target)
            .map(async (s) => {
              const pending = await bridge.listPending({ sessionId: s.id })
              update((st) => pendingListed(st, s.id, pending))
            }),
        )
      } catch (error) {
        update(loadFinished)
        fail(error)
      }
    },

    loadOlder,

    async selectSession(sessionId) {
      try {
        await show(sessionId)
      } catch (error) {
        fail(error)
      }
    },

    createSession(options = {}) {
      // One creation at a time: Enter pressed while "New session" is still being created sends to
      // that session instead of creating a second one.
      creating ??= (async () => {
        // From the click on, the composer belongs to the session being created, so text typed
        // meanwhile can never land in the one on screen before.
        update((s) => selectSession(s, null))
        try {
          // Untouched, the runtime's own default applies (the `--acp` agent, else Parley's).
          const result = await bridge.createSession({
            ...(state.getState().agentChoice === null ? {} : { agent: chosenAgent() }),
            ...(options.workspace !== undefined ? { workspace: options.workspace } : {}),
          })
          // No folder named and no default: the person is asked for one (what they typed waits).
          if (!result.ok && result.reason === 'no_workspace') {
            void actions.openFolder()
            return null
          }
          if (!result.ok) {
            refuse(result.reason, result.message)
            return null
          }
          void refreshProjects()
          const id = result.session.id
          update((s) => {
            const typed = s.composerDrafts[draftKey(null)] ?? ''
            const next = sessionChanged(s, id, result.session)
            return typed === ''
              ? next
              : composerDraftChanged(composerDraftChanged(next, draftKey(null), ''), id, typed)
          })
          await show(id)
          return id
        } catch (error) {
          fail(error)
          return null
        } finally {
          creating = null
        }
      })()
      return creating
    },

    async openFolder() {
      try {
        const picked = await bridge.pickFolder({})
        if (picked.ok) await actions.openProject(picked.path)
        else if (picked.reason === 'unsupported') update((s) => folderAskChanged(s, true))
      } catch (error) {
        fail(error)
      }
    },

    async openProject(folder) {
      const empty = shownIfEmpty()
      if (empty && empty.workspace === folder && sessionHasAgent(empty, chosenAgent())) {
        update((s) => folderAskChanged(s, false))
        return { ok: true }
      }
      try {
        const result = await bridge.createSession({
          ...(state.getState().agentChoice === null ? {} : { agent: chosenAgent() }),
          workspace: folder,
        })
        if (!result.ok)
          return {
            ok: false,
            message: result.message ?? REASON_TEXT[result.reason] ?? result.reason,
          }
        const id = result.session.id
        update((s) => {
          // What was typed while no session existed (the folder was being asked for) moves along.
          const typed = s.composerDrafts[draftKey(null)] ?? ''
          const next = sessionChanged(folderAskChanged(s, false), id, result.session)
          return typed === ''
            ? next
            : composerDraftChanged(composerDraftChanged(next, draftKey(null), ''), id, typed)
        })
        await replaceEmpty(empty, id)
        await show(id)
        void refreshProjects()
        return { ok: true }
      } catch (error) {
        return { ok: false, message: errorMessage(error) }
      }
    },

    closeFolderDialog() {
      update((s) => folderAskChanged(s, false))
    },

    async completeFolder(partial) {
      try {
        return (await bridge.completeFolder({ partial })).folders
      } catch {
        return []
      }
    },

    async newSession() {
      const empty = shownIfEmpty()
      if (empty && sessionHasAgent(empty, chosenAgent())) return empty.id
      return actions.createSession()
    },

    async chooseAgent(choice) {
      choiceMemory.write(choice)
      update((s) => agentChosen(s, choice))
      const empty = shownIfEmpty()
      if (empty && sessionHasAgent(empty, chosenAgent())) return empty.id
      const id = await actions.createSession()
      if (id) await replaceEmpty(empty, id)
      return id
    },

    async setAgentMode(sessionId, modeId) {
      try {
        const result = await bridge.setAgentMode({ sessionId, modeId })
        if (!result.ok) refuse(result.reason, result.message)
      } catch (error) {
        fail(error)
      }
    },

    async setAgentConfigOption(sessionId, configId, value) {
      try {
        const result = await bridge.setAgentConfigOption({ sessionId, configId, value })
        if (!result.ok) refuse(result.reason, result.message)
      } catch (error) {
        fail(error)
      }
    },

    async refreshMcp(workspace) {
      try {
        const view = await bridge.listMcpServers({ workspace })
        update((s) => mcpListed(s, workspace, view))
      } catch {
        // Asked again on the next poll or focus; what was shown stays.
      }
    },

    async approveMcp(workspace, hash) {
      try {
        const result = await bridge.approveMcpServers({ workspace, hash })
        await actions.refreshMcp(workspace)
        return result.ok ? 'approved' : 'changed'
      } catch (error) {
        fail(error)
        return 'failed'
      }
    },

    putOffMcpApproval(workspace, hash) {
      update((s) => mcpApprovalPutOff(s, workspace, hash))
    },

    async signInMcp(workspace, name) {
      try {
        const result = await bridge.signInMcpServer({ workspace, name })
        void actions.refreshMcp(workspace)
        if (!result.ok)
          return { ok: false, message: result.message ?? `${name} could not sign in.` }
        return result.url
          ? { ok: true, url: result.url, message: `Finish signing in to ${name} in your browser.` }
          : { ok: true, message: `${name} is connected.` }
      } catch (error) {
        return { ok: false, message: errorMessage(error) }
      }
    },

    async signOutMcp(workspace, name) {
      try {
        const result = await bridge.signOutMcpServer({ workspace, name })
        await actions.refreshMcp(workspace)
        return result.ok
          ? { ok: true, message: `Signed out of ${name}: its tokens are removed.` }
          : { ok: false, message: `${name} is no longer configured here.` }
      } catch (error) {
        return { ok: false, message: errorMessage(error) }
      }
    },

    async restartMcp(workspace, name) {
      try {
        const result = await bridge.restartMcpServer({ workspace, name })
        await actions.refreshMcp(workspace)
        if (!result.ok)
          return {
            ok: false,
            message: `${name} is no longer configured here, so it cannot restart.`,
          }
        const now = state.getState().mcp[workspace]?.servers.find((x) => x.name === name)?.status
        return now?.state === 'ready'
          ? { ok: true, message: `${name} restarted and is ready.` }
          : { ok: false, message: `${name} restarted, but is not ready (see its status).` }
      } catch (error) {
        return { ok: false, message: errorMessage(error) }
      }
    },

    async addMcpServer(workspace, server) {
      try {
        const result = await bridge.addMcpServer(server)
        if (!result.ok) return { ok: false, message: result.message ?? 'The server was not added.' }
        await actions.refreshMcp(workspace)
        return { ok: true, message: `${server.name} was added to your mcp.json and is starting.` }
      } catch (error) {
        return { ok: false, message: errorMessage(error) }
      }
    },

    async renameSession(sessionId, title) {
      const trimmed = title.trim()
      if (trimmed === '') return
      try {
        const result = await bridge.renameSession({ sessionId, title: trimmed })
        if (!result.ok) refuse(result.reason, result.message)
      } catch (error) {
        fail(error)
      }
    },

    async removeSession(sessionId) {
      try {
        const result = await bridge.removeSession({ sessionId })
        if (!result.ok) refuse(result.reason, result.message)
        update((s) => sessionChanged(s, sessionId, null))
        const next = state.getState()
        if (!next.activeSessionId) await show(next.sessions[0]?.id ?? null)
      } catch (error) {
        fail(error)
      }
    },

    editQueuedMessage(sessionId, id, text) {
      queued.edit(sessionId, id, text)
    },

    cancelQueuedMessage(sessionId, id) {
      queued.cancel(sessionId, id)
    },

    setComposerDraft(sessionId, text) {
      update((s) => composerDraftChanged(s, sessionId, text))
    },

    addAttachment(key, attachment) {
      const before = state.getState()
      update((s) => attachmentAdded(s, key, attachment))
      return state.getState() !== before
    },

    removeAttachment(key, index) {
      update((s) => attachmentRemoved(s, key, index))
    },

    async searchWorkspaceFiles(sessionId, query) {
      try {
        const found = await bridge.searchWorkspaceFiles({ sessionId, query })
        return found.ok ? found.paths : []
      } catch {
        return []
      }
    },

    async searchSessions(query) {
      try {
        const found = await bridge.searchSessions({ query })
        return new Map(found.matches.map((m) => [m.sessionId, m.snippet]))
      } catch {
        return new Map()
      }
    },

    async readAttachment(sessionId, sha256) {
      try {
        const read = await bridge.readAttachment({ sessionId, sha256 })
        return read.ok ? `data:${read.mediaType};base64,${read.data}` : null
      } catch {
        return null
      }
    },

    async send() {
      try {
        let sessionId = state.getState().activeSessionId
        const key = draftKey(sessionId)
        const text = state.getState().composerDrafts[key] ?? ''
        const attachments = composerAttachmentsOf(state.getState(), key)
        if (text.trim() === '') return false
        if (!sessionId) {
          sessionId = await actions.createSession()
          if (!sessionId) return false
          // The text typed before the session existed moves to it.
          const id = sessionId
          update((s) =>
            attachmentsMoved(
              composerDraftChanged(composerDraftChanged(s, key, ''), id, text),
              key,
              id,
            ),
          )
        }
        const session = state.getState().sessions.find((x) => x.id === sessionId)
        const busy = session?.running || messageQueueOf(state.getState(), sessionId).length > 0
        // Queued messages are text: one with attachments waits in the box until the turn ends.
        if (busy && attachments.length > 0) {
          refuse('busy', ATTACHMENTS_WAIT)
          return false
        }
        // While a turn runs (or messages already wait), it waits its turn in the queue.
        if (busy) {
          queued.queue(sessionId, text)
          return true
        }
        const result = await bridge.send({
          sessionId,
          text,
          ...(attachments.length > 0 ? { attachments: [...attachments] } : {}),
        })
        if (!result.ok && isWaitReason(result.reason) && attachments.length > 0) {
          refuse(result.reason, ATTACHMENTS_WAIT)
          return false
        }
        if (!result.ok && isWaitReason(result.reason)) {
          // The runtime knew of a turn this view had not seen yet: the message waits for it.
          queued.queue(sessionId, text)
          return true
        }
        if (!result.ok) {
          refuse(result.reason, result.message)
          return false
        }
        const id = sessionId
        // Only clear what was sent: text typed meanwhile stays.
        update((s) =>
          attachmentsSent(
            s.composerDrafts[id] === text ? composerDraftChanged(errorShown(s, null), id, '') : s,
            id,
            attachments,
          ),
        )
        return true
      } catch (error) {
        fail(error)
        return false
      }
    },

    async stop(sessionId) {
      try {
        const result = await bridge.stop({ sessionId })
        if (!result.ok && result.reason !== 'not_running') refuse(result.reason, result.message)
      } catch (error) {
        fail(error)
      }
    },

    async retryTurn(sessionId) {
      try {
        const result = await bridge.retryTurn({ sessionId })
        if (result.ok) return { ok: true }
        return {
          ok: false,
          message: result.message ?? REASON_TEXT[result.reason] ?? result.reason,
        }
      } catch (error) {
        return { ok: false, message: errorMessage(error) }
      }
    },

    async setMode(sessionId, mode) {
      try {
        const result = await bridge.setSessionMode({ sessionId, mode })
        if (!result.ok) refuse(result.reason, result.message)
      } catch (error) {
        fail(error)
      }
    },

    async updateSettings(patch) {
      try {
        const result = await bridge.updateSettings(patch)
        if (!result.ok) {
          refuse(result.reason, result.message)
          return false
        }
        update((s) => settingsLoaded(s, result.settings))
        return true
      } catch (error) {
        fail(error)
        return false
      }
    },

    async listModels(candidate) {
      try {
        const result = await bridge.listModels(candidate ? { candidate } : {})
        return result.ok
          ? { models: result.models, fromServer: result.from === 'server' }
          : { models: [], fromServer: false }
      } catch {
        return { models: [], fromServer: false }
      }
    },

    async previewRewind(sessionId, turnId) {
      try {
        return await bridge.previewCheckpoint({ sessionId, turnId })
      } catch (error) {
        fail(error)
        return null
      }
    },

    async rewind(sessionId, turnId, { restore, force, messageText }) {
      try {
        const result = await bridge.restoreCheckpoint({ sessionId, turnId, restore, force })
        if (result.ok && result.sessionId !== sessionId) {
          await show(result.sessionId)
          actions.setComposerDraft(result.sessionId, messageText)
        }
        return result
      } catch (error) {
        fail(error)
        return null
      }
    },

    async listDevices() {
      try {
        return await bridge.listDevices({})
      } catch (error) {
        fail(error)
        return null
      }
    },

    async revokeDevice(deviceId) {
      try {
        return (await bridge.revokeDevice({ deviceId })).ok
      } catch (error) {
        fail(error)
        return false
      }
    },

    async listPermissionRules() {
      try {
        return await bridge.listPermissionRules({})
      } catch (error) {
        fail(error)
        return null
      }
    },

    async removePermissionRule(ruleId) {
      try {
        return (await bridge.removePermissionRule({ ruleId })).ok
      } catch (error) {
        fail(error)
        return false
      }
    },

    async testConnection(candidate) {
      try {
        const result = await bridge.testConnection(candidate ? { candidate } : {})
        return {
          ok: result.ok,
          message: result.ok ? result.message : (result.message ?? 'The connection failed.'),
        }
      } catch (error) {
        return { ok: false, message: errorMessage(error) }
      }
    },

    respondToPermission({ sessionId, requestId, decision, remember, scope, note }) {
      const trimmed = note?.trim() ?? ''
      return answer(sessionId, requestId, () =>
        bridge.respondToPermission({
          requestId,
          decision,
          remember,
          ...(remember && scope && scope !== 'turn' ? { scope } : {}),
          ...(decision === 'deny' && trimmed !== '' ? { note: trimmed } : {}),
        }),
      )
    },

    respondToQuestion(sessionId, requestId, answers) {
      return answer(sessionId, requestId, () => bridge.respondToQuestion({ requestId, answers }))
    },

    respondToAgentPermission(sessionId, requestId, optionId) {
      return answer(sessionId, requestId, () =>
        bridge.respondToAgentPermission({ requestId, optionId }),
      )
    },

    respondToForm(sessionId, requestId, response) {
      return answer(sessionId, requestId, () => bridge.respondToForm({ requestId, response }))
    },

    sendFormAsMessage(sessionId, requestId, response) {
      return answer(sessionId, requestId, () => bridge.sendFormAsMessage({ requestId, response }))
    },

    dismissInteraction(sessionId, requestId) {
      // A live request is refused (answer it or Stop): the tray stays, saying why.
      return answer(sessionId, requestId, () => bridge.dismissInteraction({ requestId }))
    },

    saveQuestionDraft(requestId, draft) {
      update((s) => formDraftChanged(s, requestId, draft))
      // Best effort: the form on screen stays right even when the save fails.
      bridge.saveQuestionDraft({ requestId, draft }).catch(() => undefined)
    },

    saveFormDraft(requestId, draft) {
      update((s) => formDraftChanged(s, requestId, draft))
      bridge.saveFormDraft({ requestId, draft }).catch(() => undefined)
    },

    dismissError() {
      update((s) => errorShown(s, null))
    },

    showError(message) {
      update((s) => errorShown(s, message))
    },
  }
  return {
    state,
    actions,
    promptArmingMs: options.promptArmingMs ?? PROMPT_ARMING_MS,
    paired: options.paired ?? false,
  }
}
