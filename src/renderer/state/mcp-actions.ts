import { errorMessage } from '../../shared/plain-error'
import { mcpApprovalPutOff, mcpListed } from './app-state'
import type { ChatActions } from './chat-actions'
import type { StoreKit } from './store-kit'

/** A workspace's MCP servers: their list, approval, sign-in, restart and adding one. */
export type McpActions = Pick<
  ChatActions,
  | 'refreshMcp'
  | 'approveMcp'
  | 'putOffMcpApproval'
  | 'signInMcp'
  | 'signOutMcp'
  | 'restartMcp'
  | 'addMcpServer'
>

export function mcpActions({ bridge, state, update, fail }: StoreKit): McpActions {
  const actions: McpActions = {
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
  }
  return actions
}
