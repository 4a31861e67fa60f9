import { toJsxRuntime } from 'hast-util-to-jsx-runtime'
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react'
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

function useHighlighted(grammar: string | undefined, code: string, live: boolean) {
  // Re-render when a grammar arrives; code blocks are the only subscribers.
  useSyncExternalStore(subscribeGrammars, grammarsVersion)
  const ready = grammar !== undefined && grammarReady(grammar)
  const highlight = ready && (!live || code.length <= LIVE_HIGHLIGHT_LIMIT)
  return useMemo(
    () =>
      highlight && grammar !== undefined
        ? toJsxRuntime(highlightCode(grammar, code), { Fragment, jsx, jsxs })
        : code,
    [highlight, grammar, code],
  )
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
