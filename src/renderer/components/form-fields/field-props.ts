import type { FieldDraft, FormDraft, FormField, FormFieldOf, FormSpec } from '../../../shared'

/** A change to the draft, from the shared form state (`pickOption`, `setText`, …). */
export type FieldEdit = (spec: FormSpec, draft: FormDraft, field: number) => FormDraft

/** What every field component gets: its field, its draft value, its error, and a way to edit. */
export interface FieldProps<T extends FormField['type']> {
  field: FormFieldOf<T>
  value: FieldDraft | null
  /** The message shown at the field after Submit; the control's accessible description then. */
  error: string | undefined
  /** A stable prefix for element ids. */
  id: string
  edit: (change: FieldEdit) => void
  /** Shows each option's number key (a tray that picks with number keys). */
  numbered?: boolean | undefined
}

/** The element ids of one field's parts. */
export interface FieldIds {
  title: string
  control: string
  description: string
  hint: string
  error: string
  /** What describes the control: the error alone while invalid, else description and hint. */
  describedBy: string | undefined
}

/**
 * The ids a field's parts use. While the field is invalid its message is exactly the control's
 * accessible description; otherwise the description and the hint are.
 */
export function fieldIds(
  id: string,
  has: { description: boolean; hint: boolean; error: boolean },
): FieldIds {
  const ids = {
    title: `${id}-title`,
    control: `${id}-control`,
    description: `${id}-description`,
    hint: `${id}-hint`,
    error: `${id}-error`,
  }
  const normal = [has.description && ids.description, has.hint && ids.hint].filter(
    (x): x is string => typeof x === 'string',
  )
  const describedBy = has.error ? ids.error : normal.join(' ') || undefined
  return { ...ids, describedBy }
}
