import { useId, useMemo } from 'react'
import { agentOptions, PARLEY_AGENT } from '../state/agent-choice'
import { activeSession, draftKey } from '../state/app-state'
import { useActions, useChat } from '../state/chat-context'
import { scriptedBackend, type ScriptedBackend } from '../state/scripted-backend'
import { useShell } from '../shell/shell-context'
import { FILE_ACCESS_NAME, MODE_HINT } from './pickers'

/**
 * What an agent's "Auto" mode means, said where the person first meets it: Claude Code starts in
 * it, and nothing reaches the tray until another mode is picked.
 */
export const AUTO_MODE_HINT =
  'the agent decides by itself what to run and edit, and asks you nothing; pick Manual (or Default) below the message box to be asked first'

/** Prompts a person can start from on an empty session: a click puts one in the message box. */
export const EXAMPLE_PROMPTS = [
  'Explain what this project does and how it is organised',
  'Find the TODO comments and list them by file',
  'Run the tests and tell me what fails',
] as const

/**
 * On an empty session: who the person talks to, where it works and how freely, before anything
 * is sent; a scripted backend (the demo, a scenario file) said plainly, and example prompts.
 */
export function SessionIntro() {
  const session = useChat(activeSession)
  const settings = useChat((s) => s.settings)
  const options = useMemo(() => agentOptions(settings), [settings])
  if (!session) return null
  const { workspace, mode, agent, agentModes } = session
  const option = options.find((o) => o.id === (agent?.id ?? PARLEY_AGENT))
  const currentMode = agentModes?.available.find((m) => m.id === agentModes.currentModeId)
  const scripted = agent ? null : scriptedBackend(settings?.backendLabel ?? '')
  return (
    <>
      {scripted && <ScriptedNotice scripted={scripted} />}
      <dl className="session-intro">
        <div>
          <dt>Agent</dt>
          <dd>
            {agent ? (
              <>
                {agent.name}
                {option?.detail && (
                  <>
                    {' '}
                    <code className="chip">{option.detail}</code>
                  </>
                )}
              </>
            ) : (
              'Parley’s own agent'
            )}
          </dd>
        </div>
        {!agent && option?.detail && (
          <div>
            <dt>Model</dt>
            <dd>
              {scripted
                ? scripted.kind === 'demo'
                  ? 'none: the built-in demo script answers'
                  : `none: the scenario ${scripted.name} answers`
                : option.detail}
            </dd>
          </div>
        )}
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
                    : `${currentMode.name}, the agent’s own: change it below the message box`
                  : `${agent.name}’s own modes, offered below the message box once it has started`}
              </dd>
            </div>
            <div>
              <dt>Files</dt>
              <dd>{FILE_ACCESS_NAME[mode]}, when the agent reads or writes them through Parley</dd>
            </div>
          </>
        ) : (
          <div>
            <dt>Mode</dt>
            <dd>{MODE_HINT[mode]}: change it below the message box</dd>
          </div>
        )}
      </dl>
      <ExamplePrompts sessionId={session.id} />
    </>
  )
}

/** The demo or a scenario file answers instead of a model: said first, in plain words. */
function ScriptedNotice({ scripted }: { scripted: NonNullable<ScriptedBackend> }) {
  return (
    <p className="scripted-notice" role="note">
      {scripted.kind === 'demo' ? (
        <>
          <strong>This is a demo.</strong> A built-in script answers, not an AI model. To talk to a
          real model, pick a provider in Settings.
        </>
      ) : (
        <>
          <strong>Scripted replies.</strong> The scenario <code>{scripted.name}</code> answers, not
          an AI model.
        </>
      )}
    </p>
  )
}

/** A few prompts to start from: a click fills the message box and puts focus there. */
function ExamplePrompts({ sessionId }: { sessionId: string }) {
  const actions = useActions()
  const shell = useShell()
  const titleId = useId()
  return (
    <div className="example-prompts">
      <p className="example-prompts-title" id={titleId}>
        Try one of these
      </p>
      <ul aria-labelledby={titleId}>
        {EXAMPLE_PROMPTS.map((prompt) => (
          <li key={prompt}>
            <button
              type="button"
              className="example-prompt"
              onClick={() => {
                actions.setComposerDraft(draftKey(sessionId), prompt)
                shell.focusComposer()
              }}
            >
              {prompt}
            </button>
          </li>
        ))}
      </ul>
    </div>
  )
}
