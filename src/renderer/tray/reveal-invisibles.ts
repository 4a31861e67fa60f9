import {
  codePointLabel as labelOf,
  revealInvisibles as reveal,
  type InvisibleMode,
} from '../../shared/reveal-invisibles'
import { truncate } from '../../shared/truncate'

/** A run of text as shown: plain text, or a visible token standing in for an invisible character. */
export type Revealed =
  { kind: 'text'; text: string } | { kind: 'marker'; text: string; code: string }

/** The U+XXXX name a marker shows. */
export function codePointLabel(char: string): string {
  return labelOf(char.codePointAt(0) ?? 0)
}

/**
 * The shared filter (`src/shared/reveal-invisibles.ts`) drawn for the web: U+202E becomes the
 * visible token ⟨U+202E⟩ and can no longer reorder the text around it. `code` (the default) for
 * commands, paths, diffs and tool input; `prose` lets emoji sequences through.
 */
export function revealInvisibles(text: string, mode: InvisibleMode = 'code'): Revealed[] {
  return reveal(text, { mode }).map((run) => {
    if (run.kind === 'text') return run
    const code = labelOf(run.codePoint)
    return { kind: 'marker', text: `⟨${code}⟩`, code }
  })
}

/** The same as plain text (for one-line summaries and accessible names). */
export function revealedText(text: string, mode: InvisibleMode = 'code'): string {
  return revealInvisibles(text, mode)
    .map((r) => r.text)
    .join('')
}

/**
 * One line for a summary: hidden characters revealed, line breaks shown as ↵ (a second command on
 * a new line must not read as arguments of the first), runs of spaces collapsed, cut at `max`.
 */
export function revealedLine(text: string, max = 140): string {
  const flat = revealedText(
    text
      .trim()
      .replace(/\s*\n\s*/g, ' ↵ ')
      .replace(/[^\S\n]+/g, ' '),
  )
  return truncate(flat, max)
}
