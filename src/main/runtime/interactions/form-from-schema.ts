import type { FormField, FormOption, FormSpec } from '../../../shared/form-schema'
import { LIMITS } from '../../../shared/limits'
import { SECRET_FIELD_REASON, asksForSecret, namesSecret } from './credential-field'

/**
 * The flat schema of an ACP or MCP `elicitation/create` (mode form) read into the FormSpec both
 * UIs render. Bounds, not trust: a schema that is not an object, has more fields or options than
 * Parley shows, or strings longer than its limits is refused whole (the broker answers JSON-RPC
 * invalid params). Within bounds, a property Parley cannot render faithfully — a type it does not
 * know, choices it cannot read, a secret — becomes an `unsupported` field that says why, never a
 * control that misdescribes it. The schema is read at fixed depths (property → items → choice),
 * never recursively. `pattern` is kept as a hint and never run.
 *
 * "Other": a string property whose `_meta._askUserQuestionCustomAnswer.questionId` names a
 * choice or multi-select (Claude Code's ACP adapter, shared with other clients) is that
 * question's answer in the person's own words. It is folded into the question as its "Other",
 * and the text is sent under the companion's key. Codex's adapter instead sends a real "None of
 * the above" option and an optional note field; those are shown as the ordinary fields they are.
 * No other schema gets an "Other": a plain `enum` allows only its values.
 */

export type FormFromSchemaResult = { ok: true; form: FormSpec } | { ok: false; message: string }

type Json = Record<string, unknown>

const isRecord = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const isCount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0

const isFiniteNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value)

const REASONS = {
  notDescribed: 'Parley cannot show this field: it is not described as a field.',
  noType: 'Parley cannot show this field: it does not say what kind of answer it takes.',
  type: (type: unknown) =>
    typeof type === 'string' && type.length <= 40
      ? `Parley cannot show a field of type “${type}”.`
      : 'Parley cannot show a field of this type.',
  choices: 'Parley cannot read the choices of this field.',
  list: 'Parley cannot show this kind of list.',
  impossible: 'This field cannot be filled in: its minimum is above its maximum.',
} as const

/** Reads one schema; the first bound it breaks is kept and refuses the whole form. */
class SchemaReader {
  problem: string | null = null
  /** The form's message names a secret: then every typed field may be where it goes. */
  asksSecret = false

  refuse(message: string): void {
    this.problem ??= message
  }

  /** A string no longer than `max`; undefined when absent or not a string; over it, refused. */
  text(value: unknown, max: number, what: string): string | undefined {
    if (typeof value !== 'string') return undefined
    if (value.length > max) {
      this.refuse(`${what} is longer than ${max} characters.`)
      return undefined
    }
    return value
  }

  /** The choices of `{const, title, description}` entries, or `enum` (with `enumNames`). */
  choices(where: Json, key: string): FormOption[] | null {
    const list = where['oneOf'] ?? where['anyOf'] ?? where['enum']
    if (!Array.isArray(list) || list.length === 0) return null
    if (list.length > LIMITS.formOptions) {
      this.refuse(
        `“${key}” has ${list.length} choices; Parley shows at most ${LIMITS.formOptions}.`,
      )
      return null
    }
    const names = Array.isArray(where['enumNames']) ? where['enumNames'] : []
    const options: FormOption[] = []
    const seen = new Set<string>()
    for (const [i, entry] of list.entries()) {
      const described = isRecord(entry)
      const value = described ? entry['const'] : entry
      if (typeof value !== 'string') return null
      const name = described ? entry['title'] : names.length === list.length ? names[i] : undefined
      const label = this.text(name, LIMITS.optionLabel, `A choice of “${key}”`) ?? value
      const description = described
        ? this.text(entry['description'], LIMITS.optionDescription, `A choice of “${key}”`)
        : undefined
      if (this.text(value, LIMITS.formString, `A choice of “${key}”`) === undefined) return null
      if (label.length > LIMITS.optionLabel) {
        this.refuse(`A choice of “${key}” is longer than ${LIMITS.optionLabel} characters.`)
        return null
      }
      // The same value twice would be two radios that mean one thing.
      if (seen.has(value)) continue
      seen.add(value)
      options.push({
        value,
        label: label === '' ? '(blank)' : label,
        ...(description !== undefined && { description }),
      })
    }
    return options
  }

  field(key: string, property: unknown, required: boolean): FormField {
    const base = { key, title: key, required }
    if (!isRecord(property)) return { type: 'unsupported', ...base, reason: REASONS.notDescribed }
    const title = this.text(property['title'], LIMITS.questionText, `The title of “${key}”`)
    const description = this.text(
      property['description'],
      LIMITS.optionDescription,
      `The description of “${key}”`,
    )
    const described = {
      ...base,
      title: title?.trim() ? title : key,
      ...(description !== undefined && { description }),
    }
    const type = property['type']
    const meta = isRecord(property['_meta']) ? property['_meta'] : {}
    const codex = isRecord(meta['codex']) ? meta['codex'] : {}
    // A string with choices is a choice; a typed answer (free text or a number: a PIN, a CVV, a
    // one-time code) is what can carry a secret. A form whose message asks for one asks it of
    // every typed field, and `writeOnly` is the schema's own word for a value never shown back.
    const freeText =
      type === 'string' && ['enum', 'oneOf', 'anyOf'].every((k) => property[k] === undefined)
    const typed = freeText || type === 'number' || type === 'integer'
    const secret =
      property['format'] === 'password' ||
      property['writeOnly'] === true ||
      codex['isSecret'] === true ||
      (typed &&
        (this.asksSecret ||
          namesSecret(key) ||
          namesSecret(described.title) ||
          (description !== undefined && asksForSecret(description))))
    if (secret) return { type: 'unsupported', ...described, reason: SECRET_FIELD_REASON }

    switch (type) {
      case 'string':
        return freeText
          ? this.textField(described, property)
          : this.choiceField(described, property)
      case 'number':
      case 'integer':
        return this.numberField(described, property, type === 'integer')
      case 'boolean':
        return {
          type: 'boolean',
          ...described,
          ...(typeof property['default'] === 'boolean' && { default: property['default'] }),
        }
      case 'array':
        return this.multiField(described, property)
      case undefined:
        return { type: 'unsupported', ...described, reason: REASONS.noType }
      default:
        return { type: 'unsupported', ...described, reason: REASONS.type(type) }
    }
  }

  private textField(described: Described, property: Json): FormField {
    const { key } = described
    const min = isCount(property['minLength']) ? property['minLength'] : undefined
    // Longer than a form string is never sent anyway: the bound is Parley's.
    const max = isCount(property['maxLength'])
      ? Math.min(property['maxLength'], LIMITS.formString)
      : undefined
    if (min !== undefined && min > (max ?? LIMITS.formString))
      return { type: 'unsupported', ...described, reason: REASONS.impossible }
    const format = property['format']
    const known =
      format === 'email' || format === 'uri' || format === 'date' || format === 'date-time'
    const pattern = this.text(property['pattern'], LIMITS.questionText, `The pattern of “${key}”`)
    const fallback = this.text(property['default'], LIMITS.formString, `The default of “${key}”`)
    return {
      type: 'text',
      ...described,
      ...(min !== undefined && { minLength: min }),
      ...(max !== undefined && { maxLength: max }),
      ...(known && { format }),
      ...(pattern !== undefined && { pattern }),
      ...(fallback !== undefined && { default: fallback }),
    }
  }

  private choiceField(described: Described, property: Json): FormField {
    const options = this.choices(property, described.key)
    if (!options) return { type: 'unsupported', ...described, reason: REASONS.choices }
    const fallback = this.text(
      property['default'],
      LIMITS.formString,
      `The default of “${described.key}”`,
    )
    return {
      type: 'choice',
      ...described,
      options,
      other: false,
      ...(fallback !== undefined && { default: fallback }),
    }
  }

  private numberField(described: Described, property: Json, integer: boolean): FormField {
    const minimum = isFiniteNumber(property['minimum']) ? property['minimum'] : undefined
    const maximum = isFiniteNumber(property['maximum']) ? property['maximum'] : undefined
    if (minimum !== undefined && maximum !== undefined && minimum > maximum)
      return { type: 'unsupported', ...described, reason: REASONS.impossible }
    const fallback = property['default']
    return {
      type: 'number',
      ...described,
      integer,
      ...(minimum !== undefined && { minimum }),
      ...(maximum !== undefined && { maximum }),
      ...(isFiniteNumber(fallback) && { default: fallback }),
    }
  }

  private multiField(described: Described, property: Json): FormField {
    const items = property['items']
    if (!isRecord(items) || (items['type'] !== undefined && items['type'] !== 'string'))
      return { type: 'unsupported', ...described, reason: REASONS.list }
    const options = this.choices(items, described.key)
    if (!options) return { type: 'unsupported', ...described, reason: REASONS.list }
    const minItems = isCount(property['minItems']) ? property['minItems'] : undefined
    const maxItems = isCount(property['maxItems']) ? property['maxItems'] : undefined
    if (minItems !== undefined && maxItems !== undefined && minItems > maxItems)
      return { type: 'unsupported', ...described, reason: REASONS.impossible }
    const fallback = property['default']
    const defaults = Array.isArray(fallback)
      ? fallback.filter((v): v is string => typeof v === 'string' && v.length <= LIMITS.formString)
      : undefined
    if (defaults && defaults.length > LIMITS.formOptions) {
      this.refuse(`The default of “${described.key}” has more than ${LIMITS.formOptions} items.`)
      return { type: 'unsupported', ...described, reason: REASONS.list }
    }
    return {
      type: 'multi',
      ...described,
      options,
      other: false,
      ...(minItems !== undefined && { minItems }),
      ...(maxItems !== undefined && { maxItems }),
      ...(defaults !== undefined && { default: defaults }),
    }
  }
}

type Described = { key: string; title: string; required: boolean; description?: string }

/** The question a property answers in the person's own words, when it is marked as such. */
function companionOf(property: unknown): string | undefined {
  if (!isRecord(property) || !isRecord(property['_meta'])) return undefined
  const marker = property['_meta']['_askUserQuestionCustomAnswer']
  if (!isRecord(marker)) return undefined
  return typeof marker['questionId'] === 'string' ? marker['questionId'] : undefined
}

/** Folds each marked companion text field into its question as that question's "Other". */
function foldCompanions(fields: FormField[], properties: Json): FormField[] {
  const byKey = new Map(fields.map((f) => [f.key, f]))
  const folded = new Map<string, FormField>()
  const absorbed = new Set<string>()
  for (const field of fields) {
    const target = companionOf(properties[field.key])
    if (target === undefined || target === field.key || field.type !== 'text') continue
    const question = folded.get(target) ?? byKey.get(target)
    if (!question || (question.type !== 'choice' && question.type !== 'multi')) continue
    if (question.other) continue
    folded.set(target, {
      ...question,
      other: true,
      otherKey: field.key,
      ...(field.maxLength !== undefined &&
        field.maxLength > 0 && { otherMaxLength: field.maxLength }),
    })
    absorbed.add(field.key)
  }
  return fields.flatMap((f) => (absorbed.has(f.key) ? [] : [folded.get(f.key) ?? f]))
}

/** Reads `elicitation/create` (mode form) parameters into a form, or says why it cannot. */
export function formFromSchema(input: {
  message: unknown
  requestedSchema: unknown
}): FormFromSchemaResult {
  const reader = new SchemaReader()
  const message = reader.text(input.message, LIMITS.formMessage, 'The message') ?? ''
  reader.asksSecret = asksForSecret(message)
  const schema = input.requestedSchema
  if (!isRecord(schema) || schema['type'] !== 'object')
    return { ok: false, message: 'The requested schema must be an object schema (type "object").' }
  const properties = schema['properties'] ?? {}
  if (!isRecord(properties))
    return { ok: false, message: 'The requested schema\'s "properties" must be an object.' }
  const required = schema['required'] ?? []
  if (!Array.isArray(required) || required.length > LIMITS.formFields)
    return {
      ok: false,
      message: `"required" must be a list of at most ${LIMITS.formFields} names.`,
    }
  const entries = Object.entries(properties)
  if (entries.length > LIMITS.formFields)
    return {
      ok: false,
      message: `The form has ${entries.length} fields; Parley shows at most ${LIMITS.formFields}.`,
    }
  const requiredNames = new Set(required.filter((r): r is string => typeof r === 'string'))
  const fields: FormField[] = []
  for (const [key, property] of entries) {
    if (key === '' || key.length > LIMITS.formKey || key === '__proto__') {
      reader.refuse(
        key === '__proto__'
          ? 'A field may not be named "__proto__".'
          : `A field name must be 1 to ${LIMITS.formKey} characters long.`,
      )
      break
    }
    fields.push(reader.field(key, property, requiredNames.has(key)))
  }
  if (reader.problem !== null) return { ok: false, message: reader.problem }
  return { ok: true, form: { message, fields: foldCompanions(fields, properties) } }
}
