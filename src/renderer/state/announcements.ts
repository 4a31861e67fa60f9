import type { AppState } from './app-state'
import { needsInput } from './app-state'

/** Longest reply excerpt read out; the whole reply is in the conversation. */
const EXCERPT = 240

/** Markdown punctuation that a screen reader would read out as symbols. */
function spoken(markdown: string): string {
  const flat = markdown
    .replace(/```[\s\S]*?```/g, ' (code) ')
    .replace(/[*_`#>|~]+/g, '')
    .replace(/\s+/g, ' ')
    .trim()
  return flat.length > EXCERPT ? `${flat.slice(0, EXCERPT - 1)}…` : flat
}

/**
 * What a polite live region says about a state change: a reply that just finished in the open
 * session, and sessions that have just started to wait for the person. Pure, so the rules are
 * tested without a screen reader.
 */
export function announcements(previous: AppState, next: AppState): string[] {
  const out: string[] = []
  const active = next.activeSessionId
  for (const session of next.sessions) {
    const before = previous.sessions.find((s) => s.id === session.id)
    if (!before) continue
    if (session.id === active && before.running && !session.running) {
      const items = next.transcripts[session.id]?.items ?? []
      for (let i = items.length - 1; i >= 0; i--) {
        const item = items[i]
        if (item?.kind === 'user') break
        if (item?.kind === 'assistant') {
          out.push(`The agent replied: ${spoken(item.text)}`)
          break
        }
      }
    }
    // The open session's tray takes focus and is read out itself.
    if (session.id !== active && !needsInput(previous, before) && needsInput(next, session)) {
      out.push(`“${session.title}” needs input.`)
    }
  }
  return out
}
