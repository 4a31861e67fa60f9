import { useId, useState } from 'react'
import type { TurnErrorKind } from '../../shared'
import { activeSession } from '../state/app-state'
import { useActions, useChat } from '../state/chat-context'
import { plainError } from '../../shared/plain-error'
import type { TranscriptItem } from '../../shared/transcript'
import { useShell } from '../shell/shell-context'
import { RevealedText } from './revealed-text'

type TurnEndItem = Extract<TranscriptItem, { kind: 'turn_end' }>

const TURN_END_TEXT = {
  stopped: 'Stopped.',
  aborted: 'The turn was aborted.',
  error: 'The turn failed.',
  interrupted: 'Interrupted: the app closed while this turn was running.',
} as const

/** What went wrong, and what the person can do about it, by kind of failure. */
const ERROR_TEXT: Record<TurnErrorKind, ErrorText> = {
  auth: {
    title: 'The model provider refused the API key',
    hint: 'Retry once the key is right.',
    settings: true,
  },
  rate_limit: {
    title: 'The model provider is limiting requests',
    hint: 'Parley already retried. Wait a moment, then retry.',
    settings: false,
  },
  network: {
    title: 'Could not reach the model provider',
    hint: 'Check the network connection or the server address in Settings, then retry.',
    settings: true,
  },
  server: {
    title: 'The model provider had a problem',
    hint: 'The server may be down or overloaded. Retry in a moment.',
    settings: false,
  },
  request: {
    title: 'The model provider refused the request',
    hint: 'Check the model name and the base URL in Settings.',
    settings: true,
  },
  other: { title: 'The turn failed', hint: '', settings: false },
}

type ErrorText = { title: string; hint: string; settings: boolean }

/**
 * The same for a session with an ACP agent: the agent, not a model provider, failed. Its own
 * message (for a sign-in, the methods it offers) is shown as it wrote it; there is no Retry (the
 * agent is sent the message again instead).
 */
function agentErrorText(agent: string, kind: TurnErrorKind): ErrorText {
  switch (kind) {
    case 'auth':
      return {
        title: `${agent} needs you to sign in`,
        hint: 'Sign in one of these ways, then send your message again. A variable added to the agent in Settings applies to sessions started after that.',
        settings: true,
      }
    case 'rate_limit':
    case 'network':
    case 'server':
    case 'request':
    case 'other':
      return {
        title: `${agent} could not finish this turn`,
        hint: 'Send your message again to try once more.',
        settings: false,
      }
  }
}

function ErrorCard({ item }: { item: TurnEndItem }) {
  const actions = useActions()
  const shell = useShell()
  const sessionId = useChat((s) => s.activeSessionId)
  const agentName = useChat((s) => activeSession(s)?.agent?.name)
  // Only the newest turn can be retried, and not while another one runs.
  const latest = useChat((s) => {
    const items = s.activeSessionId ? s.transcripts[s.activeSessionId]?.items : undefined
    return items?.at(-1)?.key === item.key && !(activeSession(s)?.running ?? false)
  })
  const [retrying, setRetrying] = useState(false)
  const [outcome, setOutcome] = useState<string | null>(null)
  const [showCause, setShowCause] = useState(false)
  const causeId = useId()
  const titleId = useId()
  const kind = item.errorKind ?? 'other'
  const text = agentName !== undefined ? agentErrorText(agentName, kind) : ERROR_TEXT[kind]
  // A failure of unknown kind (a log from before kinds existed) may well be the provider setup.

  const retry = async () => {
    if (!sessionId) return
    setRetrying(true)
    setOutcome(null)
    const result = await actions.retryTurn(sessionId)
    setRetrying(false)
    if (!result.ok) setOutcome(result.message)
  }

  return (
    <div
      className="row turn-error-card"
      role={latest ? 'alert' : undefined}
      aria-labelledby={titleId}
    >
      <p className="turn-error-title" id={titleId}>
        {text.title}
      </p>
      {item.error && (
        <p className={`turn-error-message${agentName !== undefined ? ' is-agent' : ''}`}>
          {agentName !== undefined ? (
            // The agent's own words (its sign-in methods, one a line): shown as written.
            <RevealedText text={item.error} mode="prose" />
          ) : (
            plainError(item.error)
          )}
        </p>
      )}
      {text.hint && <p className="turn-error-hint">{text.hint}</p>}
      {showCause && item.errorDetail && (
        <pre id={causeId} className="turn-error-cause" tabIndex={0}>
          {item.errorDetail}
        </pre>
      )}
      <div className="turn-error-actions">
        {latest && agentName === undefined && (
          <button
            type="button"
            // Where the fix is in Settings, going there is the main action; Retry comes after it.
            className={`${text.settings ? 'button-secondary' : 'button-primary'} small`}
            disabled={retrying}
            onClick={() => void retry()}
          >
            Retry
          </button>
        )}
        {(text.settings || (item.errorKind === undefined && agentName === undefined)) && (
          <button
            type="button"
            className={`${text.settings ? 'button-primary' : 'button-secondary'} small`}
            onClick={() => shell.openSettingsAt(agentName !== undefined ? 'agents' : 'model')}
          >
            Open Settings
          </button>
        )}
        {item.errorDetail && (
          <button
            type="button"
            className="button-quiet small disclosure"
            aria-expanded={showCause}
            aria-controls={showCause ? causeId : undefined}
            onClick={() => setShowCause((open) => !open)}
          >
            Technical cause
          </button>
        )}
        {outcome && (
          <span className="turn-error-outcome" role="status">
            {outcome}
          </span>
        )}
      </div>
    </div>
  )
}

/**
 * How a turn that did not complete normally ended. A failure is a card in plain words with what
 * to do: Retry, Open settings where the cause is there, and the technical cause on request.
 */
export function TurnEndRow({ item }: { item: TurnEndItem }) {
  if (item.reason === 'error') return <ErrorCard item={item} />
  return (
    <div className={`row row-turn-end turn-end-${item.reason}`}>
      <span>{TURN_END_TEXT[item.reason]}</span>
      {item.error && <span className="turn-end-error"> {plainError(item.error)}</span>}
    </div>
  )
}
