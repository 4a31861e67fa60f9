import type { FormFieldOf } from '../../../shared'
import { setText } from '../../../shared/form-state'
import { FieldFrame } from './field-frame'
import { fieldIds, type FieldProps } from './field-props'

/** What each checked format looks like, as a placeholder. */
const EXAMPLE: Record<NonNullable<FormFieldOf<'text'>['format']>, string> = {
  email: 'name@example.com',
  uri: 'https://example.com',
  date: 'YYYY-MM-DD',
  'date-time': 'YYYY-MM-DDTHH:MM:SSZ',
}

/** An answer allowed to be longer than this gets a box that wraps; others a single line. */
const SHORT = 200

/** A string field: a textbox labelled by its title; its pattern shown as a hint, never run. */
export function TextField({ field, value, error, id, edit }: FieldProps<'text'>) {
  const ids = fieldIds(id, {
    description: Boolean(field.description),
    hint: field.pattern !== undefined,
    error: Boolean(error),
  })
  const text = value?.kind === 'text' ? value.text : ''
  const common = {
    id: ids.control,
    className: 'form-input',
    value: text,
    'aria-invalid': error ? ('true' as const) : undefined,
    'aria-describedby': ids.describedBy,
    'aria-required': field.required || undefined,
    onChange: (e: { target: { value: string } }) =>
      edit((s, d, f) => setText(s, d, f, e.target.value)),
  }
  const short = field.format !== undefined || (field.maxLength ?? 0) <= SHORT
  return (
    <FieldFrame
      ids={ids}
      title={field.title}
      titleFor={ids.control}
      required={field.required}
      description={field.description}
      hint={
        field.pattern !== undefined && (
          <>
            Expected pattern (not checked by Parley): <code>{field.pattern}</code>
          </>
        )
      }
      error={error}
    >
      {short ? (
        <input
          {...common}
          type="text"
          autoComplete="off"
          spellCheck={field.format === undefined}
          placeholder={field.format ? EXAMPLE[field.format] : undefined}
        />
      ) : (
        <textarea {...common} rows={2} />
      )}
    </FieldFrame>
  )
}
