import { RevealedMarkdownLine } from './markdown-line'

/**
 * What a tray asks, in words: its inline markdown (code spans, emphasis, links) drawn as the
 * transcript draws it, with every invisible, bidi or control character shown as a visible token.
 */
export function TrayText({ text }: { text: string }) {
  return <RevealedMarkdownLine text={text} />
}
