import { z } from 'zod'
import { LIMITS } from './limits'

/**
 * Forms: the flat schema ACP agents and MCP servers ask with (`elicitation/create`, mode form),
 * normalized by the runtime into fields the UIs render without knowing where the form came from.
 * AskUserQuestion is a preset of the same model (one single- or multi-choice field per question,
 * shown a question at a time, with the client's "Other"). Everything here is bounded: a form the
 * runtime cannot fit in these bounds is refused before it reaches a UI.
 */

const key = z.string().min(1).max(LIMITS.formKey)
const title = z.string().max(LIMITS.questionText)
const description = z.string().max(LIMITS.optionDescription).optional()

/** One choice of a single- or multi-choice field. `value` is what is sent; `label` is shown. */
export const FormOptionSchema = z.strictObject({
  value: z.string().max(LIMITS.formString),
  label: z.string().max(LIMITS.optionLabel),
  description,
})
export type FormOption = z.infer<typeof FormOptionSchema>

const FieldBase = {
  /** Property name in the schema; the key of the value in the response content. */
  key,
  /** The schema's `title`, else the property name: the control's accessible name. */
  title,
  description,
  required: z.boolean(),
}

/** Where a choice field's "Other" text goes, and how long it may be. */
const OtherShape = {
  /**
   * The schema's own property for an answer in the person's words (a companion field marked
   * `_meta._askUserQuestionCustomAnswer.questionId`, as Claude Code's ACP adapter sends): "Other"
   * text is sent under this key and the choice itself is left out. Absent: the text is the field's
   * own answer (AskUserQuestion's client-owned "Other").
   */
  otherKey: key.optional(),
  /** At most this many characters of "Other" text (cut in UTF-16 units, the stricter count). */
  otherMaxLength: z.number().int().min(1).max(LIMITS.formString).optional(),
}

export const TextFieldSchema = z.strictObject({
  type: z.literal('text'),
  ...FieldBase,
  minLength: z.number().int().min(0).optional(),
  maxLength: z.number().int().min(0).max(LIMITS.formString).optional(),
  format: z.enum(['email', 'uri', 'date', 'date-time']).optional(),
  /** Shown as a hint, never executed (a model-supplied regex is never run). */
  pattern: z.string().max(LIMITS.questionText).optional(),
  default: z.string().max(LIMITS.formString).optional(),
})

export const NumberFieldSchema = z.strictObject({
  type: z.literal('number'),
  ...FieldBase,
  integer: z.boolean(),
  minimum: z.number().optional(),
  maximum: z.number().optional(),
  default: z.number().optional(),
})

export const BooleanFieldSchema = z.strictObject({
  type: z.literal('boolean'),
  ...FieldBase,
  default: z.boolean().optional(),
})

/** Single choice: `enum`, or `oneOf` of `{const, title}`; AskUserQuestion's questions. */
export const ChoiceFieldSchema = z.strictObject({
  type: z.literal('choice'),
  ...FieldBase,
  options: z.array(FormOptionSchema).min(1).max(LIMITS.formOptions),
  /** The client's "Other" with free text (AskUserQuestion always; a schema when it allows it). */
  other: z.boolean(),
  ...OtherShape,
  default: z.string().max(LIMITS.formString).optional(),
})

/** Multi-select: an array of `enum` / `anyOf` items; AskUserQuestion with `multiSelect: true`. */
export const MultiFieldSchema = z.strictObject({
  type: z.literal('multi'),
  ...FieldBase,
  options: z.array(FormOptionSchema).min(1).max(LIMITS.formOptions),
  other: z.boolean(),
  ...OtherShape,
  minItems: z.number().int().min(0).optional(),
  maxItems: z.number().int().min(0).optional(),
  default: z.array(z.string().max(LIMITS.formString)).max(LIMITS.formOptions).optional(),
})

/**
 * A property Parley will not render as a control: a type it does not understand, or a
 * credential-like field (form mode must not carry secrets). Shown with `reason`; a form that has a
 * required one can only be declined or cancelled.
 */
export const UnsupportedFieldSchema = z.strictObject({
  type: z.literal('unsupported'),
  ...FieldBase,
  reason: z.string().max(LIMITS.questionText),
})

export const FormFieldSchema = z.discriminatedUnion('type', [
  TextFieldSchema,
  NumberFieldSchema,
  BooleanFieldSchema,
  ChoiceFieldSchema,
  MultiFieldSchema,
  UnsupportedFieldSchema,
])
export type FormField = z.infer<typeof FormFieldSchema>
export type FormFieldOf<T extends FormField['type']> = Extract<FormField, { type: T }>

/** A form as the UIs receive it: the asker's message and its fields, in schema order. */
export const FormSpecSchema = z.strictObject({
  message: z.string().max(LIMITS.formMessage),
  fields: z.array(FormFieldSchema).max(LIMITS.formFields),
  /**
   * How it is shown: `form` (or absent) puts every field on one part, submitted from there;
   * `questions` shows one field per part, then a review step (AskUserQuestion).
   */
  layout: z.enum(['form', 'questions']).optional(),
})
export type FormSpec = z.infer<typeof FormSpecSchema>

/** One field's value while the form is being filled in (the draft). */
export const FieldDraftSchema = z.union([
  /** A choice field's option, by index. */
  z.strictObject({ kind: z.literal('option'), index: z.number().int().min(0) }),
  /** A choice field's "Other", with its text (possibly still empty). */
  z.strictObject({ kind: z.literal('other'), text: z.string().max(LIMITS.formString) }),
  /** Passed over on purpose (Next without a pick): sent as unanswered. */
  z.strictObject({ kind: z.literal('skipped') }),
  /** A multi-select: the chosen option indexes and, when "Other" is ticked, its text. */
  z.strictObject({
    kind: z.literal('options'),
    indexes: z.array(z.number().int().min(0)).max(LIMITS.formOptions),
    other: z.string().max(LIMITS.formString).nullable(),
  }),
  /** A text or number field's raw text (numbers keep `-`, `0.`, `1e` while being typed). */
  z.strictObject({ kind: z.literal('text'), text: z.string().max(LIMITS.formString) }),
  z.strictObject({ kind: z.literal('bool'), value: z.boolean() }),
])
export type FieldDraft = z.infer<typeof FieldDraftSchema>

/**
 * A half-filled form, saved while the person works through it so a reload or a restart brings it
 * back at the same place. Never the answer, and never written to the session log.
 */
export const FormDraftSchema = z.strictObject({
  /** The part on screen (a question of AskUserQuestion); `>= parts` is the review step. */
  index: z.number().int().min(0).max(LIMITS.formFields),
  /** Per field, in field order; null = not touched yet. */
  values: z.array(FieldDraftSchema.nullable()).max(LIMITS.formFields),
})
export type FormDraft = z.infer<typeof FormDraftSchema>

/** A value in an accepted form's content, as ACP and MCP define it. */
export const FormValueSchema = z.union([
  z.string().max(LIMITS.formString),
  z.number(),
  z.boolean(),
  z.array(z.string().max(LIMITS.formString)).max(LIMITS.formOptions + 1),
])
export type FormValue = z.infer<typeof FormValueSchema>

/** UI → runtime: the person's outcome for a form. Decline and cancel are always possible. */
export const FormResponseSchema = z.discriminatedUnion('action', [
  z.strictObject({
    action: z.literal('accept'),
    content: z.record(key, FormValueSchema),
  }),
  z.strictObject({ action: z.literal('decline') }),
  z.strictObject({ action: z.literal('cancel') }),
])
export type FormResponse = z.infer<typeof FormResponseSchema>
