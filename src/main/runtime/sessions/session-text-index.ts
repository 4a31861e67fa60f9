import type { SessionEvent } from '../../../shared/session-events'

/** A session whose messages contain the searched text, with the words around the first match. */
export interface SessionTextMatch {
  sessionId: string
  snippet: string
}

/** Characters of context on each side of a match in its snippet. */
const CONTEXT = 40

/** The text a search looks in: what the person said and what the agent answered. */
function textOf(event: SessionEvent): string | null {
  return event.type === 'user_message' || event.type === 'assistant_text' ? event.text : null
}

/**
 * The sidebar's search over what sessions said, not only their titles. Each session's message
 * texts are read from its log once (the first search that needs them), kept in memory, and kept
 * current as records are written, so a key press searches memory instead of reading every log.
 */
export class SessionTextIndex {
  readonly #texts = new Map<string, Array<{ text: string; lowered: string }>>()

  /** `load` reads a session's records (from memory or its log); null when it has none. */
  constructor(private readonly load: (sessionId: string) => readonly SessionEvent[] | null) {}

  /** A record was written: its text is searchable at once (only for a session already read). */
  recorded(sessionId: string, event: SessionEvent): void {
    const text = textOf(event)
    if (text !== null) this.#texts.get(sessionId)?.push({ text, lowered: text.toLowerCase() })
  }

  forget(sessionId: string): void {
    this.#texts.delete(sessionId)
  }

  /** Sessions among `sessionIds` whose messages contain `query` (case ignored), at most `limit`. */
  search(sessionIds: Iterable<string>, query: string, limit: number): SessionTextMatch[] {
    const needle = query.trim().toLowerCase()
    if (needle === '') return []
    const matches: SessionTextMatch[] = []
    for (const sessionId of sessionIds) {
      if (matches.length >= limit) break
      for (const { text, lowered } of this.#textsOf(sessionId)) {
        const at = lowered.indexOf(needle)
        if (at === -1) continue
        matches.push({ sessionId, snippet: snippetAround(text, at, needle.length) })
        break
      }
    }
    return matches
  }

  #textsOf(sessionId: string): Array<{ text: string; lowered: string }> {
    let texts = this.#texts.get(sessionId)
    if (texts === undefined) {
      texts = (this.load(sessionId) ?? []).flatMap((event) => {
        const text = textOf(event)
        return text === null ? [] : [{ text, lowered: text.toLowerCase() }]
      })
      this.#texts.set(sessionId, texts)
    }
    return texts
  }
}

/** The match and up to CONTEXT characters on each side, on one line, with … where cut. */
export function snippetAround(text: string, at: number, length: number): string {
  const start = Math.max(0, at - CONTEXT)
  const end = Math.min(text.length, at + length + CONTEXT)
  const middle = text.slice(start, end).replace(/\s+/g, ' ').trim()
  return `${start > 0 ? '…' : ''}${middle}${end < text.length ? '…' : ''}`
}
