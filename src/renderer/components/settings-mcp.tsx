import { useEffect, useId, useState } from 'react'
import type { McpServerInfo } from '../../shared'
import { activeSession } from '../state/app-state'
import { useActions, useChat } from '../state/chat-context'
import {
  MCP_POLL_MS,
  ORIGIN_HINT,
  ORIGIN_TEXT,
  TRANSPORT_TEXT,
  serverStatusView,
} from '../settings/mcp-status'
import { McpApproval } from './mcp-approval'
import { AddMcpServer } from './settings-mcp-add'
import { McpSignIn } from './mcp-sign-in'
import { RevealedText } from './revealed-text'
import { useNow } from '../../ui-common/use-now'

/**
 * Settings → MCP servers of the open session's workspace: each with where it was configured, how
 * it runs, its status in words (with the reason when it stopped), its tools and notices, and a
 * Restart button; problems in the configuration files above them. Read again every 2 s while
 * shown, and when the window gets focus back.
 */
export function SettingsMcp() {
  const actions = useActions()
  const workspace = useChat((s) => activeSession(s)?.workspace)
  const view = useChat((s) => (workspace ? s.mcp[workspace] : undefined))
  useEffect(() => {
    if (!workspace) return
    const refresh = () => void actions.refreshMcp(workspace)
    refresh()
    const timer = setInterval(refresh, MCP_POLL_MS)
    window.addEventListener('focus', refresh)
    return () => {
      clearInterval(timer)
      window.removeEventListener('focus', refresh)
    }
  }, [actions, workspace])
  const counting = view?.servers.some((s) => s.status.state === 'restarting') ?? false
  const now = useNow({ everyMs: 1_000, active: counting })

  if (!workspace) return <p className="field-hint">Open a session to see its MCP servers.</p>
  return (
    <div className="settings-section">
      <p className="settings-intro">
        MCP servers for <code className="chip">{workspace}</code>. Their tools are offered to
        Parley’s own agent, and ACP agents get them when a session starts.
      </p>
      {!view ? (
        <p>Loading…</p>
      ) : (
        <>
          {view.problems.length > 0 && (
            <div className="mcp-problems">
              <h3 className="settings-subhead">Problems in the configuration</h3>
              <ul>
                {view.problems.map((problem, i) => (
                  <li key={i}>
                    <RevealedText text={problem} />
                  </li>
                ))}
              </ul>
            </div>
          )}
          {view.pendingApproval && (
            <McpApproval
              workspace={workspace}
              approval={view.pendingApproval}
              headingLevel={3}
              canPutOff={false}
            />
          )}
          <AddMcpServer workspace={workspace} />
          {view.servers.length === 0 ? (
            <p className="field-hint">
              No MCP servers here. Add them to this workspace’s{' '}
              <code className="flag">.mcp.json</code>, to <code className="flag">mcp.json</code> in
              Parley’s data folder, or with <code className="flag">--mcp-config</code>.
            </p>
          ) : (
            <ul className="mcp-servers" aria-label="MCP servers">
              {view.servers.map((server) => (
                <McpServerRow key={server.name} server={server} workspace={workspace} now={now} />
              ))}
            </ul>
          )}
        </>
      )}
    </div>
  )
}

function McpServerRow({
  server,
  workspace,
  now,
}: {
  server: McpServerInfo
  workspace: string
  now: number
}) {
  const actions = useActions()
  const nameId = useId()
  const toolsId = useId()
  const [restarting, setRestarting] = useState(false)
  const [outcome, setOutcome] = useState('')
  const [showTools, setShowTools] = useState(false)
  const status = serverStatusView(server, now)
  const started = server.status.state !== 'needs_approval'

  const restart = async () => {
    if (restarting) return
    setRestarting(true)
    setOutcome('')
    const result = await actions.restartMcp(workspace, server.name)
    setRestarting(false)
    setOutcome(result.message)
  }

  return (
    <li className="mcp-server">
      <div className="mcp-server-head">
        <h3 id={nameId} className="mcp-server-name">
          <RevealedText text={server.name} />
        </h3>
        <span className="tag" title={ORIGIN_HINT[server.origin]}>
          {ORIGIN_TEXT[server.origin]}
        </span>
        <span className="composer-spacer" />
        {started && (
          <button
            type="button"
            className="button-secondary small"
            aria-label={`${restarting ? 'Restarting' : 'Restart'} ${server.name}`}
            aria-disabled={restarting}
            onClick={() => void restart()}
          >
            {restarting ? 'Restarting…' : 'Restart'}
          </button>
        )}
      </div>
      <p className="mcp-server-command">
        <span className="mcp-transport">{TRANSPORT_TEXT[server.transport]}</span>
        <code className="chip">
          <RevealedText text={server.summary} />
        </code>
      </p>
      <p className={`mcp-status tone-${status.tone}`}>
        <span className="visually-hidden">Status: </span>
        {status.text}
        {server.status.state === 'ready' &&
          ` · ${server.tools.length} ${server.tools.length === 1 ? 'tool' : 'tools'}`}
      </p>
      <McpSignIn server={server} workspace={workspace} />
      {status.reason && (
        <pre className="mcp-reason" tabIndex={0}>
          <RevealedText text={status.reason} />
        </pre>
      )}
      {outcome && (
        <p className="mcp-outcome" role="status">
          {outcome}
        </p>
      )}
      {server.tools.length > 0 && (
        <>
          <ul className="mcp-tools" aria-label={`Tools of ${server.name}`}>
            {server.tools.map((tool) => (
              <li key={tool.name} className="mcp-tool">
                <code>
                  <RevealedText text={tool.serverToolName} />
                </code>
                {tool.readOnlyHint && <span className="mcp-read-only">read-only</span>}
              </li>
            ))}
          </ul>
          <button
            type="button"
            className="button-quiet small disclosure"
            aria-expanded={showTools}
            aria-controls={showTools ? toolsId : undefined}
            onClick={() => setShowTools((open) => !open)}
          >
            What the tools do
          </button>
          {showTools && (
            <dl className="mcp-tool-details" id={toolsId}>
              {server.tools.map((tool) => (
                <div key={tool.name}>
                  <dt>
                    <code>{tool.name}</code>
                    {tool.title && (
                      <>
                        {' '}
                        (<RevealedText text={tool.title} mode="prose" />)
                      </>
                    )}
                  </dt>
                  <dd>
                    {tool.description ? (
                      <RevealedText text={tool.description} mode="prose" />
                    ) : (
                      'No description.'
                    )}
                  </dd>
                </div>
              ))}
            </dl>
          )}
        </>
      )}
      {server.notices.length > 0 && (
        <ul className="mcp-notices">
          {server.notices.map((notice, i) => (
            <li key={i}>
              <RevealedText text={notice} mode="prose" />
            </li>
          ))}
        </ul>
      )}
    </li>
  )
}
