import { useEffect } from 'react'
import { activeSession, mcpApprovalShown } from '../state/app-state'
import { useActions, useChat } from '../state/chat-context'
import { McpApproval } from './mcp-approval'

/**
 * Above the composer, never a modal: the open session's workspace has a `.mcp.json` whose
 * servers wait for the person's approval. Read when the session changes and when the window gets
 * focus back (the file may have been edited meanwhile).
 */
export function McpApprovalBanner() {
  const actions = useActions()
  const workspace = useChat((s) => activeSession(s)?.workspace)
  const approval = useChat((s) => mcpApprovalShown(s, workspace))
  useEffect(() => {
    if (!workspace) return
    void actions.refreshMcp(workspace)
    const onFocus = () => void actions.refreshMcp(workspace)
    window.addEventListener('focus', onFocus)
    return () => window.removeEventListener('focus', onFocus)
  }, [actions, workspace])
  if (!workspace || !approval) return null
  return (
    <div className="mcp-banner">
      <McpApproval workspace={workspace} approval={approval} headingLevel={2} canPutOff />
    </div>
  )
}
