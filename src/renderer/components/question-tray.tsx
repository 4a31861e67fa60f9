import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react'
import {
  LIMITS,
  draftToAnswers,
  formDraftToQuestion,
  type QuestionDraft,
  type QuestionInteraction,
} from '../../shared'
import { useActions, useChat } from '../state/chat-context'
import {
  goNext,
  goPrevious,
  isReview,
  normalizeDraft,
  pickOption,
  pickOther,
  reviewRows,
  setOtherText,
} from '../tray/question-steps'
import { TrayHeader } from './tray-header'

const isTextEntry = (target: EventTarget) =>
  target instanceof HTMLTextAreaElement ||
  (target instanceof HTMLInputElement && target.type === 'text')

/**
 * AskUserQuestion, one question at a time: options with descriptions plus the client's "Other",
 * Previous / Next (picking never advances), "n / N" progress, a review of every answer, then one
 * Submit. Every change is saved as a draft so a reload brings the tray back where it was.
 */
export function QuestionTray({ request, more }: { request: QuestionInteraction; more: number }) {
  const actions = useActions()
  const saved = useChat(
    (s) =>
      s.questionDrafts[request.requestId] ??
      (request.draft ? formDraftToQuestion(request.draft) : null),
  )
  const draft = normalizeDraft(saved, request.questions)
  const count = request.questions.length
  const review = isReview(draft, count)
  // On the last question Submit sits beside Next: Next opens the review of every answer, Submit
  // sends them as they stand (anything not picked goes as null).
  const lastQuestion = !review && draft.index === count - 1
  const [submitted, setSubmitted] = useState(false)
  const bodyRef = useRef<HTMLDivElement>(null)
  const submitRef = useRef<HTMLButtonElement>(null)
  const otherRef = useRef<HTMLInputElement>(null)
  const baseId = useId()
  const question = request.questions[draft.index]
  const pick = draft.picks[draft.index] ?? null

  const change = (next: QuestionDraft) => {
    if (next !== draft) actions.saveQuestionDraft(request.requestId, next)
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

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return
    const typing = isTextEntry(event.target)
    if (event.key === 'Enter' && !event.shiftKey && !review) {
      if (event.target instanceof HTMLButtonElement) return
      event.preventDefault()
      change(goNext(draft, count))
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
  return (
    <section
      role="region"
      aria-label="Agent question"
      className="tray tray-question"
      onKeyDown={onKeyDown}
    >
      <TrayHeader interaction={request} more={more} title="Question">
        <span className="tray-progress">{review ? 'Review' : `${draft.index + 1} / ${count}`}</span>
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
                <input
                  ref={otherRef}
                  type="text"
                  className="other-answer"
                  aria-label="Other answer"
                  placeholder="Your answer"
                  maxLength={LIMITS.answerText}
                  value={pick.text}
                  onChange={(e) => change(setOtherText(draft, e.target.value))}
                />
              )}
            </div>
            {!pick && (
              <p className="tray-hint">Next without a choice leaves this one unanswered.</p>
            )}
          </>
        )}
        {review && (
          <>
            <p className="question-text">Review your answers</p>
            <ol className="review-list">
              {reviewRows(request.questions, draft).map((row, i) => (
                <li key={i}>
                  <span className="review-question">{row.question}</span>
                  {row.answer === null ? (
                    <span className="review-answer review-unanswered">Not answered</span>
                  ) : (
                    <span className="review-answer">{row.answer}</span>
                  )}
                </li>
              ))}
            </ol>
          </>
        )}
      </div>
      <footer className="tray-actions">
        <button
          type="button"
          className="button-quiet"
          onClick={() => void actions.stop(request.sessionId)}
        >
          Stop
        </button>
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
        <span className="tray-actions-spacer" />
        <button
          type="button"
          className="button-secondary"
          disabled={draft.index === 0 || submitted}
          onClick={() => change(goPrevious(draft))}
        >
          Previous
        </button>
        {!review && (
          <button
            type="button"
            className={lastQuestion ? 'button-secondary' : 'button-primary'}
            disabled={submitted}
            onClick={() => change(goNext(draft, count))}
          >
            Next
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
      </footer>
    </section>
  )
}
