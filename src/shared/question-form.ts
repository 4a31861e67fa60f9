import type { Question, QuestionDraft } from './ask-user-question'

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
