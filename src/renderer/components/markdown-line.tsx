import { Lexer } from 'marked'
import { memo } from 'react'
import { inline } from './markdown-block'

/**
 * One line of an agent's text with its inline markdown (code spans, emphasis, links) drawn as the
 * transcript draws it, for places with room for a line only (the inbox's subjects): block syntax
 * is not looked for, so a line starting with "#" or "1." stays as it reads.
 */
export const MarkdownLine = memo(function MarkdownLine({ text }: { text: string }) {
  return <>{inline(Lexer.lexInline(text))}</>
})
