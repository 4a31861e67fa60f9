/** A run of text as shown: plain text, or a visible token standing in for an invisible character. */
export type Revealed =
  { kind: 'text'; text: string } | { kind: 'marker'; text: string; code: string }

/**
 * Characters that could hide or reorder what a command or diff really says: control characters
 * (except newline and tab), format characters (zero-width, bidi overrides and isolates, BOM, soft
 * hyphen), line/paragraph separators and other non-rendering code points.
 */
const INVISIBLE =
  /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Co}\p{Cn}\u115F\u1160\u3164\uFFA0\u180E\u2800\u3000\u00A0\u2000-\u200A\u202F\u205F]/u

/** The U+XXXX name a marker shows. */
export function codePointLabel(char: string): string {
  const code = char.codePointAt(0) ?? 0
  return `U+${code.toString(16).toUpperCase().padStart(4, '0')}`
}

/**
 * Splits text into plain runs and markers, so a permission prompt shows exactly what the tool
 * will receive: U+202E becomes the visible token ⟨U+202E⟩ and can no longer reorder the text
 * around it. Newlines and tabs stay as they are. Nothing is dropped or truncated.
 */
export function revealInvisibles(text: string): Revealed[] {
  const out: Revealed[] = []
  let plain = ''
  for (const char of text) {
    if (char !== '\n' && char !== '\t' && INVISIBLE.test(char)) {
      if (plain) out.push({ kind: 'text', text: plain })
      plain = ''
      const code = codePointLabel(char)
      out.push({ kind: 'marker', text: `⟨${code}⟩`, code })
    } else {
      plain += char
    }
  }
  if (plain) out.push({ kind: 'text', text: plain })
  return out
}

/** The same as plain text (for one-line summaries and accessible names). */
export function revealedText(text: string): string {
  return revealInvisibles(text)
    .map((r) => r.text)
    .join('')
}
