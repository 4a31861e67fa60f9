import { memo } from 'react'
import Markdown, { type Components } from 'react-markdown'
import rehypeHighlight from 'rehype-highlight'
import remarkGfm from 'remark-gfm'
import { safeHref } from './safe-href'

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
}

/** Assistant markdown: GFM, highlighted code, only http(s)/mailto links, no raw HTML. */
export const MarkdownText = memo(function MarkdownText({ text }: { text: string }) {
  return (
    <div className="markdown">
      <Markdown
        remarkPlugins={[remarkGfm]}
        rehypePlugins={[[rehypeHighlight, { detect: false }]]}
        urlTransform={(url) => safeHref(url) ?? ''}
        components={components}
      >
        {text}
      </Markdown>
    </div>
  )
})
