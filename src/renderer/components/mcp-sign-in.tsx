import { useState } from 'react'
import type { McpServerInfo } from '../../shared'
import { useActions } from '../state/chat-context'

/**
 * A server's sign-in in Settings → MCP servers: "Signed in" with Sign out, or Sign in, which
 * opens the server's authorization page in the browser from the click (the connection completes
 * when the browser comes back to Parley). Nothing for a server that asked for no sign-in.
 */
export function McpSignIn({ server, workspace }: { server: McpServerInfo; workspace: string }) {
  const actions = useActions()
  const [busy, setBusy] = useState(false)
  const [outcome, setOutcome] = useState('')
  if (server.signIn === undefined) return null

  const signIn = async () => {
    setBusy(true)
    const result = await actions.signInMcp(workspace, server.name)
    if (result.url) window.open(result.url, '_blank', 'noopener,noreferrer')
    setOutcome(result.message)
    setBusy(false)
  }
  const signOut = async () => {
    setBusy(true)
    setOutcome((await actions.signOutMcp(workspace, server.name)).message)
    setBusy(false)
  }

  return (
    <div className="mcp-sign-in">
      <span className="mcp-sign-in-state">
        {server.signIn === 'signed_in' ? 'Signed in' : 'Not signed in'}
      </span>
      {server.signIn === 'signed_in' ? (
        <button
          type="button"
          className="button-secondary small"
          aria-label={`Sign out of ${server.name}`}
          disabled={busy}
          onClick={() => void signOut()}
        >
          Sign out
        </button>
      ) : (
        <button
          type="button"
          className="button-primary small"
          aria-label={`Sign in to ${server.name}`}
          disabled={busy}
          onClick={() => void signIn()}
        >
          Sign in
        </button>
      )}
      {outcome && (
        <span className="mcp-outcome" role="status">
          {outcome}
        </span>
      )}
    </div>
  )
}
