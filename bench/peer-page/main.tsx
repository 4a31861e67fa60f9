import { useLayoutEffect, useRef, useState } from 'react'
import { createRoot } from 'react-dom/client'
import ReactMarkdown from 'react-markdown'
import rehypeHighlight from 'rehype-highlight'
import remarkGfm from 'remark-gfm'
import { Streamdown } from 'streamdown'
import { code } from '@streamdown/code'
import { readTextDeltas } from './read-stream'

/**
 * The peer page of `npm run bench:peers`: what a page that renders the stream itself does. It
 * reads the model's SSE stream with fetch, appends the deltas to React state once a frame (as chat
 * pages throttle a stream) and renders the whole reply with streamdown (its Shiki code plugin) or react-markdown (GFM, rehype-highlight),
 * in a log that follows the end as it grows, as a chat page does.
 */
type Renderer = 'streamdown' | 'react-markdown'

declare global {
  interface Window {
    __peer?: { start: (url: string) => void; lastTextAt: number }
  }
}

const renderer: Renderer =
  new URLSearchParams(location.search).get('renderer') === 'react-markdown'
    ? 'react-markdown'
    : 'streamdown'

function Reply({ text, streaming }: { text: string; streaming: boolean }) {
  switch (renderer) {
    case 'streamdown':
      return (
        <Streamdown plugins={{ code }} isAnimating={streaming}>
          {text}
        </Streamdown>
      )
    case 'react-markdown':
      return (
        <ReactMarkdown remarkPlugins={[remarkGfm]} rehypePlugins={[rehypeHighlight]}>
          {text}
        </ReactMarkdown>
      )
  }
}

function App() {
  const [text, setText] = useState('')
  const [streaming, setStreaming] = useState(false)
  const log = useRef<HTMLDivElement>(null)
  const content = useRef<HTMLDivElement>(null)
  useLayoutEffect(() => {
    const element = log.current
    if (element) element.scrollTop = element.scrollHeight
  }, [text])
  // Content that grows after a render (code highlighted later) keeps the end in view too.
  useLayoutEffect(() => {
    const element = log.current
    const inner = content.current
    if (!element || !inner) return
    const observer = new ResizeObserver(() => (element.scrollTop = element.scrollHeight))
    observer.observe(inner)
    return () => observer.disconnect()
  }, [])
  useLayoutEffect(() => {
    const peer = {
      lastTextAt: 0,
      start: (url: string) => {
        setText('')
        setStreaming(true)
        // Deltas that arrive between two frames are rendered together, in the next frame.
        let pending = ''
        const flush = () => {
          const add = pending
          pending = ''
          setText((before) => before + add)
        }
        void readTextDeltas(url, (delta) => {
          peer.lastTextAt = performance.now()
          if (pending === '') requestAnimationFrame(flush)
          pending += delta
        }).finally(() => setStreaming(false))
      },
    }
    window.__peer = peer
  }, [])
  return (
    <div role="log" aria-label="Conversation" ref={log}>
      <div ref={content}>
        <Reply text={text} streaming={streaming} />
      </div>
    </div>
  )
}

const root = document.getElementById('root')
if (root) createRoot(root).render(<App />)
