import { useMemo, useState } from 'react'
import { toolCallSummary, toolOutputText } from '../shared/tool-summary'
import type { TranscriptItem } from '../shared/transcript'
import { useFocusedKeys } from './key-router'
import { FRAME_COLUMNS, PromptFrame, layoutFrame } from './prompt-frame'
import { flowItems, safeSpans, wrapSpans } from './styled-text'
import { oneLine } from './visible-text'

/**
 * The last tool call's whole output (Ctrl+O): the transcript shows one row per call; this shows
 * what it returned, scrollable inside the box (↑↓, PgUp/PgDn). Esc or Ctrl+O closes it.
 */
export function OutputView({
  call,
  width,
  maxRows,
  onClose,
}: {
  call: Extract<TranscriptItem, { kind: 'tool' }>
  width: number
  maxRows: number
  onClose: () => void
}) {
  const [top, setTop] = useState(0)
  const inner = width - FRAME_COLUMNS
  const header = flowItems(
    [
      [{ text: 'Output', style: { color: 'cyan', bold: true } }],
      [{ text: call.tool, style: { bold: true } }],
      ...safeSpans(oneLine(toolCallSummary(call))).map((s) => [s]),
    ],
    inner,
    { maxLines: 2 },
  )
  // Laid out once per call and width, not on every scroll key.
  const body = useMemo(() => {
    const output = call.output === undefined ? '(no output yet)' : toolOutputText(call.output)
    return wrapSpans(safeSpans(output), inner, { mode: 'verbatim' })
  }, [call.output, inner])
  const footer = flowItems(
    ['Esc or Ctrl+O closes'].map((h) => [{ text: h, style: { dim: true } }]),
    inner,
  )
  const layout = layoutFrame({ header, body, footer }, maxRows, {
    top,
    keys: '↑↓ PgUp/PgDn scroll',
  })

  useFocusedKeys((input, key, pasted) => {
    if (pasted) return
    const page = Math.max(1, layout.bodyRows - 1)
    const move = (by: number) =>
      setTop((t) => Math.min(layout.maxTop, Math.max(0, Math.min(t, layout.maxTop) + by)))
    if (key.escape || (key.ctrl && input === 'o')) onClose()
    else if (key.upArrow) move(-1)
    else if (key.downArrow) move(1)
    else if (key.pageUp) move(-page)
    else if (key.pageDown) move(page)
  })

  return <PromptFrame color="cyan" width={width} lines={layout.lines} />
}
