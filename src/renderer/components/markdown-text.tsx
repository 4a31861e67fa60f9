import type { Element, ElementContent } from 'hast'
import { createContext, memo, useContext, useState, type ReactNode } from 'react'
import Markdown, { type Components } from 'react-markdown'
import remarkGfm from 'remark-gfm'
import { splitBlocks, NO_BLOCKS, type BlockSplit } from '../markdown/markdown-blocks'
import { CodeBlock } from './code-block'
import { safeHref } from './safe-href'

/** Whether the block being rendered is the open tail of a streaming reply. */
const LiveBlock = createContext(false)

function textOf(node: ElementContent): string {
  if (node.type === 'text') return node.value
  if (node.type === 'element') return node.children.map(textOf).join('')
  return ''
}

/** A fenced block's code element: its language (from `language-…`) and its text. */
function codeOf(pre: Element | undefined): { language: string | undefined; code: string } {
  const code = pre?.children.find((c): c is Element => c.type === 'element' && c.tagName === 'code')
  const classes = code?.properties.className
  const language = Array.isArray(classes)
    ? classes
        .map(String)
        .find((c) => c.startsWith('language-'))
        ?.slice('language-'.length)
    : undefined
  // The code ends with the newline before the closing fence; the box does not need it.
  return { language, code: (code ? textOf(code) : '').replace(/\n$/, '') }
}

function Pre({ node }: { node?: Element | undefined }) {
  const live = useContext(LiveBlock)
  const { language, code } = codeOf(node)
  return <CodeBlock language={language} code={code} live={live} />
}

const auto = (Tag: 'p' | 'li' | 'h1' | 'h2' | 'h3' | 'h4' | 'h5' | 'h6' | 'blockquote') =>
  function Isolated({ children }: { children?: ReactNode }) {
    // Each block takes its direction from its own text: a reply mixing Arabic and English
    // paragraphs reads right in both, and neither reorders the other (issue 9: bidi isolation).
    return <Tag dir="auto">{children}</Tag>
  }

const components: Components = {
  // Links leave the app: a new browser tab (or, in Electron, the system browser via the main process).
  a: ({ href, children }) =>
    href ? (
      <a href={href} target="_blank" rel="noreferrer noopener">
        {children}
      </a>
    ) : (
      <span className="unsafe-link">{children}</span>
    ),
  // Images are never fetched (a remote image is a tracking beacon); the alt text stays.
  img: ({ alt }) => <span className="image-alt">{alt ? `[image: ${alt}]` : '[image]'}</span>,
  pre: Pre,
  // Wide tables scroll inside the reply instead of squeezing words apart.
  table: ({ children }) => (
    <div className="markdown-table" tabIndex={0} role="group" aria-label="Table">
      <table>{children}</table>
    </div>
  ),
  td: ({ children, style }) => (
    <td dir="auto" style={style}>
      {children}
    </td>
  ),
  th: ({ children, style }) => (
    <th dir="auto" style={style}>
      {children}
    </th>
  ),
  p: auto('p'),
  li: auto('li'),
  h1: auto('h1'),
  h2: auto('h2'),
  h3: auto('h3'),
  h4: auto('h4'),
  h5: auto('h5'),
  h6: auto('h6'),
  blockquote: auto('blockquote'),
}

const remarkPlugins = [remarkGfm]
const urlTransform = (url: string) => safeHref(url) ?? ''

/** One top-level block, parsed (and its code highlighted) once for a given text. */
const MarkdownBlockView = memo(function MarkdownBlockView({
  text,
  live,
}: {
  text: string
  live: boolean
}) {
  return (
    <LiveBlock.Provider value={live}>
      <Markdown remarkPlugins={remarkPlugins} urlTransform={urlTransform} components={components}>
        {text}
      </Markdown>
    </LiveBlock.Provider>
  )
})

/**
 * Assistant markdown: GFM, highlighted code, only http(s)/mailto links, no raw HTML. The text is
 * split into top-level blocks and each block renders on its own, memoized by its text: while a
 * reply streams in, only its open last block is parsed again, however long the reply already is.
 */
export const MarkdownText = memo(function MarkdownText({
  text,
  streaming = false,
}: {
  text: string
  streaming?: boolean
}) {
  // The previous split is kept so a grown text is split from where it changed.
  const [split, setSplit] = useState<BlockSplit>(NO_BLOCKS)
  let current = split
  if (split.source !== text) {
    current = splitBlocks(text, split)
    setSplit(current)
  }
  const { blocks } = current
  return (
    <div className="markdown">
      {blocks.map((block, i) => (
        <MarkdownBlockView
          key={block.start}
          text={block.text}
          live={streaming && i === blocks.length - 1}
        />
      ))}
    </div>
  )
})
