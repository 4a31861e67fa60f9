import { useEffect, useRef, useState, type KeyboardEvent } from 'react'
import type {
  AgentPermissionInteraction,
  AgentPermissionOption,
  PendingInteraction,
} from '../../shared'
import { withheldSentence, type AgentSignIn, type SignInWay } from '../../shared/agent-sign-in'
import { useActions, usePromptArmingMs } from '../state/chat-context'
import { isTrayKey, useArmed } from '../tray/use-armed'
import { AgentOptionButtons } from './agent-option-buttons'
import { RevealedText } from './revealed-text'
import { TrayHeader } from './tray-header'

/** How long "Copied" shows on the button before it reads "Copy command" again. */
const COPIED_MS = 2_000

/** A terminal login: the command to run, and a button that copies it. */
function TerminalCommand({ command }: { command: string }) {
  const [copied, setCopied] = useState(false)
  useEffect(() => {
    if (!copied) return
    const timer = setTimeout(() => setCopied(false), COPIED_MS)
    return () => clearTimeout(timer)
  }, [copied])
  const copy = () => {
    void navigator.clipboard.writeText(command).then(
      () => setCopied(true),
      () => setCopied(false),
    )
  }
  return (
    <div className="sign-in-command">
      <p className="sign-in-command-label">Run this in a terminal, then choose “I signed in”:</p>
      <code className="sign-in-command-text">
        <RevealedText text={command} />
      </code>
      <button type="button" className="button-secondary small" onClick={copy}>
        {copied ? 'Copied' : 'Copy command'}
      </button>
    </div>
  )
}

/** One way to sign in as the tray lists it: the agent's name and words for it. */
function Way({ way }: { way: SignInWay }) {
  return (
    <li className={`sign-in-way is-${way.kind}`}>
      <span className="sign-in-way-name">
        <RevealedText text={way.name} />
      </span>
      {way.description && (
        <span className="sign-in-way-description">
          <RevealedText text={way.description} />
        </span>
      )}
      {way.kind === 'terminal' && way.command && <TerminalCommand command={way.command} />}
    </li>
  )
}

/**
 * An ACP agent that answered "authentication required": its own ways to sign in (names and
 * descriptions as it gave them; a terminal login as the command to run), the provider keys
 * Parley keeps from agents with "Give <agent> my KEY", "I signed in" after a terminal login, and
 * "Not now". A chosen way is done by Parley and the same turn is tried again.
 */
export function SignInTray({
  request,
  signIn,
  waiting,
}: {
  request: AgentPermissionInteraction
  signIn: AgentSignIn
  waiting: readonly PendingInteraction[]
}) {
  const actions = useActions()
  const armed = useArmed(usePromptArmingMs())
  const [busy, setBusy] = useState(false)
  const regionRef = useRef<HTMLElement>(null)
  const withheld = withheldSentence(signIn.withheld)
  // A key to give is a button only; the list holds the agent's own ways.
  const listed = signIn.ways.filter((way) => way.kind !== 'give_env')
  const gives = signIn.ways.some((way) => way.kind === 'give_env')

  useEffect(() => regionRef.current?.focus({ preventScroll: true }), [])

  const choose = async (option: AgentPermissionOption) => {
    setBusy(true)
    if (
      !(await actions.respondToAgentPermission(
        request.sessionId,
        request.requestId,
        option.optionId,
      ))
    )
      setBusy(false)
  }
  const onKeyDownCapture = (event: KeyboardEvent<HTMLElement>) => {
    if (!armed && isTrayKey(event.key)) {
      event.preventDefault()
      event.stopPropagation()
    }
  }
  const firstAllow = request.options.find((o) => o.kind.startsWith('allow'))?.optionId

  return (
    <section
      ref={regionRef}
      role="region"
      aria-label="Agent question"
      className="tray tray-sign-in"
      tabIndex={-1}
      data-armed={armed}
      onKeyDownCapture={onKeyDownCapture}
    >
      <TrayHeader interaction={request} waiting={waiting} title={request.title} armed={armed} />
      <div className="tray-body">
        {withheld !== '' && (
          <p className="form-notice">
            {withheld}
            {gives &&
              ` Given, it is kept in Parley's secret store for ${signIn.agent} only, and ${signIn.agent} restarts with it.`}
          </p>
        )}
        {signIn.agentMessage && (
          <p className="form-message">
            <RevealedText text={signIn.agentMessage} />
          </p>
        )}
        {signIn.failure && (
          <p className="form-notice form-notice-warn" role="status">
            That did not work: <RevealedText text={signIn.failure} />
          </p>
        )}
        {listed.length > 0 && (
          <ul className="sign-in-ways" aria-label="Ways to sign in">
            {listed.map((way) => (
              <Way key={way.optionId} way={way} />
            ))}
          </ul>
        )}
        {signIn.ways.length === 0 && (
          <p className="form-notice">
            {signIn.agent} offers no way to sign in from Parley. Sign in with its own command line,
            then send your message again.
          </p>
        )}
        {request.orphaned && (
          <p className="form-notice form-notice-warn">
            {signIn.agent} is no longer waiting for this (it stopped, or Parley was closed).
          </p>
        )}
      </div>
      <AgentOptionButtons
        request={request}
        primary={firstAllow}
        busy={busy}
        onChoose={(option) => void choose(option)}
      />
    </section>
  )
}
