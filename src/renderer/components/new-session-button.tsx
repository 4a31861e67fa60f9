import { useMemo } from 'react'
import { agentOptions, effectiveAgentChoice } from '../state/agent-choice'
import { useActions, useChat } from '../state/chat-context'
import { useShell } from '../shell/shell-context'
import { ChoiceMenu } from './choice-menu'

const MOD = typeof navigator !== 'undefined' && /Mac/.test(navigator.platform) ? 'Meta' : 'Control'
const MOD_TEXT = MOD === 'Meta' ? '⌘' : 'Ctrl+'

/**
 * "New session", and beside it a menu of who to talk to: Parley's own agent or a named ACP agent.
 * Choosing one shows a session with it and is remembered: New session and Ctrl/Cmd+N then make
 * sessions with that agent. "Open folder…" starts a session in a folder the person picks.
 */
export function NewSessionButton() {
  const actions = useActions()
  const shell = useShell()
  const settings = useChat((s) => s.settings)
  const choice = useChat((s) => s.agentChoice)
  const options = useMemo(() => agentOptions(settings), [settings])
  const current = effectiveAgentChoice(choice, settings)
  const currentName = options.find((o) => o.id === current)?.name ?? ''

  return (
    <div className="new-session">
      <button
        type="button"
        className="button-secondary new-session-main"
        aria-keyshortcuts={`${MOD}+N`}
        title={`New session with ${currentName} (${MOD_TEXT}N)`}
        onClick={() => {
          void actions.newSession().then(() => shell.focusComposer())
          shell.focusComposer()
        }}
      >
        New session
      </button>
      <ChoiceMenu
        buttonLabel="Choose the agent"
        buttonTitle={`New sessions talk to ${currentName}`}
        buttonClassName="button-secondary new-session-menu"
        buttonContent={<span aria-hidden="true">▾</span>}
        menuLabel="New session with"
        placement="below"
        choices={options.map((o) => ({ id: o.id, name: o.name, description: o.detail }))}
        checkedId={current}
        onChoose={(id) => void actions.chooseAgent(id).then(() => shell.focusComposer())}
        actions={[
          { label: 'Open folder…', run: () => void actions.openFolder() },
          { label: 'Manage agents…', run: () => shell.openSettingsAt('agents') },
        ]}
      />
    </div>
  )
}
