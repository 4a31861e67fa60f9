import { errorMessage } from '../../shared/plain-error'
import { composerDraftChanged } from './app-state'
import type { ChatActions } from './chat-actions'
import type { SessionNavigation } from './session-navigation'
import { refusalText, type StoreKit } from './store-kit'

/** The session's turns and how they run: stop, retry, modes, and rewinding to before a turn. */
export type TurnActions = Pick<
  ChatActions,
  | 'stop'
  | 'retryTurn'
  | 'setMode'
  | 'setAgentMode'
  | 'setAgentConfigOption'
  | 'previewRewind'
  | 'rewind'
>

export function turnActions(
  { bridge, update, fail, refuse }: StoreKit,
  nav: SessionNavigation,
): TurnActions {
  return {
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
        return { ok: false, message: refusalText(result.reason, result.message) }
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
          await nav.show(result.sessionId)
          // The turn's message waits in the fork's composer, to edit and send again.
          update((s) => composerDraftChanged(s, result.sessionId, messageText))
        }
        return result
      } catch (error) {
        fail(error)
        return null
      }
    },
  }
}
