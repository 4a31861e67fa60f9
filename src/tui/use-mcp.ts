import { useEffect, useRef } from 'react'
import type { McpApproval } from './mcp-approval-prompt'
import { mcpStatusText } from './mcp-status-text'
import type { TuiBridge } from './tui-bridge'

/** How the MCP commands reach the screen. */
export interface McpScreen {
  /** Shows the approval prompt for a workspace's `.mcp.json`, unless another panel is up. */
  askApproval(workspace: string, approval: McpApproval, options: { replace: boolean }): void
  closePanel(): void
  /** A passing line in the status row. */
  hint(text: string): void
  /** A block in the transcript. */
  note(text: string): void
}

/**
 * MCP servers in the terminal: a workspace's own `.mcp.json` asked about once per workspace in
 * this run (when a session there is first shown; nothing starts before the person approves
 * exactly what was shown), `/mcp` with each server's status and tools, `/mcp restart NAME`, and
 * `/mcp approve` to be asked again.
 */
export function useMcp(bridge: TuiBridge, workspace: string | undefined, screen: McpScreen) {
  const asked = useRef(new Set<string>())
  const latest = useRef(screen)
  useEffect(() => {
    latest.current = screen
  })

  useEffect(() => {
    if (!workspace || asked.current.has(workspace)) return
    asked.current.add(workspace)
    void bridge.listMcpServers({ workspace }).then((status) => {
      if ('servers' in status && status.pendingApproval)
        latest.current.askApproval(workspace, status.pendingApproval, { replace: false })
    })
  }, [bridge, workspace])

  const askAgain = (at: string) =>
    void bridge.listMcpServers({ workspace: at }).then((status) => {
      if (!('servers' in status)) return screen.hint(status.message)
      if (status.pendingApproval) screen.askApproval(at, status.pendingApproval, { replace: true })
      else screen.hint('No MCP servers wait for approval in this workspace.')
    })

  /** The person's answer to the approval prompt. */
  const answer = (at: string, approval: McpApproval, approve: boolean) => {
    screen.closePanel()
    if (!approve)
      return screen.hint('The workspace’s MCP servers stay off. /mcp approve asks again.')
    void bridge.approveMcpServers({ workspace: at, hash: approval.hash }).then((result) => {
      if (result.ok)
        return screen.hint(`Starting ${approval.servers.length} MCP server(s): /mcp shows them.`)
      // The file changed since it was shown: show what it says now.
      screen.hint(result.message ?? 'The MCP configuration changed: look again.')
      askAgain(at)
    })
  }

  /** `/mcp`, `/mcp restart NAME`, `/mcp approve`. */
  const command = (at: string, arg: string) => {
    const [verb = '', ...rest] = arg.split(/\s+/)
    const name = rest.join(' ')
    if (verb === 'approve') return askAgain(at)
    if (verb === 'restart') {
      if (name === '') return screen.hint('/mcp restart NAME: which server? /mcp lists them.')
      return void bridge.restartMcpServer({ workspace: at, name }).then((result) => {
        if (result.ok) screen.hint(`Restarting ${name}…`)
        else screen.hint(`No MCP server “${name}” in this workspace: /mcp lists them.`)
      })
    }
    if (verb !== '') return screen.hint('/mcp, /mcp restart NAME or /mcp approve.')
    void bridge.listMcpServers({ workspace: at }).then((status) => {
      if ('servers' in status) screen.note(mcpStatusText(status, at, Date.now()))
      else screen.hint(status.message)
    })
  }

  return { answer, command }
}
