import { pickToAnswer, type Question, type QuestionDraft, type QuestionPick } from '../../shared'

/**
 * Navigation of the question tray, as pure functions over the saved QuestionDraft. `draft.index`
 * is the question on screen; `index === questions.length` is the review step before Submit.
 * Selecting never moves; only Next / Previous do.
 */

/** A draft that fits these questions: right length, valid indexes (a saved draft may be stale). */
export function normalizeDraft(
  draft: QuestionDraft | null | undefined,
  questions: readonly Question[],
): QuestionDraft {
  const picks = questions.map((q, i): QuestionPick => {
    const pick = draft?.picks[i] ?? null
    if (pick?.kind === 'option' && pick.index >= q.options.length) return null
    return pick
  })
  const index = Math.min(Math.max(draft?.index ?? 0, 0), questions.length)
  const same =
    draft &&
    draft.index === index &&
    draft.picks.length === picks.length &&
    picks.every((p, i) => p === draft.picks[i])
  return same ? draft : { index, picks }
}

export function isReview(draft: QuestionDraft, count: number): boolean {
  return draft.index >= count
}

function withPick(draft: QuestionDraft, question: number, pick: QuestionPick): QuestionDraft {
  const picks = draft.picks.slice()
  picks[question] = pick
  return { ...draft, picks }
}

/** Chooses option `option` of the question on screen. */
export function pickOption(draft: QuestionDraft, option: number): QuestionDraft {
  const current = draft.picks[draft.index]
  if (current?.kind === 'option' && current.index === option) return draft
  return withPick(draft, draft.index, { kind: 'option', index: option })
}

/** Chooses the client's "Other", keeping text typed earlier. */
export function pickOther(draft: QuestionDraft): QuestionDraft {
  const current = draft.picks[draft.index]
  if (current?.kind === 'other') return draft
  return withPick(draft, draft.index, { kind: 'other', text: '' })
}

export function setOtherText(draft: QuestionDraft, text: string): QuestionDraft {
  return withPick(draft, draft.index, { kind: 'other', text })
}

/** Moves on; a question left without a pick is recorded as skipped (sent as null). */
export function goNext(draft: QuestionDraft, count: number): QuestionDraft {
  if (draft.index >= count) return draft
  const moved = { ...draft, index: draft.index + 1 }
  return draft.picks[draft.index]
    ? moved
    : { ...withPick(draft, draft.index, { kind: 'skipped' }), index: draft.index + 1 }
}

export function goPrevious(draft: QuestionDraft): QuestionDraft {
  return draft.index === 0 ? draft : { ...draft, index: draft.index - 1 }
}

/** Jumps to a question (from the review list). */
export function goTo(draft: QuestionDraft, index: number, count: number): QuestionDraft {
  const target = Math.min(Math.max(index, 0), count)
  return target === draft.index ? draft : { ...draft, index: target }
}

/** What the review step lists: each question with its answer, null when unanswered. */
export function reviewRows(
  questions: readonly Question[],
  draft: QuestionDraft,
): Array<{ question: string; answer: string | null }> {
  return questions.map((q, i) => ({
    question: q.question,
    answer: pickToAnswer(q, draft.picks[i]),
  }))
}

/** How many questions would be sent unanswered as things stand. */
export function unansweredCount(questions: readonly Question[], draft: QuestionDraft): number {
  return questions.filter((q, i) => pickToAnswer(q, draft.picks[i]) === null).length
}

/** What a step chip shows: answered, passed over (sent as unanswered), or not reached yet. */
export function stepState(
  questions: readonly Question[],
  draft: QuestionDraft,
  index: number,
): 'answered' | 'unanswered' | 'not_reached' {
  const question = questions[index]
  const pick = draft.picks[index]
  if (question && pickToAnswer(question, pick) !== null) return 'answered'
  return pick ? 'unanswered' : 'not_reached'
}
