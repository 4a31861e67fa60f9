import type { BridgeEvent } from '../../shared/bridge'
import { inboxItems, type InboxItem } from '../../shared/inbox'
import type { InteractionBroker } from './interactions/broker'
import { postNotice } from './remote/webhook-notice'
import type { SettingsStore } from './settings/settings-store'

/** Events after which the inbox may have changed: a request came, changed or went; a title changed. */
const INBOX_CAUSES: ReadonlySet<BridgeEvent['type']> = new Set([
  'interaction_added',
  'interaction_updated',
  'interaction_settled',
  'session_changed',
])

export interface InboxDeps {
  broker: InteractionBroker
  settings: SettingsStore
  /** A session's title as the inbox shows it. */
  title(sessionId: string): string
  emit(event: BridgeEvent): void
  fetch: typeof globalThis.fetch
}

/**
 * What waits for the person across sessions: the inbox, announced to the UIs once per change,
 * and the notice webhook that hears each new request.
 */
export class Inbox {
  /** The inbox as last announced (JSON), so `inbox_changed` is sent only when it changed. */
  #last = '[]'

  constructor(private readonly deps: InboxDeps) {}

  items(): InboxItem[] {
    return inboxItems(
      this.deps.broker.sessions().map(({ sessionId, pending }) => ({
        sessionId,
        title: this.deps.title(sessionId),
        pending,
      })),
    )
  }

  /** Hears every event the runtime emits: announces a changed inbox, notifies a new request. */
  heard(event: BridgeEvent): void {
    if (INBOX_CAUSES.has(event.type)) this.#announce(event.sessionId)
    if (event.type === 'interaction_added') this.#notify(event.sessionId)
  }

  /** Tells the UIs the inbox changed, once per change: what waits, or a waiting session's title. */
  #announce(sessionId: string): void {
    const items = this.items()
    const json = JSON.stringify(items)
    if (json === this.#last) return
    this.#last = json
    this.deps.emit({ type: 'inbox_changed', sessionId, items })
  }

  /** Something new waits: the notice webhook, when the person set one, hears it (see noticeText). */
  #notify(sessionId: string): void {
    const { notifyUrl: url, notifyUrlTitles } = this.deps.settings.current
    if (!url) return
    const title = notifyUrlTitles ? this.deps.title(sessionId) : null
    void postNotice(this.deps.fetch, url, title)
  }
}
