import {
  codePointLength,
  isDate,
  isDateTime,
  isEmail,
  isUri,
  parseNumberText,
} from './form-formats'
import type {
  FieldDraft,
  FormDraft,
  FormField,
  FormFieldOf,
  FormSpec,
  FormValue,
} from './form-schema'
import { questionsToForm, type PresetQuestion } from './form-state'
import { LIMITS } from './limits'

/**
 * What a draft amounts to: the accept content a form sends (checked against the form's own
 * rules first, every problem said in plain words at its field), AskUserQuestion's answers, and
 * the rows of the review step. Pure, shared by both UIs; the runtime can run `contentErrors` on
 * what a UI sends before it goes to the peer.
 */

/** Problems by field key (or content key), one plain sentence each. */
export type FieldErrors = Record<string, string>

/** An accept response's content. */
export type FormContent = Record<string, FormValue>

export type FormContentResult =
  { ok: true; content: FormContent } | { ok: false; errors: FieldErrors }

/** The messages the person reads at a field. */
export const FORM_MESSAGES = {
  requiredText: 'Required: type an answer.',
  requiredNumber: 'Required: enter a number.',
  requiredChoice: 'Required: choose one.',
  requiredMulti: 'Required: choose at least one.',
  requiredBoolean: 'Required: answer yes or no.',
  otherEmpty: 'Type your answer for “Other”, or choose an option.',
  number: 'Enter a number, like 42 or 3.5.',
  integer: 'Enter a whole number, like 42.',
  minimum: (n: number) => `Must be at least ${n}.`,
  maximum: (n: number) => `Must be at most ${n}.`,
  minLength: (n: number, now: number) =>
    `Too short: at least ${n} character${n === 1 ? '' : 's'} (now ${now}).`,
  maxLength: (n: number, now: number) =>
    `Too long: at most ${n} character${n === 1 ? '' : 's'} (now ${now}).`,
  minItems: (n: number) => `Choose at least ${n}.`,
  maxItems: (n: number) => `Choose at most ${n}.`,
  email: 'Enter an email address, like name@example.com.',
  uri: 'Enter a full address with its scheme, like https://example.com.',
  date: 'Enter a date as YYYY-MM-DD, like 2025-01-31.',
  dateTime: 'Enter a date and time as YYYY-MM-DDTHH:MM:SS with a zone, like 2025-01-31T14:30:00Z.',
  notAnOption: 'Choose one of the options.',
  unknownKey: 'This form has no such field.',
  notSent: 'This field cannot be answered in Parley, so nothing may be sent for it.',
  blocked: (reason: string) =>
    `${reason} It is required, so this form can only be declined or cancelled.`,
  tooBig: `Too long: the whole answer must stay under ${LIMITS.formResponseBytes / 1000} KB. Shorten this.`,
} as const

/** Whether the form can be accepted at all: no required field Parley cannot show. */
export function canAccept(spec: FormSpec): boolean {
  return !spec.fields.some((f) => f.type === 'unsupported' && f.required)
}

function requiredMessage(field: FormField): string {
  switch (field.type) {
    case 'text':
      return FORM_MESSAGES.requiredText
    case 'number':
      return FORM_MESSAGES.requiredNumber
    case 'boolean':
      return FORM_MESSAGES.requiredBoolean
    case 'choice':
      return FORM_MESSAGES.requiredChoice
    case 'multi':
      return FORM_MESSAGES.requiredMulti
    case 'unsupported':
      return FORM_MESSAGES.blocked(field.reason)
  }
}

/** The content entries one field's draft value stands for, or why it cannot be sent. */
type Entries = { entries: Array<[string, FormValue]> } | { error: string }

const none = (field: FormField): Entries =>
  field.required ? { error: requiredMessage(field) } : { entries: [] }

function fieldEntries(field: FormField, value: FieldDraft | null): Entries {
  if (value?.kind === 'skipped') return none(field)
  switch (field.type) {
    case 'unsupported':
      return none(field)
    case 'text': {
      const text = value?.kind === 'text' ? value.text : ''
      return text.trim() === '' ? none(field) : { entries: [[field.key, text]] }
    }
    case 'number': {
      const text = value?.kind === 'text' ? value.text.trim() : ''
      if (text === '') return none(field)
      const number = parseNumberText(text)
      if (number === null)
        return { error: field.integer ? FORM_MESSAGES.integer : FORM_MESSAGES.number }
      return { entries: [[field.key, number]] }
    }
    case 'boolean':
      if (value?.kind === 'bool') return { entries: [[field.key, value.value]] }
      // An untouched checkbox shows as unticked, so a required one is sent as what it shows.
      return field.required ? { entries: [[field.key, false]] } : { entries: [] }
    case 'choice': {
      if (value?.kind === 'option') {
        const option = field.options[value.index]
        return option ? { entries: [[field.key, option.value]] } : none(field)
      }
      if (value?.kind === 'other') {
        const text = value.text.trim()
        if (text === '') return field.required ? { error: FORM_MESSAGES.otherEmpty } : none(field)
        return { entries: [[field.otherKey ?? field.key, text]] }
      }
      return none(field)
    }
    case 'multi': {
      if (value?.kind !== 'options') return none(field)
      const chosen = value.indexes.flatMap((i) => field.options[i]?.value ?? [])
      const other = value.other?.trim() ?? ''
      if (chosen.length === 0 && other === '')
        return value.other !== null && field.required
          ? { error: FORM_MESSAGES.otherEmpty }
          : none(field)
      if (field.otherKey !== undefined) {
        const entries: Array<[string, FormValue]> = []
        if (chosen.length > 0) entries.push([field.key, chosen])
        if (other !== '') entries.push([field.otherKey, other])
        return { entries }
      }
      const list = other === '' || chosen.includes(other) ? chosen : [...chosen, other]
      return { entries: [[field.key, list]] }
    }
  }
}

function textErrors(field: FormFieldOf<'text'>, value: FormValue): string | null {
  if (typeof value !== 'string') return FORM_MESSAGES.requiredText
  const length = codePointLength(value)
  if (field.minLength !== undefined && length < field.minLength)
    return FORM_MESSAGES.minLength(field.minLength, length)
  if (field.maxLength !== undefined && length > field.maxLength)
    return FORM_MESSAGES.maxLength(field.maxLength, length)
  switch (field.format) {
    case undefined:
      return null
    case 'email':
      return isEmail(value) ? null : FORM_MESSAGES.email
    case 'uri':
      return isUri(value) ? null : FORM_MESSAGES.uri
    case 'date':
      return isDate(value) ? null : FORM_MESSAGES.date
    case 'date-time':
      return isDateTime(value) ? null : FORM_MESSAGES.dateTime
  }
}

function numberErrors(field: FormFieldOf<'number'>, value: FormValue): string | null {
  if (typeof value !== 'number' || !Number.isFinite(value)) return FORM_MESSAGES.number
  if (field.integer && !Number.isInteger(value)) return FORM_MESSAGES.integer
  if (field.minimum !== undefined && value < field.minimum)
    return FORM_MESSAGES.minimum(field.minimum)
  if (field.maximum !== undefined && value > field.maximum)
    return FORM_MESSAGES.maximum(field.maximum)
  return null
}

/** An answer in the person's own words, where the field takes one. */
function otherTextErrors(field: FormFieldOf<'choice' | 'multi'>, value: FormValue): string | null {
  if (typeof value !== 'string' || value.trim() === '') return FORM_MESSAGES.otherEmpty
  const limit = field.otherMaxLength ?? LIMITS.formString
  const length = codePointLength(value)
  return length > limit ? FORM_MESSAGES.maxLength(limit, length) : null
}

function choiceErrors(field: FormFieldOf<'choice'>, value: FormValue): string | null {
  if (typeof value !== 'string') return FORM_MESSAGES.notAnOption
  if (field.options.some((o) => o.value === value)) return null
  // Only AskUserQuestion's own "Other" is sent in the choice's place.
  return field.other && field.otherKey === undefined
    ? otherTextErrors(field, value)
    : FORM_MESSAGES.notAnOption
}

function multiErrors(field: FormFieldOf<'multi'>, value: FormValue): string | null {
  if (!Array.isArray(value)) return FORM_MESSAGES.notAnOption
  const known = new Set(field.options.map((o) => o.value))
  const extra = value.filter((v) => !known.has(v))
  if (new Set(value).size !== value.length) return FORM_MESSAGES.notAnOption
  if (extra.length > 0) {
    const ownWords = field.other && field.otherKey === undefined && extra.length === 1
    const error = ownWords ? otherTextErrors(field, extra[0] ?? '') : FORM_MESSAGES.notAnOption
    if (error) return error
  }
  if (field.minItems !== undefined && value.length < field.minItems)
    return FORM_MESSAGES.minItems(field.minItems)
  if (field.maxItems !== undefined && value.length > field.maxItems)
    return FORM_MESSAGES.maxItems(field.maxItems)
  return null
}

/** What is wrong with `value` sent for `field`, or null. */
function valueErrors(field: FormField, value: FormValue): string | null {
  switch (field.type) {
    case 'text':
      return textErrors(field, value)
    case 'number':
      return numberErrors(field, value)
    case 'boolean':
      return typeof value === 'boolean' ? null : FORM_MESSAGES.requiredBoolean
    case 'choice':
      return choiceErrors(field, value)
    case 'multi':
      return multiErrors(field, value)
    case 'unsupported':
      return FORM_MESSAGES.notSent
  }
}

/** UTF-8 bytes of the accept response as it goes on the wire. */
function responseBytes(content: FormContent): number {
  return new TextEncoder().encode(JSON.stringify({ action: 'accept', content })).length
}

/**
 * Every way `content` breaks the form's own rules, by key: a key the form does not have, a
 * required field missing, a value of the wrong type, out of its bounds or not one of its options,
 * a format not met, a field Parley cannot show, and a response over the size bound. Empty when
 * the content may be sent. The runtime can check what a UI sends with it.
 */
export function contentErrors(spec: FormSpec, content: FormContent): FieldErrors {
  const errors: FieldErrors = {}
  const keys = new Set(
    spec.fields.flatMap((f) => [f.key, ...('otherKey' in f ? [f.otherKey] : [])]),
  )
  for (const key of Object.keys(content)) if (!keys.has(key)) errors[key] = FORM_MESSAGES.unknownKey
  for (const field of spec.fields) {
    const value = Object.hasOwn(content, field.key) ? content[field.key] : undefined
    const otherKey = 'otherKey' in field ? field.otherKey : undefined
    const other =
      otherKey !== undefined && Object.hasOwn(content, otherKey) ? content[otherKey] : undefined
    let error: string | null = null
    if (field.type === 'unsupported' && field.required) error = requiredMessage(field)
    else if (value === undefined && other === undefined)
      error = field.required ? requiredMessage(field) : null
    else if (value !== undefined) error = valueErrors(field, value)
    if (!error && other !== undefined && (field.type === 'choice' || field.type === 'multi'))
      error = otherTextErrors(field, other)
    if (error) errors[field.key] = error
  }
  if (Object.keys(errors).length === 0 && responseBytes(content) > LIMITS.formResponseBytes) {
    errors[largestKey(spec, content)] = FORM_MESSAGES.tooBig
  }
  return errors
}

/** The field whose answer takes the most room: the one to shorten when the whole is too big. */
function largestKey(spec: FormSpec, content: FormContent): string {
  let best = { key: spec.fields[0]?.key ?? '', size: -1 }
  for (const field of spec.fields) {
    const otherKey = 'otherKey' in field ? field.otherKey : undefined
    const size = [field.key, otherKey].reduce(
      (sum, key) =>
        key !== undefined && Object.hasOwn(content, key)
          ? sum + JSON.stringify(content[key]).length
          : sum,
      0,
    )
    if (size > best.size) best = { key: field.key, size }
  }
  return best.key
}

/**
 * The accept content the draft stands for, or every problem with it, by field key, in plain
 * words: required fields, lengths in characters, formats, numbers as typed and their bounds,
 * item counts, an empty "Other" for a required field, a required field Parley cannot show, and
 * the size bound of the whole response. Choices send their option's `value`, "Other" its text.
 */
export function formContent(spec: FormSpec, draft: FormDraft): FormContentResult {
  const errors: FieldErrors = {}
  const entries: Array<[string, FormValue]> = []
  spec.fields.forEach((field, i) => {
    const result = fieldEntries(field, draft.values[i] ?? null)
    if ('error' in result) errors[field.key] = result.error
    else entries.push(...result.entries)
  })
  // defineProperty semantics: a key is always an own property, whatever its name.
  const content: FormContent = Object.fromEntries(entries)
  const checked = contentErrors(spec, content)
  // A problem seen in the draft ("Enter a number") says more than the content's ("Required").
  const all = { ...checked, ...errors }
  return Object.keys(all).length === 0 ? { ok: true, content } : { ok: false, errors: all }
}

/** The problems `formContent` would report, by field key; empty when the form can be sent. */
export function draftErrors(spec: FormSpec, draft: FormDraft): FieldErrors {
  const result = formContent(spec, draft)
  return result.ok ? {} : result.errors
}

/**
 * AskUserQuestion's answers, ordered like the questions: the option's label, the "Other" text
 * (trimmed), a list of labels (and the "Other" text last) for a multi-select question, or null
 * when a question was left unanswered.
 */
export function questionAnswers(
  questions: readonly PresetQuestion[],
  draft: FormDraft,
): Array<string | string[] | null> {
  const spec = questionsToForm(questions)
  return spec.fields.map((field, i) => {
    const result = fieldEntries(field, draft.values[i] ?? null)
    const value = 'entries' in result ? result.entries[0]?.[1] : undefined
    if (typeof value === 'string') return value
    if (Array.isArray(value)) return value
    return null
  })
}

/** One line of the review step, or of a summary of the answers. */
export interface ReviewRow {
  /** The field's position, which is also its part for AskUserQuestion (for Edit / step chips). */
  field: number
  title: string
  /** The answer in words, or null when it is unanswered. */
  answer: string | null
}

/** A field's answer in words: an option's label, the "Other" text, "Yes"/"No", what was typed. */
export function answerText(field: FormField, value: FieldDraft | null): string | null {
  if (value === null || value.kind === 'skipped') return null
  const typed = (text: string) => (text.trim() === '' ? null : text.trim())
  switch (field.type) {
    case 'unsupported':
      return null
    case 'text':
    case 'number':
      return value.kind === 'text' ? typed(value.text) : null
    case 'boolean':
      return value.kind === 'bool' ? (value.value ? 'Yes' : 'No') : null
    case 'choice':
      if (value.kind === 'option') return field.options[value.index]?.label ?? null
      return value.kind === 'other' ? typed(value.text) : null
    case 'multi': {
      if (value.kind !== 'options') return null
      const labels = value.indexes.flatMap((i) => field.options[i]?.label ?? [])
      const other = value.other === null ? null : typed(value.other)
      const all = other === null ? labels : [...labels, other]
      return all.length === 0 ? null : all.join(', ')
    }
  }
}

/** The review step: each field's title and answer, and how many are unanswered. */
export function reviewRows(
  spec: FormSpec,
  draft: FormDraft,
): { rows: ReviewRow[]; unanswered: number } {
  const rows = spec.fields.map((field, i) => ({
    field: i,
    title: field.title,
    answer: answerText(field, draft.values[i] ?? null),
  }))
  return { rows, unanswered: rows.filter((r) => r.answer === null).length }
}
