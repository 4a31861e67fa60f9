import type { McpServerInfo, McpServerOrigin, McpServerState } from '../../shared'

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
