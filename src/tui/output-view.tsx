import { useMemo, useState } from 'react'
import { toolCallSummary, toolOutputText } from '../shared/tool-summary'
import { questionClosedText, type TranscriptItem } from '../shared/transcript'
import { changeCounts, changeLines, editChange } from './edit-preview'
import { useFocusedKeys } from './key-router'
import { FRAME_COLUMNS, PromptFrame, layoutFrame } from './prompt-frame'
import { flowItems, safeSpans, wrapSpans } from './styled-text'
import { oneLine } from './visible-text'

/** A call Ctrl+O can show: a tool's, or an AskUserQuestion's. */
export type ShownCall = Extract<TranscriptItem, { kind: 'tool' | 'question' }>

/** What came of a call, in full: a tool's output; a question's answers, or why it closed. */
function callOutputText(call: ShownCall): string {
  if (call.kind === 'tool')
    return call.output === undefined ? '(no output yet)' : toolOutputText(call.output)
  if (call.answers) return toolOutputText({ answers: call.answers })
  if (!call.closed) return '(no answer yet)'
  const closed = questionClosedText(call.closed)
  return call.refusal === undefined ? closed : `${closed}\n\n${toolOutputText(call.refusal)}`
}

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
  call: ShownCall
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
      ...safeSpans(
        oneLine(
          toolCallSummary({
            tool: call.tool,
            input: call.input,
            origin: call.kind === 'tool' ? call.origin : 'parley',
          }),
        ),
      ).map((s) => [s]),
    ],
    inner,
    { maxLines: 2 },
  )
  // Laid out once per call and width, not on every scroll key.
  const body = useMemo(() => {
    const output = wrapSpans(safeSpans(callOutputText(call)), inner, { mode: 'verbatim' })
    const change = call.kind === 'tool' ? editChange(call) : null
    if (!change) return output
    return [
      [{ text: `Change ${changeCounts(change)}`, style: { bold: true } }],
      ...changeLines(change, inner),
      [],
      ...output,
    ]
  }, [call, inner])
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
