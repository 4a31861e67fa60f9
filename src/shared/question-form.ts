import type { Question, QuestionDraft } from './ask-user-question'
import { clampUnits } from './form-formats'
import type { FormDraft } from './form-schema'
import { LIMITS } from './limits'

/** One question's pick in a form being filled in (the draft's element type). */
export type QuestionPick = QuestionDraft['picks'][number]

/** A fresh form for these questions: at the first question, nothing picked. */
export function emptyDraft(questions: readonly Question[]): QuestionDraft {
  return { index: 0, picks: questions.map(() => null) }
}

/**
 * The answer a pick stands for: the option's label, the trimmed "Other" text, or null for a
 * question left unanswered (skipped, never visited, or "Other" with no text).
 */
export function pickToAnswer(question: Question, pick: QuestionPick | undefined): string | null {
  if (!pick) return null
  if (pick.kind === 'option') return question.options[pick.index]?.label ?? null
  if (pick.kind === 'other') return pick.text.trim() === '' ? null : pick.text.trim()
  return null
}

/** The UI → runtime `answers` array, ordered exactly like the questions. */
export function draftToAnswers(
  questions: readonly Question[],
  draft: QuestionDraft,
): Array<string | null> {
  return questions.map((q, i) => pickToAnswer(q, draft.picks[i]))
}

/**
 * A question draft in the old shape as the shared form draft the runtime keeps now (a draft saved
 * on disk by an earlier version, the web tray's saves). Its picks are form values already.
 */
export function questionDraftToForm(draft: QuestionDraft): FormDraft {
  return { index: draft.index, values: [...draft.picks] }
}

/**
 * The shared form draft of a question request in the old shape, for the web tray until it moves
 * onto the form state: single choices, "Other" and skips carry over; a multi-select's ticks,
 * which the old shape cannot hold, are left out.
 */
export function formDraftToQuestion(draft: FormDraft): QuestionDraft {
  return {
    index: Math.min(draft.index, 3),
    picks: draft.values.slice(0, 3).map((value): QuestionPick => {
      switch (value?.kind) {
        case 'option':
          return value.index <= 2 ? value : null
        case 'other':
          return { kind: 'other', text: clampUnits(value.text, LIMITS.answerText) }
        case 'skipped':
          return value
        case 'options':
        case 'text':
        case 'bool':
        case undefined:
          return null
      }
    }),
  }
}
