import { memo, useState } from 'react'
import { splitBlocks, NO_BLOCKS, warmUpLexer, type BlockSplit } from '../markdown/markdown-blocks'
import { MarkdownBlockView } from './markdown-block'

export { MarkdownLine, RevealedMarkdownLine } from './markdown-line'

// This chunk loads right after the first paint; the lexer is warmed up once the page is idle.
if (typeof requestIdleCallback === 'function') requestIdleCallback(warmUpLexer, { timeout: 2_000 })

/**
 * Splits of finished texts, so a reply (or a part of one) shown again — its session reopened, or
 * scrolled back into view — is not lexed again. Most recently used last.
 */
const FINISHED = new Map<string, BlockSplit>()
const FINISHED_LIMIT = 300

function finishedSplit(text: string, streamed: BlockSplit): BlockSplit {
  let split = FINISHED.get(text)
  if (split) FINISHED.delete(text)
  else {
    // A text that just stopped streaming (a reply's part once the next part starts, a reply once
    // committed) was split while it streamed: only its open tail is lexed again, not all of it.
    split = streamed.source !== '' ? splitBlocks(text, streamed) : splitBlocks(text)
    if (FINISHED.size >= FINISHED_LIMIT) FINISHED.delete(FINISHED.keys().next().value ?? '')
  }
  FINISHED.set(text, split)
  return split
}

/**
 * Assistant markdown: GFM, highlighted code, only http(s)/mailto links, no raw HTML. The text is
 * lexed into top-level blocks (marked) and each block renders on its own, memoized: while a reply
 * streams in, only its open last run of blocks is lexed again, however long the reply already is.
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
    current = streaming ? splitBlocks(text, split) : finishedSplit(text, split)
    setSplit(current)
  }
  const { blocks } = current
  return (
    <div className="markdown">
      {blocks.map((block, i) => (
        <MarkdownBlockView
          key={block.start}
          block={block}
          live={streaming && i === blocks.length - 1}
        />
      ))}
    </div>
  )
})
