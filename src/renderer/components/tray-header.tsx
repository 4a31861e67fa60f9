import { useEffect, useId, useRef, useState, type ReactNode } from 'react'
import { askerName, type PendingInteraction } from '../../shared'
import { formatCountdown, formatSince } from '../../shared/format-time'
import { SummaryText } from './summary-text'
import { RISK_TEXT } from './permission-what'
import { TrayStop } from './tray-stop'
import { TrayText } from './tray-text'
import { useNow } from '../../ui-common/use-now'

/** A permission's countdown is shown only in its last minute. */
const COUNTDOWN_SHOWN_MS = 60_000

/** One line naming a queued request, for the "k more waiting" list. */
function QueuedItem({ item }: { item: PendingInteraction }) {
  switch (item.kind) {
    case 'permission':
      return (
        <>
          <span className="tray-queue-kind">Permission</span> <SummaryText text={item.summary} />
        </>
      )
    case 'question': {
      const [first] = item.questions
      const others = item.questions.length - 1
      return (
        <>
          <span className="tray-queue-kind">Question</span>{' '}
          {first && <TrayText text={first.question} />}
          {others > 0 && ` (and ${others} more)`}
        </>
      )
    }
    case 'agent_permission':
      return (
        <>
          <span className="tray-queue-kind">{askerName(item.source)} asks</span> {item.title}
        </>
      )
    case 'form':
      return (
        <>
          <span className="tray-queue-kind">{askerName(item.source)} asks</span>{' '}
          <TrayText text={item.form.message} />
        </>
      )
  }
}

/** What comes next, in words, with its risk where it has one: "Next: Run `rm -rf build` · High risk". */
function NextUp({ item }: { item: PendingInteraction }) {
  const risk =
    item.kind === 'permission' || item.kind === 'agent_permission' ? item.risk : undefined
  let what
  switch (item.kind) {
    case 'permission':
      what = <SummaryText text={item.summary} />
      break
    case 'question':
      what = item.questions[0] && <TrayText text={item.questions[0].question} />
      break
    case 'agent_permission':
      what = <TrayText text={item.title} />
      break
    case 'form':
      what = <TrayText text={item.form.message} />
      break
  }
  return (
    <span className="tray-next">
      <span className="tray-next-label">Next:</span> {what}
      {risk && <span className={`tray-next-risk is-${risk}`}> · {RISK_TEXT[risk]}</span>}
    </span>
  )
}

/** Whether the asker is gone, so an answer can no longer resume anything (the tray says so). */
function isOrphaned(interaction: PendingInteraction): boolean {
  switch (interaction.kind) {
    case 'permission':
    case 'question':
      return false
    case 'agent_permission':
    case 'form':
      return interaction.orphaned
  }
}

/**
 * The tray's top line: what is asking, how long it waits, whether its keys are armed yet, and
 * how many more are queued (a button that lists them); last, Stop, when the turn can be stopped.
 */
export function TrayHeader({
  interaction,
  waiting,
  title,
  armed,
  onStop,
  stopDisabled = false,
  together,
  children,
}: {
  interaction: PendingInteraction
  /** The rest of the FIFO, behind this request. */
  waiting: readonly PendingInteraction[]
  title: string
  armed: boolean
  /** Stops the turn: offered at the header's end, out of the answers' row. */
  onStop?: (() => void) | undefined
  stopDisabled?: boolean
  /**
   * Several requests of the same kind and risk wait: how many, and how to open them as one list
   * (each shown in full with its own answer).
   */
  together?: { count: number; onOpen: () => void } | undefined
  children?: ReactNode
}) {
  const expiresAt = interaction.kind === 'permission' ? interaction.expiresAt : null
  const now = useNow({ everyMs: 1_000, active: expiresAt !== null })
  // The time limit always holds; it is only shown in its last minute, so no prompt rushes a person.
  const countdownFrom =
    expiresAt !== null && expiresAt - now <= COUNTDOWN_SHOWN_MS ? expiresAt : null
  const [listOpen, setListOpen] = useState(false)
  const listId = useId()
  const moreRef = useRef<HTMLButtonElement>(null)
  // The open list is the innermost layer: Escape closes it, wherever focus is, and goes no
  // further (the tray under it must not take the same key as an answer).
  useEffect(() => {
    if (!listOpen) return
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape') return
      event.preventDefault()
      event.stopPropagation()
      setListOpen(false)
      moreRef.current?.focus()
    }
    document.addEventListener('keydown', onKey, true)
    return () => document.removeEventListener('keydown', onKey, true)
  }, [listOpen])
  return (
    <>
      <header className="tray-header">
        <span className="tray-title">{title}</span>
        {children}
        <span className="tray-header-spacer" />
        {!armed && (
          <span
            className="tray-arming"
            title="Keys typed as a prompt appears are ignored for a moment, so typing ahead never answers it."
          >
            Arming keys…
          </span>
        )}
        {interaction.recovered && (
          <span className="tray-meta">waiting since {formatSince(interaction.createdAt, now)}</span>
        )}
        {countdownFrom !== null && !interaction.recovered && (
          <span className="tray-meta" aria-live="off">
            Denies automatically in {formatCountdown(countdownFrom, now)}
          </span>
        )}
        {waiting.length > 0 && (
          <button
            ref={moreRef}
            type="button"
            className="tray-more"
            aria-expanded={listOpen}
            aria-controls={listOpen ? listId : undefined}
            onClick={() => setListOpen((open) => !open)}
          >
            <span>{waiting.length} more waiting</span>
          </button>
        )}
        {waiting[0] && <NextUp item={waiting[0]} />}
        {together && (
          <button type="button" className="button-secondary small" onClick={together.onOpen}>
            Review all {together.count} together
          </button>
        )}
        {onStop && <TrayStop onStop={onStop} disabled={stopDisabled} />}
      </header>
      {listOpen && waiting.length > 0 && (
        <ol id={listId} className="tray-queue" aria-label="Waiting next">
          {waiting.map((item) => (
            <li key={item.requestId}>
              <QueuedItem item={item} />
            </li>
          ))}
        </ol>
      )}
      {interaction.recovered && !isOrphaned(interaction) && (
        <p className="tray-recovered">
          Parley was closed while this waited, so it is shown again. Answer it and the agent carries
          on with the same turn; Dismiss closes it unanswered and tells the agent so.
        </p>
      )}
    </>
  )
}
