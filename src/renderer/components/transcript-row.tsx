import { memo, useId, useState } from 'react'
import { agentPlanText, agentThoughtText, titleParts } from '../../shared/agent-activity'
import { jsonText, toolCallSummary } from '../../shared/tool-summary'
import type { Json } from '../../shared/session-events'
import { answerText, questionClosedText, type TranscriptItem } from '../../shared/transcript'
import { permissionWords } from '../../shared/permission-words'
import { AGENT_INPUT, MARKDOWN } from '../deferred-parts'
import { useDeferredModule } from '../shell/deferred-module'
import { revealedLine } from '../tray/reveal-invisibles'
import { RevealedText } from './revealed-text'
import { RewindButton, UndoRewindButton } from './rewind-context'
import { TurnEndRow } from './turn-end-row'
import { useIsTrayTarget } from './use-tray-target'
import { RuleDecision } from './rule-decision'
import { MessageAttachments } from './message-attachments'

const STATUS_TEXT = {
  running: 'Running',
  waiting: 'Awaiting permission',
  done: 'Done',
  error: 'Failed',
  denied: 'Denied',
  stopped: 'Stopped',
  interrupted: 'Interrupted',
  cancelled: 'Cancelled',
  rejected: 'Rejected',
} as const

/** One transcript row. Rows are memoized by item identity, so a streaming row re-renders alone. */
export const TranscriptRow = memo(function TranscriptRow({ item }: { item: TranscriptItem }) {
  switch (item.kind) {
    case 'user':
      return (
        <div className="row row-user">
          <span className="visually-hidden">You said:</span>
          <div className="bubble-user" dir="auto">
            {item.text}
          </div>
          {item.attachments && item.attachments.length > 0 && (
            <MessageAttachments attachments={item.attachments} />
          )}
          <RewindButton turnId={item.turnId} text={item.text} />
        </div>
      )
    case 'assistant':
      return (
        <AssistantPart
          text={item.text}
          continued={false}
          streaming={item.streaming}
          cutOff={item.cutOff}
        />
      )
    case 'tool':
      return <ToolCard item={item} />
    case 'question':
      return <AnsweredQuestion item={item} />
    case 'turn_end':
      return <TurnEndRow item={item} />
    case 'thought':
      return <div className="row row-notice">{agentThoughtText(item.text)}</div>
    case 'plan':
      return <div className="row row-notice">{agentPlanText(item.entries)}</div>
    case 'notice':
      return (
        <div className="row row-notice">
          {item.text}
          {item.undoTurnId !== undefined && <UndoRewindButton checkpointId={item.undoTurnId} />}
        </div>
      )
  }
})

/** A reply, or one part of a long reply (parts after the first continue it without a gap). */
export const AssistantPart = memo(function AssistantPart({
  text,
  continued,
  streaming,
  cutOff,
}: {
  text: string
  continued: boolean
  streaming: boolean
  /** The reply ends early (stopped, failed, the model's output limit): said under its last part. */
  cutOff: boolean
}) {
  return (
    <div
      className={`row row-assistant${streaming ? ' is-streaming' : ''}${continued ? ' is-continued' : ''}`}
    >
      {!continued && <span className="visually-hidden">The agent said:</span>}
      <ReplyText text={text} streaming={streaming} />
      {cutOff && <p className="reply-cut-off">The reply was cut off here.</p>}
    </div>
  )
})

const PLAIN = { whiteSpace: 'pre-wrap' } as const

/**
 * The reply as markdown once the markdown chunk is there (fetched right after the first frame);
 * until then, the same text plain, so nothing waits on it.
 */
function ReplyText({ text, streaming }: { text: string; streaming: boolean }) {
  const markdown = useDeferredModule(MARKDOWN)
  if (markdown) return <markdown.MarkdownText text={text} streaming={streaming} />
  return (
    <div className="markdown">
      <p dir="auto" style={PLAIN}>
        {text}
      </p>
    </div>
  )
}

function ToolCard({ item }: { item: Extract<TranscriptItem, { kind: 'tool' }> }) {
  const [open, setOpen] = useState(false)
  const bodyId = useId()
  const summaryId = useId()
  const trayTarget = useIsTrayTarget(item.key)
  const permission = permissionWords(item.permission)
  const status =
    item.permission?.reason === 'timed_out' &&
    (item.status === 'denied' || item.status === 'rejected' || item.status === 'cancelled')
      ? 'Timed out'
      : STATUS_TEXT[item.status]
  return (
    <div className={`row tool-card tool-${item.status}${trayTarget ? ' is-tray-target' : ''}`}>
      <div className="tool-head">
        <button
          type="button"
          className="tool-toggle"
          // The name is the tool and its status (visible text first, for voice control); the
          // summary, which may quote any text, stays outside it so it never shadows the tray's
          // buttons, and is the description.
          aria-describedby={summaryId}
          aria-expanded={open}
          aria-controls={open ? bodyId : undefined}
          onClick={() => setOpen((o) => !o)}
        >
          <span className="tool-chevron" aria-hidden="true">
            {open ? '▾' : '▸'}
          </span>
          {item.origin === 'agent' ? (
            <span className="tool-name agent-title">
              {titleParts(item.tool).map((part, i) =>
                part.code ? <code key={i}>{part.text}</code> : <span key={i}>{part.text}</span>,
              )}
            </span>
          ) : (
            <code className="tool-name">{item.tool}</code>
          )}{' '}
          <span className="visually-hidden">call, {status}</span>
        </button>
        <span className="tool-summary" id={summaryId}>
          {revealedLine(toolCallSummary(item))}
        </span>
        {permission && <span className="tool-permission">{permission}</span>}
        {item.permission?.reason === 'rule' && (
          <RuleDecision decision={item.permission.decision} rules={item.permission.rules ?? []} />
        )}
        <span className={`tool-status status-${item.status}`} aria-hidden="true">
          {status}
        </span>
      </div>
      {open && (
        <div className="tool-body" id={bodyId}>
          {item.origin === 'agent' ? (
            <AgentToolInput input={item.input} />
          ) : (
            <JsonInput input={item.input} />
          )}
          {item.output !== undefined && (
            <>
              <div className="tool-section-label">{item.synthetic ? 'Closed' : 'Output'}</div>
              <pre className="tool-pre">
                <RevealedText text={jsonText(item.output)} />
              </pre>
            </>
          )}
        </div>
      )}
    </div>
  )
}

/**
 * An agent call's input: its file changes as diffs once that part is loaded (with the diff
 * library and the highlighter, none of which the first frame needs), the input as JSON until then.
 */
function AgentToolInput({ input }: { input: Json }) {
  const detail = useDeferredModule(AGENT_INPUT)
  return detail ? <detail.AgentInput input={input} /> : <JsonInput input={input} />
}

function JsonInput({ input }: { input: Json }) {
  return (
    <>
      <div className="tool-section-label">Input</div>
      <pre className="tool-pre">
        <RevealedText text={jsonText(input)} />
      </pre>
    </>
  )
}

/** The AskUserQuestion call in history: each question with the choice made. */
function AnsweredQuestion({ item }: { item: Extract<TranscriptItem, { kind: 'question' }> }) {
  const trayTarget = useIsTrayTarget(item.key)
  if (!item.answers && !item.closed) {
    // While it waits the questions are below, and only there: one quiet line points at them. Not
    // "in the tray": put aside with Escape, they are a line above the message box instead.
    const count = item.questions.length
    return (
      <p className={`row question-waiting${trayTarget ? ' is-tray-target' : ''}`}>
        Waiting for your answer: {count === 1 ? '1 question' : `${count} questions`} below
      </p>
    )
  }
  return (
    <div className="row question-card">
      <div className="question-card-title">{item.answers ? 'You answered' : 'Question closed'}</div>
      {item.answers ? (
        <dl className="question-card-list">
          {item.answers.map((a, i) => (
            <div key={i} className="question-card-pair">
              <dt>{a.question}</dt>
              <dd className={a.answer === null ? 'is-unanswered' : undefined}>
                {answerText(a.answer) ?? 'Not answered'}
              </dd>
            </div>
          ))}
        </dl>
      ) : (
        <>
          <ul className="question-card-list">
            {item.questions.map((question, i) => (
              <li key={i}>{question}</li>
            ))}
          </ul>
          {item.closed && <p className="question-card-closed">{questionClosedText(item.closed)}</p>}
        </>
      )}
    </div>
  )
}
