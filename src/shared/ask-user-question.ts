import { z } from 'zod'
import { LIMITS } from './limits'
import { IdSchema } from './ids'

/** One model-supplied option. The client adds "Other" itself; the model never does. */
export const QuestionOptionSchema = z.strictObject({
  label: z.string().trim().min(1).max(LIMITS.optionLabel),
  description: z.string().max(LIMITS.optionDescription).optional(),
})
export type QuestionOption = z.infer<typeof QuestionOptionSchema>

/** Option labels of a question as given, valid or not (refinements below run on bad input too). */
function labelsOf(question: unknown): string[] {
  if (typeof question !== 'object' || question === null) return []
  const options = (question as { options?: unknown }).options
  if (!Array.isArray(options)) return []
  return options.flatMap((option: unknown) => {
    const label =
      typeof option === 'object' && option !== null
        ? (option as { label?: unknown }).label
        : undefined
    return typeof label === 'string' ? [label.trim()] : []
  })
}

/**
 * Checks that run even when the question has other problems, so a model gets every problem of its
 * input in one answer instead of one more per round trip.
 */
const always = { path: ['options'], when: () => true }

export const QuestionSchema = z
  .strictObject({
    question: z.string().trim().min(1).max(LIMITS.questionText),
    /** A short label for the question (a tab's name: "Language"); the UIs fall back to the question. */
    header: z.string().trim().min(1).max(LIMITS.optionLabel).optional(),
    options: z.array(QuestionOptionSchema).min(2).max(3),
    /** Several options may be chosen (as in Claude Code); the answer is then a list of labels. */
    multiSelect: z.literal(true).optional(),
  })
  .check(
    z.refine((q) => new Set(labelsOf(q)).size === labelsOf(q).length, {
      message: 'option labels must be unique within a question',
      ...always,
    }),
    z.refine((q) => labelsOf(q).every((label) => label.toLowerCase() !== 'other'), {
      message: 'do not supply an "Other" option: the client adds it',
      ...always,
    }),
  )
export type Question = z.infer<typeof QuestionSchema>

/** Pinned AskUserQuestion tool input: 1–3 questions, 2–3 options each. */
export const AskUserQuestionInputSchema = z.strictObject({
  questions: z.array(QuestionSchema).min(1).max(3),
})
export type AskUserQuestionInput = z.infer<typeof AskUserQuestionInputSchema>

/** One answer from the UI: an option label, the "Other" text, or null (left unanswered). */
export const AnswerSchema = z.string().trim().min(1).max(LIMITS.answerText).nullable()

/** A multi-select question's answer: the chosen labels, plus at most one "Other" text. */
export const MultiAnswerSchema = z
  .array(z.string().trim().min(1).max(LIMITS.answerText))
  .min(1)
  .max(4)

/** UI → runtime. `answers` is ordered exactly like the questions. */
export const QuestionResponseSchema = z.strictObject({
  requestId: IdSchema,
  answers: z
    .array(z.union([AnswerSchema, MultiAnswerSchema]))
    .min(1)
    .max(3),
})
export type QuestionResponse = z.infer<typeof QuestionResponseSchema>

/** Pinned tool result, persisted once as the tool result. */
export const AskUserQuestionResultSchema = z.strictObject({
  answers: z.array(
    z.strictObject({
      question: z.string(),
      /** The label, the "Other" text, the labels of a multi-select question, or null. */
      answer: z.union([z.string(), z.array(z.string())]).nullable(),
    }),
  ),
})
export type AskUserQuestionResult = z.infer<typeof AskUserQuestionResultSchema>

/**
 * A half-answered question form, saved while the person works through it so a reload or a
 * restart brings it back at the same place. Not the answer: it is never written to the log.
 */
export const QuestionDraftSchema = z.strictObject({
  index: z.number().int().min(0).max(3),
  /** Per question: an option index, "other", "skipped", or null (not visited yet). */
  picks: z
    .array(
      z.union([
        z.strictObject({ kind: z.literal('option'), index: z.number().int().min(0).max(2) }),
        z.strictObject({ kind: z.literal('other'), text: z.string().max(LIMITS.answerText) }),
        z.strictObject({ kind: z.literal('skipped') }),
        z.null(),
      ]),
    )
    .max(3),
})
export type QuestionDraft = z.infer<typeof QuestionDraftSchema>
