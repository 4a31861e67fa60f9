import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react'
import {
  LIMITS,
  draftToAnswers,
  type PendingInteraction,
  type QuestionDraft,
  type QuestionInteraction,
} from '../../shared'
import { useActions, useChat, usePromptArmingMs } from '../state/chat-context'
import {
  goNext,
  goPrevious,
  goTo,
  isReview,
  normalizeDraft,
  pickOption,
  pickOther,
  reviewRows,
  setOtherText,
  stepState,
  unansweredCount,
} from '../tray/question-steps'
import { isTrayKey, useArmed } from '../tray/use-armed'
import { TrayHeader } from './tray-header'

const isTextEntry = (target: EventTarget) =>
  target instanceof HTMLTextAreaElement ||
  (target instanceof HTMLInputElement && target.type === 'text')

const STEP_STATE_TEXT = {
  answered: 'answered',
  unanswered: 'left unanswered',
  not_reached: 'not answered yet',
} as const

/**
 * Keeps the tray's top edge where it was: the tray only grows (up to its cap) while one request
 * is shown, so moving between a short and a tall question does not make it jump.
 */
function useSteadyTop(ref: React.RefObject<HTMLElement | null>) {
  const tallest = useRef(0)
  useLayoutEffect(() => {
    const el = ref.current
    if (!el) return
    const height = el.offsetHeight
    if (height > tallest.current) {
      tallest.current = height
      el.style.minHeight = `min(${height}px, 50vh)`
    }
  })
}

/**
 * AskUserQuestion, one question at a time: options with descriptions plus the client's "Other",
 * step chips to jump between questions, Previous / Next (picking never advances), "n / N"
 * progress, a review that warns about unanswered questions, then one Submit. A single question
 * is answered and submitted in place. Every change is saved as a draft so a reload brings the
 * tray back where it was. Number keys and Enter act only once the tray is armed.
 */
export function QuestionTray({
  request,
  waiting,
}: {
  request: QuestionInteraction
  waiting: readonly PendingInteraction[]
}) {
  const actions = useActions()
  const armed = useArmed(usePromptArmingMs())
  const saved = useChat((s) => s.questionDrafts[request.requestId] ?? request.draft)
  const draft = normalizeDraft(saved, request.questions)
  const count = request.questions.length
  const single = count === 1
  const review = isReview(draft, count)
  // On the last question Submit sits beside Next: Next opens the review of every answer, Submit
  // sends them as they stand (anything not picked goes as null).
  const lastQuestion = !review && draft.index === count - 1
  const [submitted, setSubmitted] = useState(false)
  const regionRef = useRef<HTMLElement>(null)
  const bodyRef = useRef<HTMLDivElement>(null)
  const submitRef = useRef<HTMLButtonElement>(null)
  const otherRef = useRef<HTMLTextAreaElement>(null)
  const baseId = useId()
  const question = request.questions[draft.index]
  const pick = draft.picks[draft.index] ?? null
  useSteadyTop(regionRef)

  const change = (next: QuestionDraft) => {
    if (next !== draft) actions.saveQuestionDraft(request.requestId, next)
  }
  const advance = () => {
    if (single) submitRef.current?.focus()
    else change(goNext(draft, count))
  }

  // Focus follows the step: the chosen (or first) option, or Submit on the review.
  useEffect(() => {
    if (draft.index >= count) {
      submitRef.current?.focus()
      return
    }
    const radios = bodyRef.current?.querySelectorAll<HTMLInputElement>('input[type="radio"]')
    const checked = Array.from(radios ?? []).find((r) => r.checked)
    ;(checked ?? radios?.[0])?.focus()
  }, [draft.index, count])

  // The number key for "Other" also moves into its text box, once that box has rendered.
  const focusOtherAfterRender = useRef(false)
  useEffect(() => {
    if (focusOtherAfterRender.current && otherRef.current) {
      focusOtherAfterRender.current = false
      otherRef.current.focus()
    }
  })
  // "Other" grows with its text, like the message box.
  const otherText = pick?.kind === 'other' ? pick.text : ''
  useLayoutEffect(() => {
    const el = otherRef.current
    if (!el) return
    el.style.height = 'auto'
    el.style.height = `${el.scrollHeight}px`
  }, [otherText])
  const chooseOther = () => change(pickOther(draft))

  const submit = async () => {
    if (submitted) return
    setSubmitted(true)
    const ok = await actions.respondToQuestion(
      request.sessionId,
      request.requestId,
      draftToAnswers(request.questions, draft),
    )
    if (!ok) setSubmitted(false)
  }

  const onKeyDownCapture = (event: KeyboardEvent<HTMLElement>) => {
    if (!armed && isTrayKey(event.key) && !isTextEntry(event.target)) {
      event.preventDefault()
      event.stopPropagation()
    }
  }
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return
    const typing = isTextEntry(event.target)
    if (event.key === 'Enter' && !event.shiftKey && !review) {
      if (event.target instanceof HTMLButtonElement) return
      event.preventDefault()
      advance()
      return
    }
    if (typing || review || !question) return
    const n = Number(event.key)
    if (Number.isInteger(n) && n >= 1 && n <= question.options.length) {
      event.preventDefault()
      change(pickOption(draft, n - 1))
    } else if (n === question.options.length + 1) {
      event.preventDefault()
      focusOtherAfterRender.current = true
      chooseOther()
    }
  }

  const questionId = `${baseId}-question`
  const rows = review ? reviewRows(request.questions, draft) : []
  const unanswered = review ? unansweredCount(request.questions, draft) : 0
  return (
    <section
      ref={regionRef}
      role="region"
      aria-label="Agent question"
      className="tray tray-question"
      data-armed={armed}
      onKeyDownCapture={onKeyDownCapture}
      onKeyDown={onKeyDown}
    >
      <TrayHeader interaction={request} waiting={waiting} title="Question" armed={armed}>
        <span className="tray-progress">{review ? 'Review' : `${draft.index + 1} / ${count}`}</span>
        {!single && (
          <span className="step-chips" role="group" aria-label="Questions">
            {request.questions.map((q, i) => {
              const state = stepState(request.questions, draft, i)
              return (
                <button
                  key={i}
                  type="button"
                  className={`step-chip step-${state}`}
                  aria-current={draft.index === i ? 'step' : undefined}
                  aria-label={`Question ${i + 1}, ${STEP_STATE_TEXT[state]}`}
                  title={q.question}
                  disabled={submitted}
                  onClick={() => change(goTo(draft, i, count))}
                >
                  {i + 1}
                </button>
              )
            })}
          </span>
        )}
      </TrayHeader>
      <div className="tray-body" ref={bodyRef}>
        {question && !review && (
          <>
            <p className="question-text" id={questionId}>
              {question.question}
            </p>
            <div role="radiogroup" aria-labelledby={questionId} className="options">
              {question.options.map((option, i) => {
                const id = `${baseId}-${draft.index}-${i}`
                return (
                  <label key={option.label} className="option" htmlFor={id}>
                    <input
                      id={id}
                      type="radio"
                      name={`${baseId}-${draft.index}`}
                      checked={pick?.kind === 'option' && pick.index === i}
                      onChange={() => change(pickOption(draft, i))}
                      aria-labelledby={`${id}-label`}
                      aria-describedby={option.description ? `${id}-desc` : undefined}
                    />
                    <kbd className="option-key" aria-hidden="true">
                      {i + 1}
                    </kbd>
                    <span className="option-text">
                      <span id={`${id}-label`} className="option-label">
                        {option.label}
                      </span>
                      {option.description && (
                        <span id={`${id}-desc`} className="option-description">
                          {option.description}
                        </span>
                      )}
                    </span>
                  </label>
                )
              })}
              <label
                className="option"
                htmlFor={`${baseId}-${draft.index}-other`}
                // A click on "Other" means "let me type": move into its text box. Arrow keys
                // moving through the options must not, or they could never move back up.
                onMouseUp={() => {
                  if (otherRef.current) otherRef.current.focus()
                  else focusOtherAfterRender.current = true
                }}
              >
                <input
                  id={`${baseId}-${draft.index}-other`}
                  type="radio"
                  name={`${baseId}-${draft.index}`}
                  checked={pick?.kind === 'other'}
                  onChange={chooseOther}
                  aria-labelledby={`${baseId}-${draft.index}-other-label`}
                />
                <kbd className="option-key" aria-hidden="true">
                  {question.options.length + 1}
                </kbd>
                <span className="option-text">
                  <span id={`${baseId}-${draft.index}-other-label`} className="option-label">
                    Other
                  </span>
                  {pick?.kind !== 'other' && (
                    <span className="option-description">Type your own answer</span>
                  )}
                </span>
              </label>
              {pick?.kind === 'other' && (
                <textarea
                  ref={otherRef}
                  rows={1}
                  className="other-answer"
                  aria-label="Other answer"
                  aria-describedby={pick.text.trim() === '' ? `${baseId}-other-empty` : undefined}
                  placeholder="Your answer"
                  maxLength={LIMITS.answerText}
                  value={pick.text}
                  onChange={(e) => change(setOtherText(draft, e.target.value))}
                />
              )}
            </div>
            {pick?.kind === 'other' && pick.text.trim() === '' && (
              <p className="tray-hint" id={`${baseId}-other-empty`}>
                An empty answer is sent as unanswered.
              </p>
            )}
            {!pick && !single && (
              <p className="tray-hint">Next without a choice leaves this one unanswered.</p>
            )}
          </>
        )}
        {review && (
          <>
            <p className="question-text">Review your answers</p>
            {unanswered > 0 && (
              <p className="review-warning">
                {unanswered} unanswered: {unanswered === 1 ? 'it goes' : 'they go'} to the agent
                without an answer.
              </p>
            )}
            <ol className="review-list">
              {rows.map((row, i) => (
                <li key={i}>
                  <span className="review-row">
                    <span className="review-question">{row.question}</span>
                    {row.answer === null ? (
                      <span className="review-answer review-unanswered">Not answered</span>
                    ) : (
                      <span className="review-answer">{row.answer}</span>
                    )}
                  </span>
                  <button
                    type="button"
                    className="button-quiet small"
                    aria-label={`Edit answer ${i + 1}`}
                    disabled={submitted}
                    onClick={() => change(goTo(draft, i, count))}
                  >
                    Edit
                  </button>
                </li>
              ))}
            </ol>
          </>
        )}
      </div>
      <footer className="tray-actions">
        {request.recovered && (
          <button
            type="button"
            className="button-quiet"
            disabled={submitted}
            onClick={() => void actions.dismissInteraction(request.sessionId, request.requestId)}
          >
            Dismiss
          </button>
        )}
        <span className="tray-main-actions">
          {!single && (
            <button
              type="button"
              className="button-secondary"
              disabled={draft.index === 0 || submitted}
              onClick={() => change(goPrevious(draft))}
            >
              Previous
            </button>
          )}
          {!single && !review && (
            <button
              type="button"
              className={lastQuestion ? 'button-secondary' : 'button-primary'}
              disabled={submitted}
              onClick={() => change(goNext(draft, count))}
            >
              {lastQuestion ? 'Next: Review' : 'Next'}
            </button>
          )}
          {(review || lastQuestion) && (
            <button
              ref={submitRef}
              type="button"
              className="button-primary"
              disabled={submitted}
              onClick={() => void submit()}
            >
              Submit
            </button>
          )}
          <span className="tray-actions-divider" aria-hidden="true" />
          <button
            type="button"
            className="button-quiet"
            onClick={() => void actions.stop(request.sessionId)}
          >
            Stop
          </button>
        </span>
      </footer>
    </section>
  )
}
