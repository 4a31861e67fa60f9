/**
 * The one filter both UIs use before showing text a model, a tool or a peer supplied: every
 * character that could hide or reorder what a command, a path or a message really says is
 * reported, so the UI can draw it as a visible token. Pure; nothing is dropped or truncated.
 *
 * `code` (commands, paths, diffs, tool input and output) reveals all of them. `prose` (assistant
 * and question text) lets through what a reader needs and cannot be fooled by: emoji sequences
 * joined with U+200D or given a U+FE0E/U+FE0F presentation selector, the emoji tag sequences of
 * subdivision flags (🏴 + tags + U+E007F), and spaces that look like spaces (no-break, em, ideographic…).
 */
export type InvisibleMode = 'code' | 'prose'

/** A run of text as shown: plain text, or one revealed character. */
export type RevealedRun =
  { kind: 'text'; text: string } | { kind: 'hidden'; char: string; codePoint: number }

/**
 * Never shown as they are: controls (but newline, tab and a CRLF line end), format characters
 * (zero-width, bidi embeddings, overrides and isolates, BOM, soft hyphen, tag characters
 * U+E0000–E007F), line and paragraph separators, private-use, unassigned and noncharacter code
 * points (U+FFFF), lone surrogates, variation selectors (U+FE00–FE0F, U+E0100–E01EF), the
 * combining grapheme joiner U+034F, Mongolian variation selectors U+180B–180F, Khmer inherent
 * vowels, Hangul fillers and the blank braille pattern U+2800.
 */
const ALWAYS =
  /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Co}\p{Cn}\p{Cs}\uFE00-\uFE0F\u{E0100}-\u{E01EF}\u034F\u180B-\u180F\u17B4\u17B5\u115F\u1160\u3164\uFFA0\u2800]/u

/** Characters that look like an ordinary space but are not one (a shell does not split on them). */
const SPACE_LOOKALIKE = /[\u00A0\u1680\u2000-\u200A\u202F\u205F\u3000]/u

const ZWJ = 0x200d
const TEXT_STYLE = 0xfe0e
const EMOJI_STYLE = 0xfe0f
const BLACK_FLAG = 0x1f3f4
const CANCEL_TAG = 0xe007f
const MAX_FLAG_TAGS = 7

const isPictographic = (char: string | undefined): boolean =>
  char !== undefined && /\p{Extended_Pictographic}/u.test(char)
const isEmoji = (char: string | undefined): boolean =>
  char !== undefined && /\p{Emoji}/u.test(char) && !/[\uFE0E\uFE0F]/u.test(char)
const isEmojiModifier = (char: string | undefined): boolean =>
  char !== undefined && /\p{Emoji_Modifier}/u.test(char)
const codeOf = (char: string | undefined): number => char?.codePointAt(0) ?? -1
const isFlagTag = (code: number): boolean =>
  (code >= 0xe0030 && code <= 0xe0039) || (code >= 0xe0061 && code <= 0xe007a)

/** Indices (in `chars`) of the tag characters of well-formed subdivision flags. */
function flagTagIndices(chars: readonly string[]): Set<number> {
  const indices = new Set<number>()
  for (let i = 0; i < chars.length; i++) {
    if (codeOf(chars[i]) !== BLACK_FLAG) continue
    let end = i + 1
    while (end < chars.length && end - i <= MAX_FLAG_TAGS && isFlagTag(codeOf(chars[end]))) end++
    if (end > i + 1 && codeOf(chars[end]) === CANCEL_TAG)
      for (let j = i + 1; j <= end; j++) indices.add(j)
  }
  return indices
}

/** Whether the character at `i` is part of a legitimate emoji sequence (prose only). */
function isEmojiGlue(chars: readonly string[], i: number, flagTags: ReadonlySet<number>): boolean {
  const code = codeOf(chars[i])
  const before = chars[i - 1]
  if (code === TEXT_STYLE || code === EMOJI_STYLE) {
    const after = codeOf(chars[i + 1])
    return isEmoji(before) && after !== TEXT_STYLE && after !== EMOJI_STYLE
  }
  if (code === ZWJ) {
    const joinsEmoji =
      isPictographic(before) ||
      isEmojiModifier(before) ||
      (codeOf(before) === EMOJI_STYLE && isPictographic(chars[i - 2]))
    return joinsEmoji && isPictographic(chars[i + 1])
  }
  return flagTags.has(i)
}

/** True when the character at `i` of `chars` (code points) is revealed in this mode. */
function isRevealed(
  chars: readonly string[],
  i: number,
  mode: InvisibleMode,
  flagTags: ReadonlySet<number>,
): boolean {
  const char = chars[i] as string
  if (char === '\n' || char === '\t') return false
  if (char === '\r') return chars[i + 1] !== '\n'
  if (SPACE_LOOKALIKE.test(char)) return mode === 'code'
  if (!ALWAYS.test(char)) return false
  return mode === 'code' || !isEmojiGlue(chars, i, flagTags)
}

/** Splits text into plain runs and revealed characters, in order. */
export function revealInvisibles(text: string, { mode }: { mode: InvisibleMode }): RevealedRun[] {
  const chars = [...text]
  const flagTags = mode === 'prose' ? flagTagIndices(chars) : new Set<number>()
  const runs: RevealedRun[] = []
  let plain = ''
  for (let i = 0; i < chars.length; i++) {
    const char = chars[i] as string
    if (!isRevealed(chars, i, mode, flagTags)) {
      plain += char
      continue
    }
    if (plain) runs.push({ kind: 'text', text: plain })
    plain = ''
    runs.push({ kind: 'hidden', char, codePoint: codeOf(char) })
  }
  if (plain) runs.push({ kind: 'text', text: plain })
  return runs
}

/** The U+XXXX name of a code point. */
export function codePointLabel(codePoint: number): string {
  return `U+${codePoint.toString(16).toUpperCase().padStart(4, '0')}`
}
