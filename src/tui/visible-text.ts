import { revealInvisibles, type InvisibleMode } from '../shared/reveal-invisibles'

/**
 * Terminal-safe text. Anything a model or a tool supplies can carry control characters (ESC
 * sequences that repaint the screen, carriage returns that overwrite a line) or bidi/zero-width
 * characters that make a command read differently from what runs. Before such text reaches the
 * terminal, each of those characters is replaced by a visible escape like `\x1B` or `\u202E`.
 */

/** A run of text, flagged when it is the visible form of a hidden character. */
export interface TextSegment {
  text: string
  hidden: boolean
}

function escapeOf(code: number): string {
  const hex = code.toString(16).toUpperCase()
  if (code <= 0xff) return `\\x${hex.padStart(2, '0')}`
  return code <= 0xffff ? `\\u${hex.padStart(4, '0')}` : `\\u{${hex}}`
}

/**
 * The shared filter (`src/shared/reveal-invisibles.ts`) drawn for the terminal: each hidden
 * character becomes an escape like `\x1B`, `\u202E` or `\u{E0041}`, flagged so a view can
 * highlight it. CRLF line ends become plain newlines; tabs become two spaces (they cannot hide
 * anything but would break the layout's width arithmetic). `code` (the default) for commands,
 * paths and tool text; `prose` lets emoji sequences through.
 */
export function visibleSegments(text: string, mode: InvisibleMode = 'code'): TextSegment[] {
  return revealInvisibles(text, { mode }).map((run) =>
    run.kind === 'hidden'
      ? { text: escapeOf(run.codePoint), hidden: true }
      : { text: run.text.replace(/\r\n/g, '\n').replace(/\t/g, '  '), hidden: false },
  )
}

/** The text with every hidden character replaced by its visible escape. */
export function showHidden(text: string, mode: InvisibleMode = 'code'): string {
  return visibleSegments(text, mode)
    .map((s) => s.text)
    .join('')
}

/**
 * One display line: hidden characters escaped, line breaks shown as `⏎`, cut to `max` characters
 * with an ellipsis. For tool lines and summaries, where a second line would break the layout.
 */
export function oneLine(text: string, max = 200): string {
  const flat = showHidden(text.trim()).replace(/\n+/g, ' ⏎ ')
  const chars = [...flat]
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : flat
}
