import type { MarkedToken, Token, Tokens } from 'marked'
import { Fragment, memo, type ReactNode } from 'react'
import type { MarkdownBlock } from '../markdown/markdown-blocks'
import { CodeBlock } from './code-block'
import { safeHref } from './safe-href'

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  copy: '©',
  reg: '®',
  hellip: '…',
  mdash: '—',
  ndash: '–',
}

/** Character references in text (marked leaves them for an HTML renderer to resolve). */
function decodeEntities(text: string): string {
  if (!text.includes('&')) return text
  return text.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{2,8});/gi, (whole, ref: string) => {
    if (ref.startsWith('#')) {
      const code =
        ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : Number(ref.slice(1))
      return code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff)
        ? String.fromCodePoint(code)
        : '\ufffd'
    }
    return NAMED_ENTITIES[ref.toLowerCase()] ?? whole
  })
}

/** How the text of an inline token is drawn: as it is, unless a caller reveals what hides in it. */
export type LeafText = (text: string) => ReactNode
const asIs: LeafText = (text) => text

/**
 * Inline tokens (a line's code spans, emphasis, links) as React elements; every piece of text
 * goes through `leaf` after character references are decoded (so a tray can reveal invisible
 * characters even when they were written as `&#x200B;`).
 */
export function inline(tokens: readonly Token[] | undefined, leaf: LeafText = asIs): ReactNode {
  if (!tokens) return null
  return tokens.map((token, i) => <Fragment key={i}>{inlineToken(token, leaf)}</Fragment>)
}

function inlineToken(token: Token, leaf: LeafText): ReactNode {
  const t = token as MarkedToken
  switch (t.type) {
    case 'text':
      return t.tokens ? inline(t.tokens, leaf) : leaf(decodeEntities(t.text))
    case 'escape':
      return leaf(t.text)
    case 'strong':
      return <strong>{inline(t.tokens, leaf)}</strong>
    case 'em':
      return <em>{inline(t.tokens, leaf)}</em>
    case 'del':
      return <del>{inline(t.tokens, leaf)}</del>
    case 'codespan':
      return <code>{leaf(t.text)}</code>
    case 'br':
      return <br />
    case 'link': {
      // Links leave the app: a new browser tab (or, in Electron, the system browser).
      const href = safeHref(t.autolink ? t.href : decodeEntities(t.href))
      return href ? (
        <a href={href} target="_blank" rel="noreferrer noopener">
          {inline(t.tokens, leaf)}
        </a>
      ) : (
        <span className="unsafe-link">{inline(t.tokens, leaf)}</span>
      )
    }
    case 'image':
      // Images are never fetched (a remote image is a tracking beacon); the alt text stays.
      return <span className="image-alt">{leaf(t.text ? `[image: ${t.text}]` : '[image]')}</span>
    case 'html':
      // No raw HTML: it shows as the text it is.
      return leaf(t.text)
    case 'checkbox':
      return (
        <input
          type="checkbox"
          checked={t.checked}
          disabled
          aria-label={t.checked ? 'done' : 'not done'}
        />
      )
    case 'blockquote':
    case 'code':
    case 'def':
    case 'heading':
    case 'hr':
    case 'list':
    case 'list_item':
    case 'paragraph':
    case 'space':
    case 'table':
      return blockToken(t, false)
  }
}

const HEADINGS = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'] as const

function cellStyle(align: Tokens.TableCell['align']) {
  return align ? { textAlign: align } : undefined
}

/**
 * One block as React elements, straight from marked's tokens: no second parser, no raw HTML,
 * links only to http(s)/mailto, images as their alt text. Each block element takes its direction
 * from its own text (`dir="auto"`), so right-to-left and left-to-right paragraphs each read
 * right and never reorder their neighbours (bidi isolation).
 */
function blockToken(token: Token, live: boolean): ReactNode {
  const t = token as MarkedToken
  switch (t.type) {
    case 'paragraph':
      return <p dir="auto">{inline(t.tokens)}</p>
    case 'heading': {
      const Tag = HEADINGS[Math.min(6, Math.max(1, t.depth)) - 1] ?? 'h6'
      return <Tag dir="auto">{inline(t.tokens)}</Tag>
    }
    case 'code':
      return (
        <CodeBlock
          language={
            t.codeBlockStyle === 'indented' ? undefined : t.lang?.split(/\s/)[0] || undefined
          }
          code={t.text}
          live={live}
        />
      )
    case 'blockquote':
      return <blockquote dir="auto">{blocks(t.tokens, live)}</blockquote>
    case 'list': {
      const items = t.items.map((item, i) => (
        <li key={i} dir="auto">
          {item.loose ? blocks(item.tokens, live) : inline(item.tokens)}
        </li>
      ))
      return t.ordered ? (
        <ol start={typeof t.start === 'number' && t.start !== 1 ? t.start : undefined}>{items}</ol>
      ) : (
        <ul>{items}</ul>
      )
    }
    case 'list_item':
      return <li dir="auto">{inline(t.tokens)}</li>
    case 'table':
      // Wide tables scroll inside the reply instead of squeezing words apart.
      return (
        <div className="markdown-table" tabIndex={0} role="group" aria-label="Table">
          <table>
            <thead>
              <tr>
                {t.header.map((cell, i) => (
                  <th key={i} dir="auto" style={cellStyle(cell.align)}>
                    {inline(cell.tokens)}
                  </th>
                ))}
              </tr>
            </thead>
            {t.rows.length > 0 && (
              <tbody>
                {t.rows.map((row, r) => (
                  <tr key={r}>
                    {row.map((cell, i) => (
                      <td key={i} dir="auto" style={cellStyle(cell.align)}>
                        {inline(cell.tokens)}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            )}
          </table>
        </div>
      )
    case 'hr':
      return <hr />
    case 'html':
      return <p dir="auto">{t.text}</p>
    case 'text':
      // Text directly in a tight list item: its inline content.
      return t.tokens ? inline(t.tokens) : decodeEntities(t.text)
    case 'def':
    case 'space':
      return null
    case 'br':
    case 'checkbox':
    case 'codespan':
    case 'del':
    case 'em':
    case 'escape':
    case 'image':
    case 'link':
    case 'strong':
      return inlineToken(t, asIs)
  }
}

function blocks(tokens: readonly Token[], live: boolean): ReactNode {
  return tokens.map((token, i) => <Fragment key={i}>{blockToken(token, live)}</Fragment>)
}

/** One top-level block, rendered once for a given block (kept while later text streams in). */
export const MarkdownBlockView = memo(function MarkdownBlockView({
  block,
  live,
}: {
  block: MarkdownBlock
  /** The open block of a reply still streaming in. */
  live: boolean
}) {
  return blockToken(block.token, live)
})
