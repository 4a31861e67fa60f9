import type { Question, QuestionDraft } from '../shared/ask-user-question'
import { LIMITS } from '../shared/limits'
import { draftToAnswers, emptyDraft, type QuestionPick } from '../shared/question-form'

/**
 * The terminal's AskUserQuestion overlay as a pure state machine: questions one after another,
 * a highlighted row per question (the model's options, then the client's "Other"), and a short
 * text input while "Other" is being typed. The draft is the shared, saveable part; the cursor and
 * the text being typed are view state.
 */
export interface QuestionFormState {
  readonly draft: QuestionDraft
  /** Highlighted row: an option index, or `options.length` for "Other". */
  readonly cursor: number
  /** Text in the "Other" input while it is open; null while the option list is shown. */
  readonly otherText: string | null
}

/** A key press, already translated from the terminal's key flags. */
export type FormInput =
  | { kind: 'up' | 'down' | 'enter' | 'escape' | 'back' | 'backspace' }
  | { kind: 'digit'; digit: number }
  | { kind: 'text'; text: string }
  /** The "Other" input's whole text, as its editor holds it (line breaks kept). */
  | { kind: 'other-text'; text: string }

/** The result of one key press. */
export interface FormStep {
  state: QuestionFormState
  /** The draft moved on (a pick, a skip, going back): worth saving so a restart resumes here. */
  draftChanged: boolean
  /** Set once, after the last question: every answer, ordered like the questions. */
  submit: Array<string | null> | null
}

const cursorFor = (question: Question | undefined, pick: QuestionPick | undefined): number => {
  if (!question || !pick) return 0
  if (pick.kind === 'option') return pick.index
  if (pick.kind === 'other') return question.options.length
  return 0
}

/** Opens the form at the first question, or where a saved draft left off. */
export function startForm(
  questions: readonly Question[],
  saved: QuestionDraft | null,
): QuestionFormState {
  const fresh = emptyDraft(questions)
  const draft: QuestionDraft = saved
    ? {
        index: Math.min(Math.max(saved.index, 0), questions.length - 1),
        picks: fresh.picks.map((_, i) => saved.picks[i] ?? null),
      }
    : fresh
  return {
    draft,
    cursor: cursorFor(questions[draft.index], draft.picks[draft.index]),
    otherText: null,
  }
}

/** Records the current question's pick, then moves to the next one or submits after the last. */
function pick(
  questions: readonly Question[],
  state: QuestionFormState,
  value: NonNullable<QuestionPick>,
): FormStep {
  const { index } = state.draft
  const picks = state.draft.picks.map((p, i) => (i === index ? value : p))
  const last = index >= questions.length - 1
  const draft: QuestionDraft = { index: last ? index : index + 1, picks }
  const cursor = last ? state.cursor : cursorFor(questions[index + 1], picks[index + 1])
  return {
    state: { draft, cursor, otherText: null },
    draftChanged: true,
    submit: last ? draftToAnswers(questions, draft) : null,
  }
}

const unchanged = (state: QuestionFormState): FormStep => ({
  state,
  draftChanged: false,
  submit: null,
})

const view = (state: QuestionFormState, change: Partial<QuestionFormState>): FormStep =>
  unchanged({ ...state, ...change })

/** The text the "Other" input starts with: what was typed before, if anything. */
const previousOther = (pickNow: QuestionPick | undefined): string =>
  pickNow?.kind === 'other' ? pickNow.text : ''

/** Applies one key press. */
export function stepForm(
  questions: readonly Question[],
  state: QuestionFormState,
  input: FormInput,
): FormStep {
  const question = questions[state.draft.index]
  if (!question) return unchanged(state)
  const otherRow = question.options.length
  const current = state.draft.picks[state.draft.index]

  if (state.otherText !== null) {
    switch (input.kind) {
      case 'enter': {
        const text = state.otherText.trim()
        return text === '' ? unchanged(state) : pick(questions, state, { kind: 'other', text })
      }
      case 'escape':
        return view(state, { otherText: null })
      case 'other-text':
        return view(state, { otherText: input.text.slice(0, LIMITS.answerText) })
      case 'backspace':
        return view(state, { otherText: [...state.otherText].slice(0, -1).join('') })
      case 'text':
      case 'digit': {
        const typed = input.kind === 'digit' ? String(input.digit) : input.text
        const text = (state.otherText + typed.replace(/[\r\n]+/g, ' ')).slice(0, LIMITS.answerText)
        return view(state, { otherText: text })
      }
      default:
        return unchanged(state)
    }
  }

  switch (input.kind) {
    case 'up':
      return state.cursor === 0 ? unchanged(state) : view(state, { cursor: state.cursor - 1 })
    case 'down':
      return state.cursor === otherRow
        ? unchanged(state)
        : view(state, { cursor: state.cursor + 1 })
    case 'digit': {
      const row = input.digit - 1
      if (row < 0 || row > otherRow) return unchanged(state)
      if (row === otherRow) return view(state, { cursor: row, otherText: previousOther(current) })
      return pick(questions, { ...state, cursor: row }, { kind: 'option', index: row })
    }
    case 'enter':
      return state.cursor === otherRow
        ? view(state, { otherText: previousOther(current) })
        : pick(questions, state, { kind: 'option', index: state.cursor })
    case 'escape':
      return pick(questions, state, { kind: 'skipped' })
    case 'back': {
      const index = state.draft.index - 1
      if (index < 0) return unchanged(state)
      return {
        state: {
          draft: { ...state.draft, index },
          cursor: cursorFor(questions[index], state.draft.picks[index]),
          otherText: null,
        },
        draftChanged: true,
        submit: null,
      }
    }
    default:
      return unchanged(state)
  }
}
