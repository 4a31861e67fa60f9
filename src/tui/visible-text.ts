/**
 * Terminal-safe text. Anything a model or a tool supplies can carry control characters (ESC
 * sequences that repaint the screen, carriage returns that overwrite a line) or bidi/zero-width
 * characters that make a command read differently from what runs. Before such text reaches the
 * terminal, each of those characters is replaced by a visible escape like `\x1B` or `\u202E`.
 */

/** C0/C1 controls except tab and newline, DEL, and the invisible or reordering format characters. */
const HIDDEN =
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u00AD\u061C\u115F\u1160\u180E\u200B-\u200F\u2028-\u202E\u2060-\u2069\u3164\uFEFF\uFFF9-\uFFFB]/u

/** A run of text, flagged when it is the visible form of a hidden character. */
export interface TextSegment {
  text: string
  hidden: boolean
}

function escapeOf(char: string): string {
  const code = char.codePointAt(0) ?? 0
  return code <= 0xff
    ? `\\x${code.toString(16).toUpperCase().padStart(2, '0')}`
    : `\\u${code.toString(16).toUpperCase().padStart(4, '0')}`
}

/**
 * Splits text into plain runs and escaped hidden characters, so a view can highlight the escapes.
 * CRLF line ends become plain newlines; tabs become two spaces (they cannot hide anything but
 * would break the layout's width arithmetic).
 */
export function visibleSegments(text: string): TextSegment[] {
  const normalized = text.replace(/\r\n/g, '\n').replace(/\t/g, '  ')
  const segments: TextSegment[] = []
  let plain = ''
  for (const char of normalized) {
    if (HIDDEN.test(char)) {
      if (plain) segments.push({ text: plain, hidden: false })
      plain = ''
      segments.push({ text: escapeOf(char), hidden: true })
    } else {
      plain += char
    }
  }
  if (plain) segments.push({ text: plain, hidden: false })
  return segments
}

/** The text with every hidden character replaced by its visible escape. */
export function showHidden(text: string): string {
  return visibleSegments(text)
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
