import type { Question } from './ask-user-question'
import { clampUnits, parseNumberText } from './form-formats'
import type { FieldDraft, FormDraft, FormField, FormFieldOf, FormSpec } from './form-schema'
import { LIMITS } from './limits'

/**
 * The one state machine both UIs fill a form with, as pure functions over the saveable
 * FormDraft. Every operation returns the same draft object when nothing changes, so a store or a
 * component can skip the save and the render. A form (`layout` absent or `form`) is one part with
 * every field on it, submitted from there; AskUserQuestion (`layout: 'questions'`) is one part
 * per question, then the review step at `index === fields.length`. Picking never moves; only
 * next / previous / goTo / review do.
 *
 * Operations take the field by its position in `spec.fields` and expect a draft that
 * `normalizeDraft` has fitted to the spec; one aimed at a field of another type changes nothing.
 */

/** An AskUserQuestion question as the preset reads it; `multiSelect` asks for a list of labels. */
export type PresetQuestion = Question & { multiSelect?: true | undefined }

/** How many parts the form is shown in (the review step is not counted). */
export function partCount(spec: FormSpec): number {
  return spec.layout === 'questions' ? spec.fields.length : 1
}

/** Whether the form ends with a review step (AskUserQuestion). */
export function hasReview(spec: FormSpec): boolean {
  return spec.layout === 'questions'
}

/** Whether the draft is on the review step. */
export function isReview(spec: FormSpec, draft: FormDraft): boolean {
  return hasReview(spec) && draft.index >= spec.fields.length
}

/** The positions of the fields shown on `part`: all of them for a form, one for a question. */
export function partFields(spec: FormSpec, part: number): number[] {
  if (spec.layout !== 'questions') return spec.fields.map((_, i) => i)
  return part >= 0 && part < spec.fields.length ? [part] : []
}

/** The highest `index` a draft can have: the review step, or the form's single part. */
function lastIndex(spec: FormSpec): number {
  return hasReview(spec) ? spec.fields.length : 0
}

/** The default a field starts with, as a draft value; null when it has none. */
function initialValue(field: FormField): FieldDraft | null {
  switch (field.type) {
    case 'text':
      return field.default === undefined
        ? null
        : { kind: 'text', text: clampUnits(field.default, LIMITS.formString) }
    case 'number':
      return field.default === undefined ? null : { kind: 'text', text: String(field.default) }
    case 'boolean':
      return field.default === undefined ? null : { kind: 'bool', value: field.default }
    case 'choice': {
      const index = field.options.findIndex((o) => o.value === field.default)
      return field.default === undefined || index < 0 ? null : { kind: 'option', index }
    }
    case 'multi': {
      if (!field.default) return null
      const wanted = new Set(field.default)
      const indexes = field.options.flatMap((o, i) => (wanted.has(o.value) ? [i] : []))
      const capped = indexes.slice(0, field.maxItems ?? indexes.length)
      return capped.length === 0 ? null : { kind: 'options', indexes: capped, other: null }
    }
    case 'unsupported':
      return null
  }
}

/** A fresh draft: at the first part, every field at its default. */
export function initialDraft(spec: FormSpec): FormDraft {
  return { index: 0, values: spec.fields.map(initialValue) }
}

/** Whether "Other" text counts as one of a multi-select's items (it is sent in the same list). */
const otherCounts = (field: FormFieldOf<'multi'>) => field.otherKey === undefined

const otherLimit = (field: FormFieldOf<'choice' | 'multi'>) =>
  field.otherMaxLength ?? LIMITS.formString

/** The most "Other" text a field keeps (UTF-16 units); longer text is cut to it. */
export const otherTextLimit = (field: FormFieldOf<'choice' | 'multi'>): number =>
  Math.min(otherLimit(field), LIMITS.formString)

/**
 * "Other" text cut to what the field takes. Cut in UTF-16 units, which never exceed code points,
 * so it fits a peer counting characters and AskUserQuestion's answer schema (zod counts units).
 */
const clampOther = (field: FormFieldOf<'choice' | 'multi'>, text: string) =>
  clampUnits(text, otherTextLimit(field))

/** How many items a multi-select value holds, "Other" included where it is sent in the list. */
function itemCount(field: FormFieldOf<'multi'>, value: FieldDraftOf<'options'>): number {
  return value.indexes.length + (value.other !== null && otherCounts(field) ? 1 : 0)
}

type FieldDraftOf<K extends FieldDraft['kind']> = Extract<FieldDraft, { kind: K }>

function sameIndexes(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i])
}

/** Whether two draft values mean the same. */
function sameValue(a: FieldDraft | null, b: FieldDraft | null): boolean {
  if (a === b) return true
  if (a === null || b === null || a.kind !== b.kind) return false
  switch (a.kind) {
    case 'option':
      return a.index === (b as FieldDraftOf<'option'>).index
    case 'other':
    case 'text':
      return a.text === (b as FieldDraftOf<'other' | 'text'>).text
    case 'skipped':
      return true
    case 'options': {
      const o = b as FieldDraftOf<'options'>
      return a.other === o.other && sameIndexes(a.indexes, o.indexes)
    }
    case 'bool':
      return a.value === (b as FieldDraftOf<'bool'>).value
  }
}

/** A multi-select value fitted to its field: known options once each, in order, within maxItems. */
function fitOptions(field: FormFieldOf<'multi'>, value: FieldDraftOf<'options'>) {
  const known = [...new Set(value.indexes)]
    .filter((i) => Number.isInteger(i) && i >= 0 && i < field.options.length)
    .sort((x, y) => x - y)
  let other = field.other && value.other !== null ? clampOther(field, value.other) : null
  const max = field.maxItems ?? Infinity
  const indexes = known.slice(0, Math.max(0, max - (other !== null && otherCounts(field) ? 1 : 0)))
  if (indexes.length === 0 && other !== null && otherCounts(field) && max < 1) other = null
  const fitted: FieldDraftOf<'options'> = { kind: 'options', indexes, other }
  return sameValue(fitted, value) ? value : fitted
}

/** A saved value fitted to the field it is now for; null when it no longer fits at all. */
function fitValue(field: FormField, value: FieldDraft | null | undefined): FieldDraft | null {
  if (!value) return null
  switch (value.kind) {
    case 'skipped':
      return field.type === 'unsupported' ? null : value
    case 'option':
      return field.type === 'choice' && value.index < field.options.length ? value : null
    case 'other': {
      if (field.type !== 'choice' || !field.other) return null
      const text = clampOther(field, value.text)
      return text === value.text ? value : { kind: 'other', text }
    }
    case 'options':
      return field.type === 'multi' ? fitOptions(field, value) : null
    case 'text': {
      if (field.type !== 'text' && field.type !== 'number') return null
      const text = clampUnits(value.text, LIMITS.formString)
      return text === value.text ? value : { kind: 'text', text }
    }
    case 'bool':
      return field.type === 'boolean' ? value : null
  }
}

/**
 * A draft that fits the spec: one value per field, each valid for its field (a saved draft may be
 * stale, from disk, or for a form that changed), the index within the parts. The same object
 * when it already fits; a fresh draft when there is none.
 */
export function normalizeDraft(spec: FormSpec, saved: FormDraft | null | undefined): FormDraft {
  if (!saved) return initialDraft(spec)
  const values = spec.fields.map((field, i) => fitValue(field, saved.values[i]))
  const index = Math.min(Math.max(saved.index, 0), lastIndex(spec))
  const same =
    index === saved.index &&
    values.length === saved.values.length &&
    values.every((v, i) => v === saved.values[i])
  return same ? saved : { index, values }
}

/** The draft with field `field` set to `value`; the same draft when that changes nothing. */
function withValue(
  spec: FormSpec,
  draft: FormDraft,
  field: number,
  value: FieldDraft | null,
): FormDraft {
  const current = draft.values[field] ?? null
  if (field < 0 || field >= spec.fields.length || sameValue(current, value)) return draft
  const values = spec.fields.map((_, i) => draft.values[i] ?? null)
  values[field] = value
  return { ...draft, values }
}

function fieldOf<T extends FormField['type']>(
  spec: FormSpec,
  field: number,
  type: T,
): FormFieldOf<T> | null {
  const found = spec.fields[field]
  return found?.type === type ? (found as FormFieldOf<T>) : null
}

/** Chooses option `option` of a single-choice field. */
export function pickOption(
  spec: FormSpec,
  draft: FormDraft,
  field: number,
  option: number,
): FormDraft {
  const choice = fieldOf(spec, field, 'choice')
  if (!choice || option < 0 || option >= choice.options.length) return draft
  return withValue(spec, draft, field, { kind: 'option', index: option })
}

const noOptions = (): FieldDraftOf<'options'> => ({ kind: 'options', indexes: [], other: null })

function optionsValue(draft: FormDraft, field: number): FieldDraftOf<'options'> {
  const value = draft.values[field]
  return value?.kind === 'options' ? value : noOptions()
}

/**
 * Ticks or unticks option `option` of a multi-select. Ticking one more than `maxItems` allows
 * changes nothing: the person unticks another first.
 */
export function toggleOption(
  spec: FormSpec,
  draft: FormDraft,
  field: number,
  option: number,
): FormDraft {
  const multi = fieldOf(spec, field, 'multi')
  if (!multi || option < 0 || option >= multi.options.length) return draft
  const value = optionsValue(draft, field)
  if (value.indexes.includes(option)) {
    const indexes = value.indexes.filter((i) => i !== option)
    return withValue(spec, draft, field, { ...value, indexes })
  }
  if (itemCount(multi, value) >= (multi.maxItems ?? Infinity)) return draft
  const indexes = [...value.indexes, option].sort((x, y) => x - y)
  return withValue(spec, draft, field, { ...value, indexes })
}

/**
 * Chooses "Other" (a single choice) or ticks it (a multi-select), keeping text typed before.
 * Changes nothing where the field offers no "Other", or a multi-select is full.
 */
export function chooseOther(spec: FormSpec, draft: FormDraft, field: number): FormDraft {
  const target = spec.fields[field]
  if (target?.type === 'choice' && target.other) {
    if (draft.values[field]?.kind === 'other') return draft
    return withValue(spec, draft, field, { kind: 'other', text: '' })
  }
  if (target?.type === 'multi' && target.other) {
    const value = optionsValue(draft, field)
    if (value.other !== null) return draft
    if (otherCounts(target) && itemCount(target, value) >= (target.maxItems ?? Infinity))
      return draft
    return withValue(spec, draft, field, { ...value, other: '' })
  }
  return draft
}

/** Ticks or unticks a multi-select's "Other" (unticking drops its text). */
export function toggleOther(spec: FormSpec, draft: FormDraft, field: number): FormDraft {
  const multi = fieldOf(spec, field, 'multi')
  if (!multi?.other) return draft
  const value = optionsValue(draft, field)
  if (value.other === null) return chooseOther(spec, draft, field)
  return withValue(spec, draft, field, { ...value, other: null })
}

/** Types "Other" text; it chooses (or ticks) "Other" too. */
export function setOtherText(
  spec: FormSpec,
  draft: FormDraft,
  field: number,
  text: string,
): FormDraft {
  const target = spec.fields[field]
  if (target?.type === 'choice' && target.other)
    return withValue(spec, draft, field, { kind: 'other', text: clampOther(target, text) })
  if (target?.type === 'multi' && target.other) {
    const ticked = chooseOther(spec, draft, field)
    const value = optionsValue(ticked, field)
    if (value.other === null) return draft
    return withValue(spec, ticked, field, { ...value, other: clampOther(target, text) })
  }
  return draft
}

/**
 * Sets a text or number field's text, as typed: a number keeps `-`, `0.`, `1e` or `.5` while it
 * is being written (validation says what is wrong only when the form is sent).
 */
export function setText(spec: FormSpec, draft: FormDraft, field: number, text: string): FormDraft {
  const type = spec.fields[field]?.type
  if (type !== 'text' && type !== 'number') return draft
  return withValue(spec, draft, field, { kind: 'text', text: clampUnits(text, LIMITS.formString) })
}

/**
 * Steps a number field up (`1`) or down (`-1`) by one, from what is typed (else its default,
 * its minimum, or 0), kept within its minimum and maximum.
 */
export function stepNumber(
  spec: FormSpec,
  draft: FormDraft,
  field: number,
  direction: 1 | -1,
): FormDraft {
  const number = fieldOf(spec, field, 'number')
  if (!number) return draft
  const value = draft.values[field]
  const typed = value?.kind === 'text' ? parseNumberText(value.text) : null
  const start = typed ?? number.default ?? number.minimum ?? 0
  let next = typed === null ? start : start + direction
  if (number.integer) next = direction > 0 ? Math.floor(next) : Math.ceil(next)
  if (number.minimum !== undefined) next = Math.max(next, number.minimum)
  if (number.maximum !== undefined) next = Math.min(next, number.maximum)
  // 0.1 + 1 is 1.1, not 1.1000000000000001.
  next = Number(next.toPrecision(12))
  return withValue(spec, draft, field, { kind: 'text', text: String(next) })
}

/** Sets a boolean field. */
export function setBoolean(
  spec: FormSpec,
  draft: FormDraft,
  field: number,
  value: boolean,
): FormDraft {
  if (!fieldOf(spec, field, 'boolean')) return draft
  return withValue(spec, draft, field, { kind: 'bool', value })
}

/** Flips a boolean field (unset counts as its default, else unticked). */
export function toggleBoolean(spec: FormSpec, draft: FormDraft, field: number): FormDraft {
  const boolean = fieldOf(spec, field, 'boolean')
  if (!boolean) return draft
  const value = draft.values[field]
  const now = value?.kind === 'bool' ? value.value : (boolean.default ?? false)
  return setBoolean(spec, draft, field, !now)
}

/** Clears a field's answer (an optional choice un-chosen, a list emptied). */
export function clearField(spec: FormSpec, draft: FormDraft, field: number): FormDraft {
  return withValue(spec, draft, field, null)
}

/**
 * Moves to the next part (AskUserQuestion); a question passed over without an answer is recorded
 * as skipped, so the review can tell "left unanswered" from "not reached".
 */
export function next(spec: FormSpec, draft: FormDraft): FormDraft {
  if (!hasReview(spec) || draft.index >= spec.fields.length) return draft
  const moved = { ...draft, index: draft.index + 1 }
  const current = draft.values[draft.index] ?? null
  if (current !== null || spec.fields[draft.index]?.type === 'unsupported') return moved
  return { ...withValue(spec, draft, draft.index, { kind: 'skipped' }), index: draft.index + 1 }
}

/** Moves back one part. */
export function previous(spec: FormSpec, draft: FormDraft): FormDraft {
  return goTo(spec, draft, draft.index - 1)
}

/** Jumps to a part (a step chip, Edit on a review row); the review is `fields.length`. */
export function goTo(spec: FormSpec, draft: FormDraft, part: number): FormDraft {
  const index = Math.min(Math.max(part, 0), lastIndex(spec))
  return index === draft.index ? draft : { ...draft, index }
}

/** Jumps to the review step (AskUserQuestion); a form has none and stays where it is. */
export function review(spec: FormSpec, draft: FormDraft): FormDraft {
  return hasReview(spec) ? goTo(spec, draft, spec.fields.length) : draft
}

/**
 * Whether the person has put anything in: some field differs from how the form started. Used to
 * ask before Esc throws it away.
 */
export function hasEdits(spec: FormSpec, draft: FormDraft): boolean {
  const start = initialDraft(spec)
  return spec.fields.some((_, i) => {
    const value = draft.values[i] ?? null
    return value !== null && value.kind !== 'skipped' && !sameValue(value, start.values[i] ?? null)
  })
}

/** The preset's property name for question `i`. */
const questionKey = (i: number) => `question_${i}`

/**
 * AskUserQuestion as a form: one part per question, a single choice (or a multi-select with
 * `multiSelect: true`) titled by the question, options by label with their descriptions, the
 * client's "Other" (as long as an answer may be), nothing required (an unanswered question is
 * sent as null), then a review.
 */
export function questionsToForm(questions: readonly PresetQuestion[]): FormSpec {
  return {
    message: '',
    layout: 'questions',
    fields: questions.map((q, i): FormField => {
      const base = {
        key: questionKey(i),
        title: q.question,
        required: false,
        options: q.options.map((o) => ({
          value: o.label,
          label: o.label,
          ...(o.description !== undefined && { description: o.description }),
        })),
        other: true,
        otherMaxLength: LIMITS.answerText,
      }
      return q.multiSelect ? { type: 'multi', ...base } : { type: 'choice', ...base }
    }),
  }
}
