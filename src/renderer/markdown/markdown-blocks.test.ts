import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { NO_BLOCKS, splitBlocks, WARM_UP_SAMPLE, type BlockSplit } from './markdown-blocks'
import { segmentTexts, splitReply, type ReplySegments } from '../../ui-common/reply-segments'

/** Markdown made of the pieces replies are made of, glued in any order. */
const pieces = [
  '# Heading\n',
  '## Sub heading\n',
  'A paragraph with **bold**, `code` and a [link](https://example.com).\n',
  'Second line of the paragraph.\n',
  '\n',
  '\n\n',
  '- item one\n',
  '- item two\n',
  '  continued item\n',
  '1. first\n',
  '2. second\n',
  '```ts\n',
  'const x: number = 1\n',
  '```\n',
  '~~~\n',
  '| Service | Downtime |\n',
  '| --- | :---: |\n',
  '| api | 3 min |\n',
  '> a quote\n',
  '---\n',
  '    indented code\n',
  'Setext title\n',
  '===\n',
  'Text with <b>raw html</b> & entities\n',
  '[ref]: https://example.com\n',
  'مرحبا بالعالم — mixed עברית text\n',
]
const markdown = fc.array(fc.constantFrom(...pieces), { maxLength: 40 }).map((p) => p.join(''))

/** The same text delivered in chunks, as deltas arrive. */
const chunked = markdown.chain((text) =>
  fc
    .uniqueArray(fc.integer({ min: 1, max: Math.max(1, text.length - 1) }), { maxLength: 12 })
    .map((cuts) => {
      const sorted = [...cuts].filter((c) => c < text.length).sort((a, b) => a - b)
      return { text, prefixes: [...sorted.map((c) => text.slice(0, c)), text] }
    }),
)

/**
 * The blocks up to the last one followed by a blank line, and not a list, indented code or HTML
 * (which later text may still join): no later line can change them.
 */
function settledBlocks(split: BlockSplit) {
  let count = 0
  split.blocks.forEach((block, i) => {
    const next = split.blocks[i + 1]
    const { token } = block
    const open =
      token.type === 'list' ||
      token.type === 'html' ||
      (token.type === 'code' && token.codeBlockStyle === 'indented')
    if (next && block.start + block.text.length < next.start && !open) count = i + 1
  })
  return split.blocks.slice(0, count)
}

describe('splitting markdown into blocks', () => {
  it('covers the source: the blocks are the text minus blank lines between them', () => {
    fc.assert(
      fc.property(markdown, (text) => {
        const { blocks } = splitBlocks(text)
        for (const block of blocks)
          expect(text.slice(block.start).startsWith(block.text)).toBe(true)
        const between = blocks.map((b, i) =>
          text.slice(b.start + b.text.length, blocks[i + 1]?.start ?? text.length),
        )
        for (const gap of between) expect(gap.trim()).toBe('')
      }),
      { numRuns: 500 },
    )
  })

  it('split as it streams in, gives the same blocks as split at once, reusing finished ones', () => {
    fc.assert(
      fc.property(chunked, ({ text, prefixes }) => {
        let split: BlockSplit = NO_BLOCKS
        for (const prefix of prefixes) {
          const previous = split
          split = splitBlocks(prefix, split)
          // Every block up to the last blank line of the previous split is handed back as is.
          const settled = settledBlocks(previous)
          settled.forEach((block, i) => expect(split.blocks[i]).toBe(block))
        }
        // The same blocks (tokens may differ in one way only: a reference definition links only
        // within the run of blocks it was lexed with).
        const bounds = (s: BlockSplit) => s.blocks.map(({ start, text }) => ({ start, text }))
        expect(bounds(split)).toEqual(bounds(splitBlocks(text)))
      }),
      { numRuns: 500 },
    )
  })

  it('returns the same split for the same text', () => {
    const split = splitBlocks('# a\n\nb')
    expect(splitBlocks('# a\n\nb', split)).toBe(split)
  })
})

describe('cutting a long reply into rows', () => {
  const long = fc
    .array(fc.constantFrom(...pieces), { minLength: 50, maxLength: 400 })
    .map((p) => p.join(''))

  it('puts the parts back together into the reply and never cuts inside fenced code', () => {
    fc.assert(
      fc.property(long, (text) => {
        const segments = splitReply(text, undefined, { target: 300 })
        const parts = segmentTexts(segments)
        expect(parts.join('')).toBe(text)
        for (const part of parts.slice(0, -1)) expect(part.length).toBeGreaterThanOrEqual(300)
        // Outside fenced code at every cut: the fences before it balance.
        for (const start of segments.starts) {
          const fences = text
            .slice(0, start)
            .split('\n')
            .filter((line) => /^(```|~~~)/.test(line))
          let open: string | undefined
          for (const f of fences) {
            if (open === undefined) open = f.slice(0, 3)
            else if (f.trim() === open) open = undefined
          }
          expect(open).toBeUndefined()
        }
      }),
      { numRuns: 200 },
    )
  })

  it('cut as it streams in, makes the same parts as cut at once, never moving a cut', () => {
    fc.assert(
      fc.property(long, fc.array(fc.nat(), { maxLength: 20 }), (text, cuts) => {
        const points = [...new Set(cuts.map((c) => c % text.length))].sort((a, b) => a - b)
        let segments: ReplySegments | undefined
        for (const point of [...points, text.length]) {
          const before = segments?.starts ?? []
          segments = splitReply(text.slice(0, point), segments, { target: 300, appended: true })
          expect(segments.starts.slice(0, before.length)).toEqual(before)
        }
        expect(segments?.starts).toEqual(splitReply(text, undefined, { target: 300 }).starts)
      }),
      { numRuns: 200 },
    )
  })

  it('does not cut before a last line that has not yet said whether it is a list item', () => {
    // "1" may grow into "1. first": a cut there would be one the whole reply never makes.
    const head = `${'a line of text\n'.repeat(30)}\n`
    const streamed = splitReply(`${head}1`, undefined, { target: 300, appended: true })
    const whole = splitReply(`${head}1. first\n`, streamed, { target: 300, appended: true })
    expect(whole.starts).toEqual(splitReply(`${head}1. first\n`, undefined, { target: 300 }).starts)
  })

  it('re-cuts a reply whose committed text differs from what streamed in', () => {
    const streamed = `${'a line of text\n\n'.repeat(60)}tail`
    const committed = `${'another line!\n'.repeat(60)}\n\n${'a line of text\n\n'.repeat(60)}`
    const before = splitReply(streamed, undefined, { target: 100 })
    expect(splitReply(committed, before, { target: 100 })).toEqual(
      splitReply(committed, undefined, { target: 100 }),
    )
  })
})

describe('the lexer warm-up', () => {
  it('goes through every kind of top-level block a reply can hold', () => {
    const kinds = new Set(splitBlocks(WARM_UP_SAMPLE).blocks.map((block) => block.token.type))
    for (const kind of [
      'heading',
      'paragraph',
      'list',
      'blockquote',
      'code',
      'table',
      'hr',
      'html',
    ])
      expect(kinds).toContain(kind)
  })
})
