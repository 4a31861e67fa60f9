import { useEffect, useState } from 'react'
import { activeSession } from '../state/app-state'
import { useActions, useChat } from '../state/chat-context'
import { MCP_POLL_MS, needsSignIn } from '../settings/mcp-status'
import { useShell } from '../shell/shell-context'
import { McpSignIn } from './mcp-sign-in'

/**
 * Above the composer, never a modal: MCP servers of the open session's workspace that stopped at
 * start because they need the person to sign in (outside any turn, so no tray asked), each with
 * its Sign in action instead of a bare "failed". "Hide" puts one away until the window reloads.
 * The list is the one Settings and the approval banner read; while a notice shows, or a server
 * is still starting, it is read again every 2 s, so a notice appears when a server stops for want
 * of a sign-in and closes by itself once the sign-in finished in the browser.
 */
export function McpSignInBanner() {
  const workspace = useChat((s) => activeSession(s)?.workspace)
  const servers = useChat((s) => (workspace ? s.mcp[workspace]?.servers : undefined))
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set())
  const waiting = (servers ?? []).filter((s) => needsSignIn(s) && !hidden.has(s.name))
  const actions = useActions()
  const shown = workspace !== undefined && waiting.length > 0
  // A server still starting may yet stop for want of a sign-in: read again until it settles.
  const settling = (servers ?? []).some((s) => s.status.state === 'starting')
  // Settings reads the same list every 2 s while it is open.
  const { settingsOpen } = useShell()
  const polling = (shown || settling) && !settingsOpen
  useEffect(() => {
    if (!polling || !workspace) return
    const timer = setInterval(() => void actions.refreshMcp(workspace), MCP_POLL_MS)
    return () => clearInterval(timer)
  }, [actions, polling, workspace])
  if (!workspace || waiting.length === 0) return null
  return (
    <div className="mcp-banner">
      <ul className="mcp-sign-in-notices" aria-label="MCP servers to sign in to">
        {waiting.map((server) => (
          <li key={server.name} className="mcp-sign-in-notice">
            <p className="mcp-sign-in-notice-text">
              MCP server <strong>{server.name}</strong> needs you to sign in before its tools can be
              used.
            </p>
            <McpSignIn server={server} workspace={workspace} />
            <button
              type="button"
              className="button-quiet small"
              aria-label={`Hide the notice for ${server.name}`}
              onClick={() => setHidden((was) => new Set([...was, server.name]))}
            >
              Hide
            </button>
          </li>
        ))}
      </ul>
    </div>
  )
}
