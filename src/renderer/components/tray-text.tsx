import { MARKDOWN } from '../deferred-parts'
import { useDeferredModule } from '../shell/deferred-module'
import { RevealedText } from './revealed-text'

/**
 * What a tray asks, in words: its inline markdown (code spans, emphasis, links) drawn as the
 * transcript draws it once the markdown chunk is there, and every invisible character shown
 * either way. Before the chunk loads, the text as it is (revealed).
 */
export function TrayText({ text }: { text: string }) {
  const markdown = useDeferredModule(MARKDOWN)
  return markdown ? <markdown.RevealedMarkdownLine text={text} /> : <RevealedText text={text} />
}
