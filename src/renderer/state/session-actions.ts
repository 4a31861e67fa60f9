import {
  connectionChanged,
  inboxListed,
  loadFinished,
  pendingListed,
  sessionChanged,
  sessionsListed,
  settingsLoaded,
} from './app-state'
import type { ActiveSessionMemory, ChatActions, ChatStoreOptions } from './chat-actions'
import { projectsListed } from './project-state'
import type { SessionNavigation } from './session-navigation'
import type { StoreKit } from './store-kit'

/** The sessions list and the session shown: loading, switching, renaming, removing. */
export type SessionActions = Pick<
  ChatActions,
  'start' | 'reload' | 'selectSession' | 'loadOlder' | 'renameSession' | 'removeSession'
>

export function sessionActions(
  { bridge, state, update, fail, refuse, push }: StoreKit,
  nav: SessionNavigation,
  {
    memory,
    onConnection,
    createSession,
  }: {
    memory: ActiveSessionMemory
    onConnection: ChatStoreOptions['onConnection']
    createSession: ChatActions['createSession']
  },
): SessionActions {
  const actions: SessionActions = {
    start() {
      const offEvent = bridge.onEvent(push)
      // A bridge without a link to watch (in-process) is always up.
      if (!onConnection) update((s) => connectionChanged(s, 'open'))
      let wasDown = false
      const offConnection = onConnection?.((connection) => {
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
        if (target) await nav.show(target)
        else await createSession()
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
        await nav.show(sessionId)
      } catch (error) {
        fail(error)
      }
    },

    loadOlder: nav.loadOlder,

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
        if (!next.activeSessionId) await nav.show(next.sessions[0]?.id ?? null)
      } catch (error) {
        fail(error)
      }
    },
  }
  return actions
}
