import { Lexer, type MarkedToken, type Token, type Tokens } from 'marked'
import { highlightCode } from './code-highlight'
import { linkTarget } from './hyperlinks'
import {
  lineWidth,
  prefixLines,
  safeSpans,
  splitLines,
  wrapSpans,
  type Span,
  type SpanStyle,
  type StyledLine,
  type WrapOptions,
} from './styled-text'

/**
 * Assistant Markdown as terminal rows. marked's lexer does the parsing (CommonMark + GFM), so a
 * `#` or `**` inside a code block is code, not a heading or bold; this module only decides how
 * each token looks in a terminal. Code blocks are shown exactly as written, with syntax colour;
 * lists, tables, links, quotes and emphasis are drawn, never left as raw Markdown.
 */
export function markdownLines(markdown: string, width: number): StyledLine[] {
  const columns = Math.max(8, width)
  const tokens = new Lexer({ gfm: true }).lex(markdown)
  const blocks: StyledLine[][] = []
  for (const token of tokens) {
    const lines = cachedBlock(token, columns)
    if (lines.length > 0) blocks.push(lines)
  }
  return blocks.flatMap((lines, i) => (i === 0 ? lines : [[], ...lines]))
}

/**
 * Rows of top-level blocks already drawn, by width and source. A reply that is still streaming
 * is drawn again on every flush, but only its last block changes; the blocks before it come from
 * here. Bounded: the oldest entries go first.
 */
const drawnBlocks = new Map<string, StyledLine[]>()
const MAX_DRAWN_BLOCKS = 2_000

function cachedBlock(token: Token, width: number): StyledLine[] {
  const key = `${width}\u0000${token.raw}`
  const hit = drawnBlocks.get(key)
  if (hit) return hit
  const lines = block(token, width, { tight: false, depth: 0 })
  drawnBlocks.set(key, lines)
  if (drawnBlocks.size > MAX_DRAWN_BLOCKS) {
    const oldest = drawnBlocks.keys().next()
    if (!oldest.done) drawnBlocks.delete(oldest.value)
  }
  return lines
}

interface BlockContext {
  /** Inside a tight list item: blocks follow each other without a blank row. */
  tight: boolean
  /** List nesting, for the bullet shape. */
  depth: number
}

/**
 * Paragraphs: a link longer than a row is kept whole on a row of its own (wider than `width`),
 * so that printed into the scrollback it copies as one; where rows are redrawn it is cut to fit.
 */
const PROSE: WrapOptions = { wholeLinks: true }
const BULLETS = ['•', '◦', '▪'] as const
/** How inline code looks (also in agents' tool titles). */
export const CODE_STYLE: SpanStyle = { color: 'cyan' }
const LINK_URL_STYLE: SpanStyle = { dim: true }
const RULE_STYLE: SpanStyle = { dim: true }

const ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  '#39': "'",
  nbsp: ' ',
}

/** The few HTML entities models write, shown as the characters they stand for. */
const decodeEntities = (text: string): string =>
  text.replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (whole, name: string) => ENTITIES[name] ?? whole)

/**
 * What the agent says, as prose: emoji sequences (joined with U+200D, with a presentation
 * selector) are shown as the emoji they draw. Code, commands, paths and link targets stay in
 * `code` mode, where every hidden character is revealed.
 */
const prose = (text: string, style?: SpanStyle): Span[] => safeSpans(text, style, 'prose')

/** Every token type marked's lexer produces; a record, so a new one fails to compile. */
const MARKED_TYPES: Record<MarkedToken['type'], true> = {
  blockquote: true,
  br: true,
  checkbox: true,
  code: true,
  codespan: true,
  def: true,
  del: true,
  em: true,
  escape: true,
  heading: true,
  hr: true,
  html: true,
  image: true,
  link: true,
  list: true,
  list_item: true,
  paragraph: true,
  space: true,
  strong: true,
  table: true,
  text: true,
}

/** marked's own tokens; an extension's (none are registered) would be shown as its source. */
const known = (token: Token): MarkedToken | null =>
  Object.hasOwn(MARKED_TYPES, token.type) ? (token as MarkedToken) : null

function blockLines(tokens: readonly Token[], width: number, context: BlockContext): StyledLine[] {
  const blocks: StyledLine[][] = []
  for (const token of tokens) {
    const lines = block(token, width, context)
    if (lines.length > 0) blocks.push(lines)
  }
  return blocks.flatMap((lines, i) => (i === 0 || context.tight ? lines : [[], ...lines]))
}

function block(token: Token, width: number, context: BlockContext): StyledLine[] {
  const t = known(token)
  if (!t) return wrapSpans(safeSpans(token.raw), width)
  switch (t.type) {
    case 'space':
    case 'def':
    case 'checkbox':
      return []
    case 'paragraph':
      return wrapSpans(inline(t.tokens), width, PROSE)
    case 'text':
      return wrapSpans(t.tokens ? inline(t.tokens) : prose(decodeEntities(t.text)), width, PROSE)
    case 'heading':
      return wrapSpans(
        inline(t.tokens, { bold: true, ...(t.depth === 1 ? { underline: true } : {}) }),
        width,
      )
    case 'code':
      return codeLines(t)
    case 'blockquote': {
      const gutter: StyledLine = [{ text: '│ ', style: RULE_STYLE }]
      return prefixLines(blockLines(t.tokens, width - 2, context), gutter, gutter)
    }
    case 'list':
      return listLines(t, width, context.depth)
    case 'table':
      return tableLines(t, width)
    case 'hr':
      return [[{ text: '─'.repeat(width), style: RULE_STYLE }]]
    case 'html':
      return wrapSpans(safeSpans(t.text.replace(/\n$/, '')), width)
    case 'list_item':
    case 'br':
    case 'codespan':
    case 'del':
    case 'em':
    case 'escape':
    case 'image':
    case 'link':
    case 'strong':
      // Inline tokens only appear inside blocks; if one ever stands alone, show it inline.
      return wrapSpans(inline([t]), width)
  }
}

/**
 * A fenced or indented code block: verbatim and coloured, one row per line of code however wide.
 * A line wider than the terminal is left for the terminal to wrap softly, so a copy of the block
 * is the code as written (wrapping it here would put line breaks and indentation inside lines).
 */
function codeLines(token: Tokens.Code): StyledLine[] {
  const spans = highlightCode(token.text, token.lang).flatMap((span) =>
    safeSpans(span.text, span.style),
  )
  const indent: StyledLine = [{ text: '  ' }]
  return prefixLines(splitLines(spans), indent, indent)
}

function listLines(token: Tokens.List, width: number, depth: number): StyledLine[] {
  const start = typeof token.start === 'number' ? token.start : 1
  const markers = token.items.map((item, i) => {
    if (item.task) return item.checked ? '☑ ' : '☐ '
    return token.ordered
      ? `${start + i}. `
      : `${BULLETS[Math.min(depth, BULLETS.length - 1)] ?? '•'} `
  })
  const markerWidth = Math.max(...markers.map((m) => lineWidth([{ text: m }])))
  return token.items.flatMap((item, i) => {
    const marker = (markers[i] ?? '').padStart(token.ordered ? markerWidth : 0)
    const content = blockLines(item.tokens, width - markerWidth, {
      tight: !item.loose,
      depth: depth + 1,
    })
    const lines = prefixLines(content.length > 0 ? content : [[]], [
      { text: marker.padEnd(markerWidth) },
    ])
    return i > 0 && token.loose ? [[], ...lines] : lines
  })
}

/** Inline tokens as spans; `style` is what the enclosing tokens (bold, a link) add. */
function inline(tokens: readonly Token[], style: SpanStyle = {}): Span[] {
  return tokens.flatMap((token): Span[] => {
    const t = known(token)
    if (!t) return safeSpans(token.raw, style)
    switch (t.type) {
      case 'text':
        return t.tokens ? inline(t.tokens, style) : prose(decodeEntities(t.text), style)
      case 'escape':
        return prose(t.text, style)
      case 'strong':
        return inline(t.tokens, { ...style, bold: true })
      case 'em':
        return inline(t.tokens, { ...style, italic: true })
      case 'del':
        return inline(t.tokens, { ...style, strikethrough: true })
      case 'codespan':
        return safeSpans(t.text, { ...style, ...CODE_STYLE })
      case 'link': {
        // A hyperlink where the terminal has them; the target is shown too, so it can be read
        // (and copied) before it is opened.
        const target = linkTarget(t.href)
        const link = target === null ? {} : { link: target }
        const text = inline(t.tokens, { ...style, underline: true, color: 'blue', ...link })
        const shown = text.map((s) => s.text).join('')
        const href = t.href.replace(/^mailto:/, '')
        return shown === href
          ? text
          : [
              ...text,
              { text: ' (', style: LINK_URL_STYLE },
              ...safeSpans(t.href, { ...LINK_URL_STYLE, ...link }),
              { text: ')', style: LINK_URL_STYLE },
            ]
      }
      case 'image':
        return safeSpans(`[image: ${t.text}]${t.href ? ` (${t.href})` : ''}`, {
          ...style,
          dim: true,
        })
      case 'br':
        return [{ text: '\n', style }]
      case 'checkbox':
        return [{ text: t.checked ? '☑ ' : '☐ ', style }]
      case 'html':
        return safeSpans(t.text, style)
      case 'space':
      case 'def':
        return []
      case 'paragraph':
      case 'heading':
      case 'code':
      case 'blockquote':
      case 'list':
      case 'list_item':
      case 'table':
      case 'hr':
        return safeSpans(t.raw, style)
    }
  })
}

const SEPARATOR = ' │ '

/**
 * A GFM table with aligned columns. When the columns do not fit, the widest ones are narrowed and
 * their cells wrap; when even that leaves no room, each row is listed as "header: value" lines.
 */
function tableLines(token: Tokens.Table, width: number): StyledLine[] {
  const cellSpans = (cell: Tokens.TableCell, header: boolean): Span[] =>
    inline(cell.tokens, header ? { bold: true } : {}).map((s) => ({
      text: s.text.replace(/\n/g, ' '),
      style: s.style,
    }))
  const header = token.header.map((cell) => cellSpans(cell, true))
  const rows = token.rows.map((row) => row.map((cell) => cellSpans(cell, false)))
  const columns = header.length
  const natural = header.map((cell, c) =>
    Math.max(1, lineWidth(cell), ...rows.map((row) => lineWidth(row[c] ?? []))),
  )
  const room = width - SEPARATOR.length * (columns - 1)
  if (room < columns * 4) return tableAsList(header, rows, width)

  // Water-filling: narrow columns keep their natural width, the rest share what is left.
  const widths = [...natural]
  let over = widths.reduce((a, b) => a + b, 0) - room
  while (over > 0) {
    const widest = Math.max(...widths)
    const index = widths.indexOf(widest)
    const next = Math.max(4, ...widths.filter((w) => w < widest))
    const cut = Math.min(over, widest - next || 1)
    widths[index] = widest - cut
    over -= cut
  }

  const rowLines = (cells: Span[][]): StyledLine[] => {
    const wrapped = widths.map((w, c) => wrapSpans(cells[c] ?? [], w))
    const height = Math.max(1, ...wrapped.map((lines) => lines.length))
    return Array.from({ length: height }, (_, r) =>
      widths.flatMap((w, c): Span[] => {
        const line = wrapped[c]?.[r] ?? []
        const pad = w - lineWidth(line)
        const align = token.align[c]
        const left = align === 'right' ? pad : align === 'center' ? Math.floor(pad / 2) : 0
        return [
          ...(c > 0 ? [{ text: SEPARATOR, style: RULE_STYLE }] : []),
          { text: ' '.repeat(left) },
          ...line,
          { text: ' '.repeat(pad - left) },
        ]
      }),
    )
  }
  const rule: StyledLine = [
    { text: widths.map((w) => '─'.repeat(w)).join('─┼─'), style: RULE_STYLE },
  ]
  return [...rowLines(header), rule, ...rows.flatMap(rowLines)]
}

function tableAsList(header: Span[][], rows: Span[][][], width: number): StyledLine[] {
  return rows.flatMap((row, r) => [
    ...(r > 0 ? [[]] : []),
    ...row.flatMap((cell, c) =>
      wrapSpans([...(header[c] ?? []), { text: ': ' }, ...cell], width, {
        indent: [{ text: '  ' }],
      }),
    ),
  ])
}
