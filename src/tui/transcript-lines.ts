import { agentToolKey } from '../shared/agent-activity'
import type { PendingInteraction } from '../shared/interactions'
import { markdownLines } from './markdown-lines'
import {
  prefixLines,
  safeSpans,
  truncateLine,
  wrapSpans,
  type Span,
  type StyledLine,
} from './styled-text'
import type { StreamingText, ToolStatus, TranscriptEntry } from './transcript-state'
import { oneLine } from './visible-text'

const STATUS: Record<ToolStatus, { mark: string; color: string; label: string }> = {
  running: { mark: '…', color: 'yellow', label: 'running' },
  ok: { mark: '✓', color: 'green', label: 'ok' },
  error: { mark: '✗', color: 'red', label: 'error' },
}

/** A user message longer than this is shown shortened in the transcript (it is sent in full). */
const USER_LINES_SHOWN = 12
/** Rows of a failed turn's technical detail. */
const DETAIL_LINES_SHOWN = 6

const INDENT: StyledLine = [{ text: '  ' }]

/** What a running tool call is waiting for, when a prompt about it is on screen. */
export type ToolWaiting = 'permission' | 'answer' | null

/**
 * One transcript block as terminal rows. Tool calls stay on one row, cut at the terminal's
 * width; a call waiting for the person says so (its command or question is in the prompt below,
 * not repeated here).
 */
export function entryLines(
  entry: TranscriptEntry,
  width: number,
  waiting: ToolWaiting = null,
): StyledLine[] {
  switch (entry.kind) {
    case 'user': {
      let lines = wrapSpans(safeSpans(entry.text, { bold: true }), width - 2, { indent: 'auto' })
      if (lines.length > USER_LINES_SHOWN + 2) {
        const more = lines.length - USER_LINES_SHOWN
        lines = [
          ...lines.slice(0, USER_LINES_SHOWN),
          [{ text: `… ${more} more lines`, style: { dim: true } }],
        ]
      }
      return [[], ...prefixLines(lines, [{ text: '› ', style: { color: 'cyan', bold: true } }])]
    }
    case 'assistant': {
      const lines = prefixLines(markdownLines(entry.text, width - 2), INDENT, INDENT)
      return entry.cutOff
        ? [...lines, [...INDENT, { text: '— cut off', style: { color: 'yellow' } }]]
        : lines
    }
    case 'tool':
      return [toolLine(entry, width, waiting)]
    case 'note': {
      const style = entry.tone === 'error' ? { color: 'red' } : { dim: true }
      const lines = wrapSpans(safeSpans(entry.text, style), width - 2, { indent: 'auto' })
      const detail = entry.detail
        ? wrapSpans(safeSpans(entry.detail, { dim: true }), width - 4).slice(0, DETAIL_LINES_SHOWN)
        : []
      return [
        ...prefixLines(lines, INDENT, INDENT),
        ...prefixLines(detail, [{ text: '    ' }], [{ text: '    ' }]),
      ]
    }
  }
}

function toolLine(
  entry: Extract<TranscriptEntry, { kind: 'tool' }>,
  width: number,
  waiting: ToolWaiting,
): StyledLine {
  if (entry.status === 'running' && waiting) {
    const spans: Span[] = [
      { text: '  ? ', style: { color: 'yellow' } },
      { text: entry.tool, style: { bold: true } },
      ...(waiting === 'answer' && entry.summary !== '' ? [{ text: ` ${entry.summary}` }] : []),
      {
        text:
          waiting === 'permission'
            ? ' · waiting for your permission'
            : ' · waiting for your answer',
        style: { color: 'yellow' },
      },
    ]
    return truncateLine(spans, width)
  }
  const status = STATUS[entry.status]
  const tail = [entry.decision, entry.result].filter(Boolean).join(' · ')
  const spans: Span[] = [
    { text: `  ${status.mark} `, style: { color: status.color } },
    { text: entry.tool, style: { bold: true } },
    ...(entry.summary !== '' ? [{ text: ` ${oneLine(entry.summary)}` }] : []),
    { text: ` ${status.label}`, style: { color: status.color } },
    ...(tail ? [{ text: ` · ${oneLine(tail)}`, style: { dim: true } }] : []),
  ]
  return truncateLine(spans, width)
}

/** The step whose text is still arriving. */
export function streamingLines(streaming: StreamingText, width: number): StyledLine[] {
  return prefixLines(markdownLines(streaming.text, width - 2), INDENT, INDENT)
}

/**
 * The transcript row of the tool call an ACP agent's or MCP server's request is about: an ACP
 * agent names its own call (its row is keyed by turn), an MCP server the Parley call that waits.
 */
function askerCall(item: PendingInteraction): string | null {
  const { source } = item
  switch (source.kind) {
    case 'parley':
      return source.toolCallId
    case 'acp':
      return source.toolCallId ? agentToolKey(item.turnId, source.toolCallId) : null
    case 'mcp':
      return source.toolCallId ?? null
  }
}

/** The tool call a queued request is about, and what it waits for; null when it names none. */
function waitingFor(item: PendingInteraction): [string, ToolWaiting] | null {
  switch (item.kind) {
    case 'permission':
      return [item.toolCallId, 'permission']
    case 'question':
      return [item.toolCallId, 'answer']
    case 'agent_permission': {
      const call = askerCall(item)
      return call ? [call, 'permission'] : null
    }
    case 'form': {
      const call = askerCall(item)
      return call ? [call, 'answer'] : null
    }
  }
}

/** What each tool call waits for while a request about it is queued. */
export function waitingByCall(queue: readonly PendingInteraction[]): Map<string, ToolWaiting> {
  return new Map(
    queue.flatMap((item) => {
      const waiting = waitingFor(item)
      return waiting ? [waiting] : []
    }),
  )
}
