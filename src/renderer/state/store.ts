import { createStore, type StoreApi } from 'zustand/vanilla'
import {
  questionDraftToForm,
  type BridgeEvent,
  type ParleyBridge,
  type PermissionMode,
  type QuestionDraft,
  type SettingsPatch,
} from '../../shared'
import type { ConnectionState } from '../bridge/web-socket-bridge'
import {
  INITIAL_STATE,
  bridgeEventArrived,
  composerDraftChanged,
  connectionChanged,
  draftKey,
  deltasArrived,
  errorShown,
  loadFinished,
  pendingListed,
  questionDraftChanged,
  requestSettled,
  selectSession,
  sessionChanged,
  sessionOpened,
  sessionsListed,
  settingsLoaded,
  type AppState,
} from './app-state'
import { createBatcher, type FrameScheduler } from './delta-batcher'
import type { TextDelta } from './transcript'

/** Remembers the shown session across a page reload (per tab). */
export type ActiveSessionMemory = {
  read(): string | null
  write(sessionId: string | null): void
}

export type ChatStoreOptions = {
  bridge: ParleyBridge
  onConnection?: (callback: (state: ConnectionState) => void) => () => void
  scheduleFrame?: FrameScheduler
  memory?: ActiveSessionMemory
}

/** What components may ask for; each action calls the bridge, then a pure state function. */
export type ChatActions = {
  start(): () => void
  reload(): Promise<void>
  selectSession(sessionId: string): Promise<void>
  createSession(): Promise<string | null>
  renameSession(sessionId: string, title: string): Promise<void>
  removeSession(sessionId: string): Promise<void>
  setComposerDraft(sessionId: string, text: string): void
  /** Sends the active session's draft; resolves true when the runtime took it. */
  send(): Promise<boolean>
  stop(sessionId: string): Promise<void>
  setMode(sessionId: string, mode: PermissionMode): Promise<void>
  updateSettings(patch: SettingsPatch): Promise<boolean>
  respondToPermission(
    sessionId: string,
    requestId: string,
    decision: 'allow' | 'deny',
    remember: boolean,
  ): Promise<boolean>
  respondToQuestion(
    sessionId: string,
    requestId: string,
    answers: Array<string | null>,
  ): Promise<boolean>
  dismissInteraction(sessionId: string, requestId: string): Promise<boolean>
  saveQuestionDraft(requestId: string, draft: QuestionDraft): void
  dismissError(): void
}

export type ChatStore = { state: StoreApi<AppState>; actions: ChatActions }

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

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error))

const REASON_TEXT: Record<string, string> = {
  busy: 'The agent is still working on this session.',
  awaiting_input: 'The agent is waiting for your answer first.',
  not_found: 'That session no longer exists.',
  unknown_request: 'That request was already settled.',
  answer_count: 'The answers do not match the questions.',
  invalid_workspace: 'That workspace folder cannot be used.',
  invalid: 'Those settings are not valid.',
}

/**
 * The chat client's state: a zustand store holding an AppState, changed only through the pure
 * functions of app-state.ts, plus the actions that talk to the bridge.
 */
export function createChatStore(options: ChatStoreOptions): ChatStore {
  const { bridge } = options
  const memory = options.memory ?? defaultMemory
  const state = createStore<AppState>(() => INITIAL_STATE)
  const update = (fn: (s: AppState) => AppState) => {
    const current = state.getState()
    const next = fn(current)
    if (next !== current) state.setState(next, true)
  }
  const fail = (error: unknown) => update((s) => errorShown(s, describe(error)))
  const refuse = (reason: string, message?: string) =>
    update((s) => errorShown(s, message ?? REASON_TEXT[reason] ?? reason))
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
      update((s) => requestSettled(s, sessionId, requestId))
      return true
    } catch (error) {
      fail(error)
      return false
    }
  }

  const deltas = createBatcher<TextDelta>(
    (batch) => update((s) => deltasArrived(s, batch)),
    options.scheduleFrame ?? ((cb) => requestAnimationFrame(cb)),
  )

  const onEvent = (event: BridgeEvent) => {
    if (event.type === 'text_delta') {
      deltas.push(event)
      return
    }
    // Committed records must land after the deltas they replace.
    deltas.flush()
    update((s) => bridgeEventArrived(s, event))
  }

  const openSession = async (sessionId: string) => {
    const result = await bridge.openSession({ sessionId })
    if (!result.ok) {
      update((s) => sessionChanged(s, sessionId, null))
      return
    }
    update((s) => sessionOpened(s, result.session, result.events, result.pending))
  }

  let creating: Promise<string | null> | null = null
  const show = async (sessionId: string | null) => {
    memory.write(sessionId)
    update((s) => selectSession(s, sessionId))
    if (sessionId) await openSession(sessionId)
  }

  const actions: ChatActions = {
    start() {
      const offEvent = bridge.onEvent(onEvent)
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
        const [settings, sessions] = await Promise.all([
          bridge.getSettings({}),
          bridge.listSessions({}),
        ])
        update((s) => settingsLoaded(sessionsListed(s, sessions), settings))
        const current = state.getState()
        const remembered = current.activeSessionId ?? memory.read()
        const target =
          sessions.find((s) => s.id === remembered)?.id ?? current.sessions[0]?.id ?? null
        await show(target)
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

    async selectSession(sessionId) {
      try {
        await show(sessionId)
      } catch (error) {
        fail(error)
      }
    },

    createSession() {
      // One creation at a time: Enter pressed while "New session" is still being created sends to
      // that session instead of creating a second one.
      creating ??= (async () => {
        // From the click on, the composer belongs to the session being created, so text typed
        // meanwhile can never land in the one on screen before.
        update((s) => selectSession(s, null))
        try {
          const result = await bridge.createSession({})
          if (!result.ok) {
            refuse(result.reason, result.message)
            return null
          }
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

    setComposerDraft(sessionId, text) {
      update((s) => composerDraftChanged(s, sessionId, text))
    },

    async send() {
      try {
        let sessionId = state.getState().activeSessionId
        const key = draftKey(sessionId)
        const text = state.getState().composerDrafts[key] ?? ''
        if (text.trim() === '') return false
        if (!sessionId) {
          sessionId = await actions.createSession()
          if (!sessionId) return false
          // The text typed before the session existed moves to it.
          const id = sessionId
          update((s) => composerDraftChanged(composerDraftChanged(s, key, ''), id, text))
        }
        const result = await bridge.send({ sessionId, text })
        if (!result.ok) {
          refuse(result.reason, result.message)
          return false
        }
        const id = sessionId
        // Only clear what was sent: text typed meanwhile stays.
        update((s) =>
          s.composerDrafts[id] === text ? composerDraftChanged(errorShown(s, null), id, '') : s,
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

    respondToPermission(sessionId, requestId, decision, remember) {
      return answer(sessionId, requestId, () =>
        bridge.respondToPermission({ requestId, decision, remember }),
      )
    },

    respondToQuestion(sessionId, requestId, answers) {
      return answer(sessionId, requestId, () => bridge.respondToQuestion({ requestId, answers }))
    },

    async dismissInteraction(sessionId, requestId) {
      try {
        await bridge.dismissInteraction({ requestId })
        update((s) => requestSettled(s, sessionId, requestId))
        return true
      } catch (error) {
        fail(error)
        return false
      }
    },

    saveQuestionDraft(requestId, draft) {
      update((s) => questionDraftChanged(s, requestId, draft))
      // Best effort: the form on screen stays right even when the save fails.
      bridge
        .saveQuestionDraft({ requestId, draft: questionDraftToForm(draft) })
        .catch(() => undefined)
    },

    dismissError() {
      update((s) => errorShown(s, null))
    },
  }
  return { state, actions }
}
