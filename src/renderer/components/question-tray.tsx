import {
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
} from 'react'
import type {
  FieldDraft,
  FormDraft,
  FormField,
  PendingInteraction,
  QuestionInteraction,
} from '../../shared'
import { answerText, questionAnswers, reviewRows } from '../../shared/form-answers'
import {
  chooseOther,
  goTo,
  isReview,
  next,
  normalizeDraft,
  pickOption,
  previous,
  questionsToForm,
  toggleOption,
  toggleOther,
} from '../../shared/form-state'
import { useActions, useChat, usePromptArmingMs } from '../state/chat-context'
import { isTextEntry, isTrayKey, useArmed } from '../tray/use-armed'
import type { FieldEdit } from './form-fields/field-props'
import { FormFieldView } from './form-fields/form-field'
import { RevealedText } from './revealed-text'
import { TrayHeader } from './tray-header'
import { TrayStop } from './tray-stop'

/** What a step chip says about its question: answered, passed over, or not reached yet. */
type StepState = 'answered' | 'unanswered' | 'not_reached'

const STEP_STATE_TEXT: Record<StepState, string> = {
  answered: 'answered',
  unanswered: 'left unanswered',
  not_reached: 'not answered yet',
}

function stepState(field: FormField, value: FieldDraft | null): StepState {
  if (answerText(field, value) !== null) return 'answered'
  return value ? 'unanswered' : 'not_reached'
}

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
 * AskUserQuestion, one question at a time, filled in with the shared form state (the preset
 * `questionsToForm`): options with descriptions plus the client's "Other" — radios, or
 * checkboxes for a `multiSelect` question — step chips to jump between questions, Previous /
 * Next (picking never advances), "n / N" progress, a review that warns about unanswered
 * questions, then one Submit. A single question is answered and submitted in place. Every change
 * is saved as a draft so a reload brings the tray back where it was. Number keys and Enter act
 * only once the tray is armed.
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
  const spec = useMemo(() => questionsToForm(request.questions), [request.questions])
  const saved = useChat((s) => s.formDrafts[request.requestId] ?? request.draft)
  const draft = useMemo(() => normalizeDraft(spec, saved), [spec, saved])
  const count = spec.fields.length
  const single = count === 1
  const reviewing = isReview(spec, draft)
  // On the last question Submit sits beside Next: Next opens the review of every answer, Submit
  // sends them as they stand (anything not picked goes as null).
  const lastQuestion = !reviewing && draft.index === count - 1
  const [submitted, setSubmitted] = useState(false)
  const regionRef = useRef<HTMLElement>(null)
  const bodyRef = useRef<HTMLDivElement>(null)
  const submitRef = useRef<HTMLButtonElement>(null)
  const baseId = useId()
  const field = reviewing ? undefined : spec.fields[draft.index]
  // A multi-select question says so under its text (and to screen readers, as the group's
  // description): the model's question alone does not tell radios from checkboxes.
  const shown: FormField | undefined =
    field?.type === 'multi' ? { ...field, description: 'Choose any that apply.' } : field
  useSteadyTop(regionRef)

  const change = (nextDraft: FormDraft) => {
    if (nextDraft !== draft) actions.saveQuestionDraft(request.requestId, nextDraft)
  }
  const edit = (apply: FieldEdit) => change(apply(spec, draft, draft.index))
  const advance = () => {
    if (single) submitRef.current?.focus()
    else change(next(spec, draft))
  }

  // Focus follows the step: the chosen (or first) option, or Submit on the review.
  useEffect(() => {
    if (draft.index >= count) {
      submitRef.current?.focus()
      return
    }
    const inputs = bodyRef.current?.querySelectorAll<HTMLInputElement>(
      'input[type="radio"], input[type="checkbox"]',
    )
    const checked = Array.from(inputs ?? []).find((r) => r.checked)
    ;(checked ?? inputs?.[0])?.focus()
  }, [draft.index, count])

  // The number key for "Other" also moves into its text box, once that box has rendered.
  const focusOtherAfterRender = useRef(false)
  useEffect(() => {
    const other = bodyRef.current?.querySelector<HTMLTextAreaElement>('textarea.other-answer')
    if (focusOtherAfterRender.current && other) {
      focusOtherAfterRender.current = false
      other.focus()
    }
  })

  const submit = async () => {
    if (submitted) return
    setSubmitted(true)
    const ok = await actions.respondToQuestion(
      request.sessionId,
      request.requestId,
      questionAnswers(request.questions, draft),
    )
    if (!ok) setSubmitted(false)
  }

  /** Number key `n`: picks (or ticks) an option; the one after the options is "Other". */
  const numberKey = (n: number): boolean => {
    if (field?.type !== 'choice' && field?.type !== 'multi') return false
    const i = draft.index
    if (n >= 1 && n <= field.options.length) {
      change(
        field.type === 'choice'
          ? pickOption(spec, draft, i, n - 1)
          : toggleOption(spec, draft, i, n - 1),
      )
      return true
    }
    if (n !== field.options.length + 1) return false
    const withOther =
      field.type === 'choice' ? chooseOther(spec, draft, i) : toggleOther(spec, draft, i)
    const value = withOther.values[i]
    const ticked = value?.kind === 'other' || (value?.kind === 'options' && value.other !== null)
    focusOtherAfterRender.current = ticked
    change(withOther)
    return true
  }

  const onKeyDownCapture = (event: KeyboardEvent<HTMLElement>) => {
    if (!armed && isTrayKey(event.key) && !isTextEntry(event.target)) {
      event.preventDefault()
      event.stopPropagation()
    }
  }
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return
    if (event.key === 'Enter' && !event.shiftKey && !reviewing) {
      if (event.target instanceof HTMLButtonElement || event.nativeEvent.isComposing) return
      event.preventDefault()
      advance()
      return
    }
    if (isTextEntry(event.target) || reviewing) return
    if (/^[0-9]$/.test(event.key) && numberKey(Number(event.key))) event.preventDefault()
  }

  const review = reviewing ? reviewRows(spec, draft) : null
  return (
    <section
      ref={regionRef}
      role="region"
      aria-label="Agent question"
      className="tray tray-question tray-ask"
      data-armed={armed}
      onKeyDownCapture={onKeyDownCapture}
      onKeyDown={onKeyDown}
    >
      <TrayHeader interaction={request} waiting={waiting} title="Question" armed={armed}>
        <span className="tray-progress">
          {reviewing ? 'Review' : `${draft.index + 1} / ${count}`}
        </span>
        {!single && (
          <span className="step-chips" role="group" aria-label="Questions">
            {spec.fields.map((f, i) => {
              const state = stepState(f, draft.values[i] ?? null)
              return (
                <button
                  key={i}
                  type="button"
                  className={`step-chip step-${state}`}
                  aria-current={draft.index === i ? 'step' : undefined}
                  aria-label={`Question ${i + 1}, ${STEP_STATE_TEXT[state]}`}
                  title={f.title}
                  disabled={submitted}
                  onClick={() => change(goTo(spec, draft, i))}
                >
                  {i + 1}
                </button>
              )
            })}
          </span>
        )}
      </TrayHeader>
      <div className="tray-body" ref={bodyRef}>
        {shown && (
          <>
            <FormFieldView
              key={draft.index}
              field={shown}
              value={draft.values[draft.index] ?? null}
              error={undefined}
              id={`${baseId}-${draft.index}`}
              edit={edit}
              numbered
            />
            {!draft.values[draft.index] && !single && (
              <p className="tray-hint">Next without a choice leaves this one unanswered.</p>
            )}
          </>
        )}
        {review && (
          <>
            <p className="question-text">Review your answers</p>
            {review.unanswered > 0 && (
              <p className="review-warning">
                {review.unanswered} unanswered: {review.unanswered === 1 ? 'it goes' : 'they go'} to
                the agent without an answer.
              </p>
            )}
            <ol className="review-list">
              {review.rows.map((row) => (
                <li key={row.field}>
                  <span className="review-row">
                    <span className="review-question">
                      <RevealedText text={row.title} />
                    </span>
                    {row.answer === null ? (
                      <span className="review-answer review-unanswered">Not answered</span>
                    ) : (
                      <span className="review-answer">
                        <RevealedText text={row.answer} />
                      </span>
                    )}
                  </span>
                  <button
                    type="button"
                    className="button-quiet small"
                    aria-label={`Edit answer ${row.field + 1}`}
                    disabled={submitted}
                    onClick={() => change(goTo(spec, draft, row.field))}
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
              onClick={() => change(previous(spec, draft))}
            >
              Previous
            </button>
          )}
          {!single && !reviewing && (
            <button
              type="button"
              className={lastQuestion ? 'button-secondary' : 'button-primary'}
              disabled={submitted}
              onClick={() => change(next(spec, draft))}
            >
              {lastQuestion ? 'Next: Review' : 'Next'}
            </button>
          )}
          {(reviewing || lastQuestion) && (
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
          <TrayStop onStop={() => void actions.stop(request.sessionId)} />
        </span>
      </footer>
    </section>
  )
}
