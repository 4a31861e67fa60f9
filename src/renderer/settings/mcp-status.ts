import type { McpServerInfo, McpServerOrigin, McpServerState } from '../../shared'

/** How often the list is read again while it is shown (the runtime pushes no MCP events). */
export const MCP_POLL_MS = 2_000

/** Where a server was configured, in words. */
export const ORIGIN_TEXT: Record<McpServerOrigin, string> = {
  user: 'yours',
  workspace: 'this workspace',
  command_line: 'command line',
}

/** Where each origin's file lives, for the tag's description. */
export const ORIGIN_HINT: Record<McpServerOrigin, string> = {
  user: 'From mcp.json in Parley’s data folder',
  workspace: 'From the workspace’s .mcp.json',
  command_line: 'From --mcp-config',
}

export const TRANSPORT_TEXT: Record<McpServerInfo['transport'], string> = {
  stdio: 'Program',
  http: 'HTTP',
}

/** How a status looks: its words, an optional reason, and a tone for its colour. */
export type StatusView = {
  text: string
  reason?: string
  tone: 'ok' | 'busy' | 'warn' | 'bad' | 'quiet'
}

/** A server's status in words; `now` for the countdown to a restart. */
export function statusView(status: McpServerState, now: number): StatusView {
  switch (status.state) {
    case 'needs_approval':
      return { text: 'Waiting for your approval', tone: 'warn' }
    case 'starting':
      return { text: 'Starting…', tone: 'busy' }
    case 'ready':
      return { text: 'Ready', tone: 'ok' }
    case 'restarting': {
      const seconds = Math.max(0, Math.ceil((status.retryAt - now) / 1_000))
      return {
        text: `Stopped; restarting ${status.attempt}/${status.maxAttempts} ${seconds > 0 ? `in ${seconds} s` : 'now'}`,
        reason: status.reason,
        tone: 'warn',
      }
    }
    case 'failed':
      return { text: 'Failed', reason: status.reason, tone: 'bad' }
    case 'stopped':
      return { text: 'Stopped', tone: 'quiet' }
  }
}

/**
 * Whether a server stopped only because it needs the person to sign in (it uses OAuth and Parley
 * holds no tokens for it): it is then shown with a Sign in action rather than as failed.
 */
export function needsSignIn(server: McpServerInfo): boolean {
  return server.status.state === 'failed' && server.signIn === 'signed_out'
}

/** A server's status in words, as Settings lists it: "Needs sign-in" rather than "Failed". */
export function serverStatusView(server: McpServerInfo, now: number): StatusView {
  const view = statusView(server.status, now)
  return needsSignIn(server) ? { ...view, text: 'Needs sign-in', tone: 'warn' } : view
}
