import type { AskUserQuestionResult } from './ask-user-question'

// Reads AskUserQuestion's result from history apart from its schema: the page's first frame builds
// transcripts and loads no schema library. A test holds it to AskUserQuestionResultSchema.

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const hasOnly = (value: Record<string, unknown>, keys: readonly string[]) =>
  Object.keys(value).every((key) => keys.includes(key))

function isAnswer(value: unknown): boolean {
  if (!isRecord(value) || !hasOnly(value, ['question', 'answer'])) return false
  if (typeof value.question !== 'string' || !('answer' in value)) return false
  const answer = value.answer
  return (
    answer === null ||
    typeof answer === 'string' ||
    (Array.isArray(answer) && answer.every((a) => typeof a === 'string'))
  )
}

/**
 * The answers when `value` is an AskUserQuestion result (accepted exactly as
 * `AskUserQuestionResultSchema` accepts it), else undefined.
 */
export function questionResult(value: unknown): AskUserQuestionResult | undefined {
  if (!isRecord(value) || !hasOnly(value, ['answers']) || !Array.isArray(value.answers)) {
    return undefined
  }
  return value.answers.every(isAnswer) ? (value as AskUserQuestionResult) : undefined
}
