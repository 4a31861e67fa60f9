import { ruleDecisionText } from '../shared/rule-words'
import { agentPlanText, agentThoughtText, agentToolKey, titleParts } from '../shared/agent-activity'
import type { PendingInteraction } from '../shared/interactions'
import { plainError } from '../shared/plain-error'
import { toolCallSummary, toolErrorText } from '../shared/tool-summary'
import {
  answerText,
  questionClosedText,
  type ToolPermission,
  type ToolStatus,
  type TranscriptItem,
} from '../shared/transcript'
import { changeCounts, changePreviewLines, editChange } from './edit-preview'
import { CODE_STYLE, markdownLines } from './markdown-lines'
import {
  lineWidth,
  prefixLines,
  safeSpans,
  truncateLine,
  wrapSpans,
  type Span,
  type StyledLine,
} from './styled-text'
import { oneLine } from './visible-text'

/** How a call's line marks it: still going, fine, or not (failed, denied, cut short). */
type LineStatus = 'running' | 'ok' | 'error'

const STATUS: Record<LineStatus, { mark: string; color: string; label: string }> = {
  running: { mark: '…', color: 'yellow', label: 'running' },
  ok: { mark: '✓', color: 'green', label: 'ok' },
  error: { mark: '✗', color: 'red', label: 'error' },
}

const LINE_STATUS: Record<ToolStatus, LineStatus> = {
  running: 'running',
  // The prompt below says what it waits for.
  waiting: 'running',
  done: 'ok',
  error: 'error',
  denied: 'error',
  stopped: 'error',
  interrupted: 'error',
  cancelled: 'error',
  rejected: 'error',
}

/** A user message longer than this is shown shortened in the transcript (it is sent in full). */
const USER_LINES_SHOWN = 12
/** Rows of a failed turn's technical detail. */
const DETAIL_LINES_SHOWN = 6
/** Characters of an agent's thought shown (a terminal has little room). */
const THOUGHT_CHARS = 300

const INDENT: StyledLine = [{ text: '  ' }]

const END_TEXT = {
  stopped: 'Turn stopped.',
  aborted: 'Turn aborted.',
  error: 'Turn failed',
  interrupted: 'Turn interrupted (the app quit while it ran).',
} as const

/** What a running tool call is waiting for, when a prompt about it is on screen. */
export type ToolWaiting = 'permission' | 'answer' | null

/** One call as its line shows it. */
interface CallLine {
  tool: string
  /** `tool` is an agent's own title, in markdown: its code spans are shown as code. */
  agentTitle?: boolean
  summary: string
  status: LineStatus
  /** What came of it, dimmed after the status: the permission decision, the result. */
  tail: string
  /** Why it failed, after the tail; on rows of its own when the row cannot hold it. */
  reason?: string
}

/** How a permission prompt for the call ended; nothing when the mode alone decided. */
function decisionText(permission: ToolPermission | undefined): string | undefined {
  if (permission?.reason === 'rule')
    return ruleDecisionText(permission.decision, permission.rules ?? [])
  if (!permission || (!permission.prompted && permission.reason !== 'remembered')) return undefined
  // Nobody answered: never a denial by the person.
  if (permission.reason === 'timed_out') return 'timed out, nobody answered'
  const verb = permission.decision === 'allow' ? 'allowed' : 'denied'
  if (permission.reason === 'user')
    return permission.remember ? `${verb} (remembered for this turn)` : verb
  return `${verb}: ${permission.reason.replace('_', ' ')}`
}

function toolCall(item: Extract<TranscriptItem, { kind: 'tool' }>): CallLine {
  const status = LINE_STATUS[item.status]
  const result = status === 'error' ? toolErrorText(item.output) : ''
  const change = editChange(item)
  return {
    tool: item.tool,
    ...(item.origin === 'agent' ? { agentTitle: true } : {}),
    summary: toolCallSummary(item),
    status,
    tail: [decisionText(item.permission), change && changeCounts(change)]
      .filter(Boolean)
      .join(' · '),
    reason: result,
  }
}

/** An AskUserQuestion call: its answers (a skipped one as a dash), or why it closed without. */
function questionCall(item: Extract<TranscriptItem, { kind: 'question' }>): CallLine {
  const tool = item.tool
  const summary = toolCallSummary({ tool, input: item.input, origin: 'parley' })
  if (item.answers) {
    const answers = item.answers.map((a) => answerText(a.answer) ?? '—')
    return { tool, summary, status: 'ok', tail: answers.join(' · ') }
  }
  if (item.closed) {
    const why = item.refusal === undefined ? '' : toolErrorText(item.refusal)
    const closed = questionClosedText(item.closed)
    return { tool, summary, status: 'error', tail: why ? `${closed} ${why}` : closed }
  }
  return { tool, summary, status: 'running', tail: '' }
}

/** A line of its own (dimmed, or red for an error), with a dimmed technical detail under it. */
function noteLines(
  note: { text: string; tone: 'dim' | 'error'; detail?: string | undefined },
  width: number,
): StyledLine[] {
  const style = note.tone === 'error' ? { color: 'red' } : { dim: true }
  const lines = wrapSpans(safeSpans(note.text, style), width - 2, { indent: 'auto' })
  const detail = note.detail
    ? wrapSpans(safeSpans(note.detail, { dim: true }), width - 4).slice(0, DETAIL_LINES_SHOWN)
    : []
  return [
    ...prefixLines(lines, INDENT, INDENT),
    ...prefixLines(detail, [{ text: '    ' }], [{ text: '    ' }]),
  ]
}

/** How a turn that did not complete ended, in plain words. */
function turnEndLines(item: Extract<TranscriptItem, { kind: 'turn_end' }>, width: number) {
  if (item.reason !== 'error') return noteLines({ text: END_TEXT[item.reason], tone: 'dim' }, width)
  const message = item.error ? plainError(item.error) : ''
  return noteLines(
    {
      text: `${END_TEXT.error}${message ? `: ${message}` : '.'}`,
      tone: 'error',
      detail: item.errorDetail,
    },
    width,
  )
}

/**
 * One transcript item as terminal rows. Tool calls stay on one row, cut at the terminal's width;
 * a call waiting for the person says so (its command or question is in the prompt below, not
 * repeated here).
 */
export function itemLines(
  item: TranscriptItem,
  width: number,
  waiting: ToolWaiting = null,
): StyledLine[] {
  switch (item.kind) {
    case 'user': {
      // The person's own words: an emoji sequence they typed shows as the emoji.
      let lines = wrapSpans(safeSpans(item.text, { bold: true }, 'prose'), width - 2, {
        indent: 'auto',
      })
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
      const lines = prefixLines(markdownLines(item.text, width - 2), INDENT, INDENT)
      return item.cutOff
        ? [...lines, [...INDENT, { text: '— cut off', style: { color: 'yellow' } }]]
        : lines
    }
    case 'tool':
      return [...callLines(toolCall(item), width, waiting), ...changePreviewLines(item, width)]
    case 'question':
      return callLines(questionCall(item), width, waiting)
    case 'turn_end':
      return turnEndLines(item, width)
    case 'thought':
      return noteLines({ text: agentThoughtText(item.text, THOUGHT_CHARS), tone: 'dim' }, width)
    case 'plan':
      return noteLines({ text: agentPlanText(item.entries), tone: 'dim' }, width)
    case 'notice':
      return noteLines({ text: item.text, tone: item.tone === 'error' ? 'error' : 'dim' }, width)
  }
}

/** Rows of a failed call's reason that does not fit on its row. */
const REASON_LINES_SHOWN = 4

/**
 * A call's row; when what came of it (a failure's reason) does not fit on the row, the row keeps
 * the status and the whole reason follows on rows of its own, so it is never cut to `…`.
 */
function callLines(call: CallLine, width: number, waiting: ToolWaiting): StyledLine[] {
  // A question's closing words are all reason; a tool keeps its decision on the row.
  const why = call.reason ?? call.tail
  const whole: CallLine = { ...call, tail: [call.tail, call.reason].filter(Boolean).join(' · ') }
  if (call.status !== 'error' || !why || lineWidth(callLine(whole, Infinity, null)) <= width)
    return [callLine(whole, width, waiting)]
  const reason = wrapSpans(safeSpans(why, { color: 'red' }), width - 4)
  const shown =
    reason.length > REASON_LINES_SHOWN
      ? [
          ...reason.slice(0, REASON_LINES_SHOWN - 1),
          [{ text: '… Ctrl+O shows all', style: { dim: true } }],
        ]
      : reason
  return [
    callLine({ ...call, tail: call.reason === undefined ? '' : call.tail }, width, waiting),
    ...prefixLines(shown, [{ text: '    ' }], [{ text: '    ' }]),
  ]
}

/** The call's name: an agent's title with its backticked parts as code, as the web UI shows it. */
function toolSpans(call: CallLine): Span[] {
  if (!call.agentTitle) return [{ text: call.tool, style: { bold: true } }]
  return titleParts(oneLine(call.tool)).map((part) => ({
    text: part.text,
    style: part.code ? { bold: true, ...CODE_STYLE } : { bold: true },
  }))
}

function callLine(call: CallLine, width: number, waiting: ToolWaiting): StyledLine {
  if (call.status === 'running' && waiting) {
    const spans: Span[] = [
      { text: '  ? ', style: { color: 'yellow' } },
      ...toolSpans(call),
      ...(waiting === 'answer' && call.summary !== ''
        ? [{ text: ` ${oneLine(call.summary)}` }]
        : []),
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
  const status = STATUS[call.status]
  const spans: Span[] = [
    { text: `  ${status.mark} `, style: { color: status.color } },
    ...toolSpans(call),
    ...(call.summary !== '' ? [{ text: ` ${oneLine(call.summary)}` }] : []),
    { text: ` ${status.label}`, style: { color: status.color } },
    ...(call.tail ? [{ text: ` · ${oneLine(call.tail)}`, style: { dim: true } }] : []),
  ]
  return truncateLine(spans, width)
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
