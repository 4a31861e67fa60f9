import type { ConnectionStatus } from '../state/app-state'
import { useActions } from '../state/chat-context'
import { AgentConfigPickers } from './agent-config-pickers'
import { AgentModePicker, ModePicker, ModelPicker } from './pickers'

/**
 * The composer's bottom row: the pickers (an ACP agent's own modes and options, else Parley's
 * mode and model), who answers, why a message cannot go yet, Stop while the agent works, Send.
 */
export function ComposerBar({
  sessionId,
  agentName,
  backendLabel,
  connection,
  running,
  canSend,
  whyNotId,
}: {
  sessionId: string | null
  /** The ACP agent's name; undefined for Parley's own agent. */
  agentName: string | undefined
  backendLabel: string
  connection: ConnectionStatus
  running: boolean
  canSend: boolean
  /** The id of the line saying why Send is off (offline), which describes Send. */
  whyNotId: string
}) {
  const actions = useActions()
  const offline = connection !== 'open'
  return (
    <div className="composer-bar">
      {sessionId && agentName !== undefined && <AgentModePicker sessionId={sessionId} />}
      {sessionId && agentName !== undefined && <AgentConfigPickers sessionId={sessionId} />}
      {sessionId && <ModePicker sessionId={sessionId} />}
      {agentName === undefined && <ModelPicker />}
      {agentName !== undefined ? (
        <span className="backend-label">{agentName} (ACP agent)</span>
      ) : (
        backendLabel && <span className="backend-label">{backendLabel}</span>
      )}
      <span className="composer-spacer" />
      {offline && (
        <span id={whyNotId} className="composer-why-not">
          {connection === 'reconnecting'
            ? 'Offline: can’t send yet'
            : connection === 'refused'
              ? 'Not connected: this link is from an earlier start'
              : 'Connecting to Parley…'}
        </span>
      )}
      {running && sessionId && (
        <button
          type="button"
          className="button-secondary"
          onClick={() => void actions.stop(sessionId)}
        >
          Stop
        </button>
      )}
      <button
        type="submit"
        className="button-primary"
        disabled={!canSend}
        aria-describedby={offline ? whyNotId : undefined}
      >
        Send
      </button>
    </div>
  )
}
