import { errorMessage } from '../../shared/plain-error'
import { errorShown, settingsLoaded } from './app-state'
import type { ChatActions } from './chat-actions'
import type { StoreKit } from './store-kit'

/** Settings and what its panes ask for (models, devices, rules), and the error banner. */
export type SettingsActions = Pick<
  ChatActions,
  | 'updateSettings'
  | 'listModels'
  | 'testConnection'
  | 'listDevices'
  | 'revokeDevice'
  | 'listPermissionRules'
  | 'removePermissionRule'
  | 'dismissError'
  | 'showError'
>

export function settingsActions({ bridge, update, fail, refuse }: StoreKit): SettingsActions {
  return {
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

    dismissError() {
      update((s) => errorShown(s, null))
    },

    showError(message) {
      update((s) => errorShown(s, message))
    },
  }
}
