import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { revealInvisibles as webReveal } from '../renderer/tray/reveal-invisibles'
import { visibleSegments as terminalReveal } from '../tui/visible-text'
import { revealInvisibles, type InvisibleMode } from './reveal-invisibles'

const range = (from: number, to: number): string[] =>
  Array.from({ length: to - from + 1 }, (_, i) => String.fromCodePoint(from + i))

/** Every class of character that can hide or reorder text, each of which must be revealed. */
const HIDING: Record<string, string[]> = {
  c0: [...range(0x00, 0x08), ...range(0x0b, 0x0c), ...range(0x0e, 0x1f)],
  c1AndDel: range(0x7f, 0x9f),
  loneCarriageReturn: ['\r'],
  bidi: [...range(0x202a, 0x202e), ...range(0x2066, 0x2069), '\u200E', '\u200F', '\u061C'],
  zeroWidth: ['\u200B', '\u200C', '\u200D', '\u2060', '\uFEFF', '\u00AD', '\u180E'],
  tags: range(0xe0000, 0xe007f),
  variationSelectors: [...range(0xfe00, 0xfe0f), ...range(0xe0100, 0xe01ef)],
  joinersAndFillers: ['\u034F', ...range(0x180b, 0x180f), '\u115F', '\u1160', '\u3164', '\uFFA0'],
  blanks: ['\u2800', '\u17B4', '\u17B5'],
  spaceLookalikes: ['\u00A0', '\u2002', '\u2009', '\u202F', '\u205F', '\u3000'],
  separators: ['\u2028', '\u2029'],
  nonCharacters: ['\uFFFF', '\uFFFE', '\u{10FFFF}', '\uFDD0'],
  privateUse: ['\uE000', '\u{F0000}'],
  loneSurrogates: ['\uD800', '\uDFFF'],
}
const HIDING_CHARS = Object.values(HIDING).flat()
const PLAIN = ['a', 'Z', ' ', '-', '$', '日', 'é', '\n', '\t', '\r\n', '👩', '💻', '❤', '🏴', '1']

/**
 * Strings mixing every hiding class with ordinary text. A lone high surrogate followed by a lone
 * low one would join into a real character (U+103FF), which is not what either piece stands for.
 */
const mixed = fc
  .array(fc.oneof(fc.constantFrom(...HIDING_CHARS), fc.constantFrom(...PLAIN)), { maxLength: 40 })
  .map((pieces) => pieces.join(''))
  .filter((text) => !text.includes('\uD800\uDFFF'))

/** What a UI shows, as tokens: plain text, or the code point it revealed. */
type Token = { text: string } | { hidden: number }

function webTokens(text: string, mode: InvisibleMode): Token[] {
  return webReveal(text, mode).map((run) =>
    run.kind === 'text'
      ? { text: run.text.replace(/\r\n/g, '\n').replace(/\t/g, '  ') }
      : { hidden: Number.parseInt(run.code.slice(2), 16) },
  )
}

function terminalTokens(text: string, mode: InvisibleMode): Token[] {
  return terminalReveal(text, mode).map((segment) =>
    segment.hidden
      ? { hidden: Number.parseInt(segment.text.replace(/^\\[xu]\{?|\}$/g, ''), 16) }
      : { text: segment.text },
  )
}

describe('one invisible-character filter for both UIs', () => {
  it('the web and the terminal reveal exactly the same characters, in code and in prose', () => {
    fc.assert(
      fc.property(mixed, fc.constantFrom<InvisibleMode>('code', 'prose'), (text, mode) => {
        expect(terminalTokens(text, mode)).toEqual(webTokens(text, mode))
      }),
      { numRuns: 2_000 },
    )
  })

  it('in commands and paths every hiding character is revealed, whatever surrounds it', () => {
    fc.assert(
      fc.property(mixed, (text) => {
        const revealed = revealInvisibles(text, { mode: 'code' }).flatMap((run) =>
          run.kind === 'hidden' ? [run.char] : [],
        )
        const expected = [...text].filter(
          (char, i, chars) =>
            HIDING_CHARS.includes(char) && !(char === '\r' && chars[i + 1] === '\n'),
        )
        expect(revealed).toEqual(expected)
        // Nothing is dropped: the runs put together are the text.
        expect(
          revealInvisibles(text, { mode: 'code' })
            .map((run) => (run.kind === 'text' ? run.text : run.char))
            .join(''),
        ).toBe(text)
      }),
      { numRuns: 2_000 },
    )
  })

  it.each(Object.entries(HIDING))('reveals every %s character on both UIs', (_name, chars) => {
    for (const char of chars) {
      expect(webTokens(`a${char}b`, 'code')).toContainEqual({ hidden: char.codePointAt(0) })
      expect(terminalTokens(`a${char}b`, 'code')).toContainEqual({ hidden: char.codePointAt(0) })
    }
  })

  it('legitimate emoji are not flagged in prose, but are in commands and paths', () => {
    const emoji = [
      '👩\u200D💻', // woman technologist (ZWJ)
      '👨\u200D👩\u200D👧', // family
      '👩🏽\u200D💻', // with a skin tone
      '🏳\uFE0F\u200D🌈', // rainbow flag (VS16 + ZWJ)
      '❤\uFE0F', // red heart
      '1\uFE0F\u20E3', // keycap one
      '🏴\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}', // England
    ]
    for (const text of emoji) {
      expect(revealInvisibles(`Done ${text}!`, { mode: 'prose' })).toEqual([
        { kind: 'text', text: `Done ${text}!` },
      ])
      expect(revealInvisibles(text, { mode: 'code' }).some((run) => run.kind === 'hidden')).toBe(
        true,
      )
    }
  })

  it('in prose a joiner, selector or tag that is not part of an emoji is still flagged', () => {
    for (const text of [
      'rm\u200D -rf', // a joiner between letters
      '❤\uFE0F\uFE0F', // a second selector
      'a\uFE0F', // a selector after a letter
      'hello\u{E0041}\u{E0042}', // ASCII smuggled in tag characters
      '🏴\u{E0041}\u{E0042}', // tags that are not a flag (no cancel tag)
      'x\u202Ey',
    ]) {
      expect(revealInvisibles(text, { mode: 'prose' }).some((run) => run.kind === 'hidden')).toBe(
        true,
      )
    }
  })
})
