import { Lexer, type Token } from 'marked'

/** One top-level markdown block (a paragraph, a list, a fenced code block, a table…). */
export type MarkdownBlock = {
  /** Offset in the source, stable while text is appended: it keys the block's rendering. */
  readonly start: number
  readonly text: string
  /** marked's token for it, inline content included: rendered as is, never parsed again. */
  readonly token: Token
}

/** A source split into blocks; hand it back with the grown source to split only what changed. */
export type BlockSplit = {
  readonly source: string
  readonly blocks: readonly MarkdownBlock[]
}

export const NO_BLOCKS: BlockSplit = { source: '', blocks: [] }

function lexBlocks(text: string, from: number, into: MarkdownBlock[]): boolean {
  let offset = from
  for (const token of new Lexer({ gfm: true }).lex(text.slice(from))) {
    // Block text comes from the source itself: marked may tidy whitespace in a token's `raw`,
    // but its lengths add up to the source's. If that ever fails, the caller starts over.
    if (token.type !== 'space')
      into.push({ start: offset, text: text.slice(offset, offset + token.raw.length), token })
    offset += token.raw.length
  }
  return offset === text.length
}

/** Whether later text can still join a block across a blank line (a loose list, indented code, HTML). */
function continuesAfterBlank(block: MarkdownBlock): boolean {
  const { token } = block
  return (
    token.type === 'list' ||
    token.type === 'html' ||
    (token.type === 'code' && token.codeBlockStyle === 'indented')
  )
}

/**
 * Where re-lexing must start: the first block of the last run of blocks that later text can still
 * change. A line can change how the lines right above it read (a `-` under a paragraph line makes a
 * heading of it, until the next character shows it is a list item); a blank line ends that, except
 * after a list (`1. a`, a blank line, then `2. b` is one loose list), indented code or HTML.
 */
function openRunStart(blocks: readonly MarkdownBlock[]): number {
  let first = blocks.length - 1
  while (first > 0) {
    const above = blocks[first - 1] as MarkdownBlock
    const adjacent = above.start + above.text.length === (blocks[first] as MarkdownBlock).start
    if (!adjacent && !continuesAfterBlank(above)) break
    first--
  }
  return first
}

/**
 * Splits markdown into its top-level blocks with marked's lexer (block and inline tokens). When `text` extends
 * `previous.source` (a reply streaming in), only the last run of blocks and what follows are lexed
 * again: every block before a blank line that precedes the open run is complete, and is handed back
 * as the same object, so its parsed and highlighted rendering is reused. Work per update is
 * proportional to the open tail, not to the whole reply. (One thing a whole-text parse does that
 * this does not: a reference-style link whose `[ref]: url` definition is in another block stays text.)
 */
export function splitBlocks(text: string, previous: BlockSplit = NO_BLOCKS): BlockSplit {
  if (text === previous.source) return previous
  if (previous.blocks.length > 0 && text.startsWith(previous.source)) {
    const first = openRunStart(previous.blocks)
    const from = (previous.blocks[first] as MarkdownBlock).start
    const blocks = previous.blocks.slice(0, first)
    if (lexBlocks(text, from, blocks)) {
      // Blocks of the open run that came back unchanged keep their identity.
      for (let i = first; i < previous.blocks.length && i < blocks.length; i++) {
        const before = previous.blocks[i] as MarkdownBlock
        const again = blocks[i] as MarkdownBlock
        if (again.start === before.start && again.text === before.text) blocks[i] = before
      }
      return { source: text, blocks }
    }
  }
  const blocks: MarkdownBlock[] = []
  if (lexBlocks(text, 0, blocks)) return { source: text, blocks }
  // Never seen: marked's tokens did not add up to the text. Show it as one plain paragraph.
  const token: Token = {
    type: 'paragraph',
    raw: text,
    text,
    tokens: [{ type: 'text', raw: text, text }],
  }
  return { source: text, blocks: [{ start: 0, text, token }] }
}

/** Markdown with each kind of block and inline the lexer has rules for. */
export const WARM_UP_SAMPLE = [
  '# Heading',
  '',
  'A paragraph with *emphasis*, **strong**, `code`, ~~struck~~, a [link](https://example.com) and <https://example.com>.',
  '',
  '- an item',
  '- [x] a task',
  '',
  '1. first',
  '2. second',
  '',
  '> a quote',
  '',
  '```ts',
  'const a = 1',
  '```',
  '',
  '| a | b |',
  '| :-- | --: |',
  '| 1 | 2 |',
  '',
  '---',
  '',
  '<div>html</div>',
  '',
].join('\n')

/**
 * Runs the lexer over a small sample of every kind of block, twice. The first use of each of
 * marked's rules compiles its regular expression (and the second compiles it to machine code):
 * done while the page is idle, that is not paid inside the first frame of the first reply.
 */
export function warmUpLexer(): void {
  for (let i = 0; i < 2; i++) splitBlocks(WARM_UP_SAMPLE)
}
