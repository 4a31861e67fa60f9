import { errorMessage } from '../../shared/plain-error'
import { agentChosen, selectSession } from './app-state'
import { sessionHasAgent } from './agent-choice'
import type { AgentChoiceMemory, ChatActions } from './chat-actions'
import { folderAskChanged } from './project-state'
import { sessionCreated, type SessionNavigation } from './session-navigation'
import { refusalText, type StoreKit } from './store-kit'

/** Starting sessions: New session, the agent chosen for it, and opening a folder. */
export type NewSessionActions = Pick<
  ChatActions,
  | 'createSession'
  | 'openFolder'
  | 'openProject'
  | 'closeFolderDialog'
  | 'completeFolder'
  | 'newSession'
  | 'chooseAgent'
>

export function newSessionActions(
  { bridge, update, fail, refuse }: StoreKit,
  nav: SessionNavigation,
  choiceMemory: AgentChoiceMemory,
): NewSessionActions {
  let creating: Promise<string | null> | null = null
  const actions: NewSessionActions = {
    createSession(options = {}) {
      // One creation at a time: Enter pressed while "New session" is still being created sends to
      // that session instead of creating a second one.
      creating ??= (async () => {
        // From the click on, the composer belongs to the session being created, so text typed
        // meanwhile can never land in the one on screen before.
        update((s) => selectSession(s, null))
        try {
          const result = await bridge.createSession({
            ...nav.agentAsked(),
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
          void nav.refreshProjects()
          update((s) => sessionCreated(s, result.session))
          await nav.show(result.session.id)
          return result.session.id
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
      const empty = nav.shownIfEmpty()
      if (empty && empty.workspace === folder && sessionHasAgent(empty, nav.chosenAgent())) {
        update((s) => folderAskChanged(s, false))
        return { ok: true }
      }
      try {
        const result = await bridge.createSession({ ...nav.agentAsked(), workspace: folder })
        if (!result.ok) return { ok: false, message: refusalText(result.reason, result.message) }
        // What was typed while no session existed (the folder was being asked for) moves along.
        update((s) => sessionCreated(folderAskChanged(s, false), result.session))
        await nav.replaceEmpty(empty, result.session.id)
        await nav.show(result.session.id)
        void nav.refreshProjects()
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
      const empty = nav.shownIfEmpty()
      if (empty && sessionHasAgent(empty, nav.chosenAgent())) return empty.id
      return actions.createSession()
    },

    async chooseAgent(choice) {
      choiceMemory.write(choice)
      update((s) => agentChosen(s, choice))
      const empty = nav.shownIfEmpty()
      if (empty && sessionHasAgent(empty, nav.chosenAgent())) return empty.id
      const id = await actions.createSession()
      if (id) await nav.replaceEmpty(empty, id)
      return id
    },
  }
  return actions
}
