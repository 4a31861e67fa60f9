import { Lexer } from 'marked'
import { memo } from 'react'
import { inline, type LeafText } from './markdown-block'
import { RevealedText } from './revealed-text'

/**
 * One line of an agent's text with its inline markdown (code spans, emphasis, links) drawn as the
 * transcript draws it, for places with room for a line only (the inbox's subjects): block syntax
 * is not looked for, so a line starting with "#" or "1." stays as it reads.
 */
export const MarkdownLine = memo(function MarkdownLine({ text }: { text: string }) {
  return <>{inline(Lexer.lexInline(text))}</>
})

const revealed: LeafText = (text) => <RevealedText text={text} />

/**
 * A line as MarkdownLine draws it, with every invisible, bidi or control character in it shown
 * as a visible token (after character references are decoded): what a tray asks the person.
 */
export const RevealedMarkdownLine = memo(function RevealedMarkdownLine({ text }: { text: string }) {
  return <>{inline(Lexer.lexInline(text), revealed)}</>
})
