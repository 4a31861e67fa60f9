import { useMemo } from 'react'
import { agentOptions, PARLEY_AGENT } from '../state/agent-choice'
import { activeSession } from '../state/app-state'
import { useChat } from '../state/chat-context'
import { FILE_ACCESS_NAME, MODE_HINT } from './pickers'

/**
 * What an agent's "Auto" mode means, said where the person first meets it: Claude Code starts in
 * it, and nothing reaches the tray until another mode is picked.
 */
export const AUTO_MODE_HINT =
  'the agent decides by itself what to run and edit, and asks you nothing; pick Manual (or Default) below the message box to be asked first'

/**
 * On an empty session: who the person talks to, where it works and how freely, before anything
 * is sent.
 */
export function SessionIntro() {
  const session = useChat(activeSession)
  const settings = useChat((s) => s.settings)
  const options = useMemo(() => agentOptions(settings), [settings])
  if (!session) return null
  const { workspace, mode, agent, agentModes } = session
  const option = options.find((o) => o.id === (agent?.id ?? PARLEY_AGENT))
  const currentMode = agentModes?.available.find((m) => m.id === agentModes.currentModeId)
  return (
    <dl className="session-intro">
      <div>
        <dt>Agent</dt>
        <dd>
          {agent ? agent.name : 'Parley’s own agent'}
          {option?.detail &&
            (agent ? (
              <>
                {' '}
                <code className="chip">{option.detail}</code>
              </>
            ) : (
              ` (${option.detail})`
            ))}
        </dd>
      </div>
      <div>
        <dt>Workspace</dt>
        <dd>
          <code className="chip">{workspace}</code>
        </dd>
      </div>
      {agent ? (
        <>
          <div>
            <dt>Mode</dt>
            <dd>
              {currentMode
                ? /^auto$/i.test(currentMode.name.trim())
                  ? `${currentMode.name}: ${AUTO_MODE_HINT}`
                  : `${currentMode.name} (the agent’s own; change it below the message box)`
                : `${agent.name}’s own modes, offered below the message box once it has started`}
            </dd>
          </div>
          <div>
            <dt>Files</dt>
            <dd>{FILE_ACCESS_NAME[mode]}, for what the agent reads and writes through Parley</dd>
          </div>
        </>
      ) : (
        <div>
          <dt>Mode</dt>
          <dd>{MODE_HINT[mode]} (change it below the message box)</dd>
        </div>
      )}
    </dl>
  )
}
