import type { JSX } from 'react'
import type { FieldDraft, FormField } from '../../../shared'
import { BooleanField } from './boolean-field'
import { ChoiceField } from './choice-field'
import type { FieldEdit } from './field-props'
import { MultiField } from './multi-field'
import { NumberField } from './number-field'
import { TextField } from './text-field'
import { UnsupportedField } from './unsupported-field'

/** One field of a form, by its type. */
export function FormFieldView({
  field,
  value,
  error,
  id,
  edit,
  numbered,
}: {
  field: FormField
  value: FieldDraft | null
  error: string | undefined
  id: string
  edit: (change: FieldEdit) => void
  /** Shows the options' number keys (the question tray). */
  numbered?: boolean
}): JSX.Element {
  // Typed return: a field type without a case here fails to compile.
  const common = { value, error, id, edit, numbered }
  switch (field.type) {
    case 'text':
      return <TextField field={field} {...common} />
    case 'number':
      return <NumberField field={field} {...common} />
    case 'boolean':
      return <BooleanField field={field} {...common} />
    case 'choice':
      return <ChoiceField field={field} {...common} />
    case 'multi':
      return <MultiField field={field} {...common} />
    case 'unsupported':
      return <UnsupportedField field={field} {...common} />
  }
}
