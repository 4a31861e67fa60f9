import type { AppState } from './app-state'
import { needsInput } from './app-state'

/** Longest reply excerpt read out; the whole reply is in the conversation. */
const EXCERPT = 240

/** Markdown punctuation that a screen reader would read out as symbols. */
function flatten(markdown: string): string {
  return markdown
    .replace(/```[\s\S]*?```/g, ' (code) ')
    .replace(/[*_`#>|~]+/g, '')
    .replace(/\s+/g, ' ')
    .trim()
}

/**
 * The reply's start as words. Only as much of the reply is read as the excerpt needs (a reply can
 * be megabytes): a growing head, where a code block still open at the cut counts as closed.
 */
function spoken(markdown: string): string {
  for (let head = 4 * EXCERPT; ; head *= 4) {
    const part = markdown.slice(0, head)
    const fences = part.split('```').length - 1
    const flat = flatten(fences % 2 === 1 ? `${part}\n\`\`\`` : part)
    if (flat.length > EXCERPT) return `${flat.slice(0, EXCERPT - 1)}…`
    if (head >= markdown.length) return flat
  }
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
