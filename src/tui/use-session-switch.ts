import type { SessionSummary } from '../shared/bridge'
import { EMPTY_COMPOSER, withEditor, type ComposerState } from './composer-state'
import type { Panel } from './panel'
import type { Rewound } from './panel-surface'
import type { SessionView } from './session-view-state'
import type { TuiBridge } from './tui-bridge'
import type { SessionTarget } from './use-session-view'

/**
 * Going to another session: from the session picker, the inbox, a fork made by rewinding, or a
 * `/` command. The draft, the queue and any panel are left behind.
 */
export function useSessionSwitch({
  bridge,
  view,
  setTarget,
  clearOffer,
  setPanel,
  setDraft,
  clearQueue,
  hint,
}: {
  bridge: TuiBridge
  view: SessionView
  setTarget(target: SessionTarget): void
  clearOffer(): void
  setPanel(panel: Panel | null): void
  setDraft(next: ComposerState): void
  clearQueue(): void
  hint(text: string): void
}) {
  const session = view.session

  /** Opens another session; a still-empty session this client created is removed. */
  const switchTo = (next: SessionTarget) => {
    if (session && view.created && view.transcript.items.length === 0 && view.queue.length === 0)
      void bridge.removeSession({ sessionId: session.id })
    clearOffer()
    setPanel(null)
    setDraft(EMPTY_COMPOSER)
    clearQueue()
    setTarget(next)
  }

  const openSession = (summary: SessionSummary) => {
    if (summary.id === session?.id) return setPanel(null)
    // Checked first: a session that cannot be opened leaves this one on screen.
    void bridge.openSession({ sessionId: summary.id }).then((result) => {
      if (result.ok) switchTo({ kind: 'open', sessionId: summary.id })
      else hint(`Could not open “${summary.title}”.`)
    })
  }

  /** The inbox opens a session by id (the one shown: the inbox closes). */
  const openById = (id: string) =>
    id === session?.id ? setPanel(null) : switchTo({ kind: 'open', sessionId: id })

  /** A rewind: a fork opens with the message rewound to in the box. */
  const rewound = ({ text, forkId, message }: Rewound) => {
    setPanel(null)
    if (forkId === null) return hint(text)
    switchTo({ kind: 'open', sessionId: forkId })
    setDraft(withEditor(EMPTY_COMPOSER, { text: message, cursor: message.length }))
    hint(text)
  }

  return { switchTo, openSession, openById, rewound }
}
