import { toJsxRuntime } from 'hast-util-to-jsx-runtime'
import { useEffect, useState, useSyncExternalStore, type ReactNode } from 'react'
import { Fragment, jsx, jsxs } from 'react/jsx-runtime'
import {
  grammarFor,
  grammarReady,
  grammarsVersion,
  highlightCode,
  subscribeGrammars,
} from '../markdown/highlighter'

/** An open code block longer than this shows plain until it is complete (no re-highlight per frame). */
const LIVE_HIGHLIGHT_LIMIT = 4_000

/** How long "Copied" shows before the button reads "Copy" again. */
const COPIED_MS = 2_000

/** Highlighted code by grammar and text, so a block scrolled back into view is not highlighted again. */
const highlighted = new Map<string, ReactNode>()
const HIGHLIGHT_CACHE = 400

function highlightedNode(grammar: string, code: string): ReactNode {
  const key = `${grammar}\u0000${code}`
  let node = highlighted.get(key)
  if (node === undefined) {
    node = toJsxRuntime(highlightCode(grammar, code), { Fragment, jsx, jsxs })
    if (highlighted.size >= HIGHLIGHT_CACHE)
      highlighted.delete(highlighted.keys().next().value as string)
  } else highlighted.delete(key)
  highlighted.set(key, node)
  return node
}

/** Runs `work` when the page is idle (after the frames that show new text), cancellably. */
function whenIdle(work: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(work, { timeout: 500 })
    return () => cancelIdleCallback(id)
  }
  const id = setTimeout(work, 0)
  return () => clearTimeout(id)
}

/**
 * The code as highlighted nodes. Code shows plain first and is highlighted when the page is
 * idle, one block per idle slice, so a fast stream or a reopened long reply never highlights a
 * screenful of blocks inside one frame; a block highlighted before comes from a cache at once.
 */
function useHighlighted(grammar: string | undefined, code: string, live: boolean): ReactNode {
  // Re-render when a grammar arrives; code blocks are the only subscribers.
  useSyncExternalStore(subscribeGrammars, grammarsVersion)
  const ready = grammar !== undefined && grammarReady(grammar)
  const wanted = ready && (!live || code.length <= LIVE_HIGHLIGHT_LIMIT) ? grammar : undefined
  const cached = wanted === undefined ? undefined : highlighted.get(`${wanted}\u0000${code}`)
  const [done, setDone] = useState<{ key: string; node: ReactNode } | null>(null)
  const key = wanted === undefined ? '' : `${wanted}\u0000${code}`
  useEffect(() => {
    if (wanted === undefined || cached !== undefined) return
    return whenIdle(() => setDone({ key, node: highlightedNode(wanted, code) }))
  }, [wanted, code, key, cached])
  if (cached !== undefined) return cached
  return done?.key === key ? done.node : code
}

/**
 * A fenced code block: its language, a Copy button, and the code in a box that scrolls sideways
 * and can be focused (and so scrolled) from the keyboard. Highlighted with the page's one
 * highlighter once the language's grammar has loaded; the open block of a streaming reply is
 * highlighted only while short.
 */
export function CodeBlock({
  language,
  code,
  live,
}: {
  /** The fence's info word (```ts), if any. */
  language: string | undefined
  code: string
  /** Still streaming in. */
  live: boolean
}) {
  const grammar = language ? grammarFor(language) : undefined
  const content = useHighlighted(grammar, code, live)
  const [copied, setCopied] = useState<'copied' | 'failed' | null>(null)
  useEffect(() => {
    if (copied === null) return
    const timer = setTimeout(() => setCopied(null), COPIED_MS)
    return () => clearTimeout(timer)
  }, [copied])
  const label = language ?? 'text'
  const copy = () => {
    navigator.clipboard.writeText(code).then(
      () => setCopied('copied'),
      () => setCopied('failed'),
    )
  }
  return (
    <div className="code-block">
      <div className="code-block-bar">
        <span className="code-block-language">{label}</span>
        <button
          type="button"
          className="code-block-copy"
          aria-label={
            copied === 'copied'
              ? 'Copied'
              : copied === 'failed'
                ? 'Copy failed'
                : `Copy ${label} code`
          }
          onClick={copy}
        >
          {copied === 'copied' ? 'Copied' : copied === 'failed' ? 'Copy failed' : 'Copy'}
        </button>
      </div>
      <pre tabIndex={0} role="group" aria-label={`${label} code`} dir="ltr">
        <code className={grammar ? `hljs language-${grammar}` : undefined}>{content}</code>
      </pre>
    </div>
  )
}
