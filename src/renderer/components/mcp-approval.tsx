import { useId, useState } from 'react'
import type { McpWorkspaceView } from '../state/app-state'
import { useActions } from '../state/chat-context'
import { RevealedText } from './revealed-text'

type PendingApproval = NonNullable<McpWorkspaceView['pendingApproval']>

/**
 * A workspace's `.mcp.json` asks to start programs: each server's name and command line exactly
 * as written (invisible characters shown), "Allow and start" and, where it can be put off, "Not
 * now". Approving passes back the hash of what was shown; when the file changed meanwhile, what
 * it says now is shown instead, with a note.
 */
export function McpApproval({
  workspace,
  approval,
  headingLevel,
  canPutOff,
}: {
  /** The session's workspace, as the bridge calls take it. */
  workspace: string
  approval: PendingApproval
  headingLevel: 2 | 3
  canPutOff: boolean
}) {
  const actions = useActions()
  const titleId = useId()
  const [busy, setBusy] = useState(false)
  const [note, setNote] = useState('')
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  const count = approval.servers.length

  const approve = async () => {
    if (busy) return
    setBusy(true)
    setNote('')
    const outcome = await actions.approveMcp(workspace, approval.hash)
    setBusy(false)
    if (outcome === 'changed')
      setNote('The file changed after it was shown. This is what it says now: look again.')
  }

  return (
    <section className="mcp-approval" aria-labelledby={titleId}>
      <Heading id={titleId} className="mcp-approval-title">
        This workspace’s .mcp.json wants to start {count === 1 ? 'a program' : `${count} programs`}
      </Heading>
      <p className="mcp-approval-file">
        <code className="chip">
          <RevealedText text={approval.file} />
        </code>
      </p>
      <ul className="mcp-approval-list">
        {approval.servers.map((server) => (
          <li key={server.name}>
            <span className="mcp-approval-name">
              <RevealedText text={server.name} />
            </span>
            <code className="command-block">
              <RevealedText text={server.summary} />
            </code>
          </li>
        ))}
      </ul>
      <p className="mcp-approval-warning">
        They run on this computer with your permissions. Allow them only if you trust this folder;
        Parley asks again if the file changes.
      </p>
      {note && (
        <p className="mcp-approval-note" role="status">
          {note}
        </p>
      )}
      <div className="mcp-approval-actions">
        <button
          type="button"
          className="button-primary small"
          aria-disabled={busy}
          onClick={() => void approve()}
        >
          {busy ? 'Starting…' : 'Allow and start'}
        </button>
        {canPutOff && (
          <button
            type="button"
            className="button-quiet small"
            onClick={() => actions.putOffMcpApproval(workspace, approval.hash)}
          >
            Not now
          </button>
        )}
      </div>
    </section>
  )
}
