import type { KeyboardEvent } from 'react'
import { parseNumberText } from '../../../shared/form-formats'
import { setText, stepNumber } from '../../../shared/form-state'
import { FieldFrame } from './field-frame'
import { fieldIds, type FieldProps } from './field-props'

/** The bounds in words, shown under a number field. */
function boundsText(minimum: number | undefined, maximum: number | undefined, integer: boolean) {
  const kind = integer ? 'A whole number' : 'A number'
  if (minimum !== undefined && maximum !== undefined)
    return `${kind} from ${minimum} to ${maximum}.`
  if (minimum !== undefined) return `${kind}, at least ${minimum}.`
  if (maximum !== undefined) return `${kind}, at most ${maximum}.`
  return integer ? `${kind}.` : null
}

/**
 * A number field: a spinbutton labelled by its title. It is a text input underneath, so what is
 * being typed (`-`, `0.`, `1e`) stays as typed; ↑/↓ step it within its bounds.
 */
export function NumberField({ field, value, error, id, edit }: FieldProps<'number'>) {
  const bounds = boundsText(field.minimum, field.maximum, field.integer)
  const ids = fieldIds(id, {
    description: Boolean(field.description),
    hint: bounds !== null,
    error: Boolean(error),
  })
  const text = value?.kind === 'text' ? value.text : ''
  const now = parseNumberText(text)
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'ArrowUp' && event.key !== 'ArrowDown') return
    event.preventDefault()
    const direction = event.key === 'ArrowUp' ? 1 : -1
    edit((s, d, f) => stepNumber(s, d, f, direction))
  }
  return (
    <FieldFrame
      ids={ids}
      title={field.title}
      titleFor={ids.control}
      required={field.required}
      description={field.description}
      hint={bounds}
      error={error}
    >
      <input
        id={ids.control}
        className="form-input form-number"
        type="text"
        role="spinbutton"
        inputMode={field.integer ? 'numeric' : 'decimal'}
        autoComplete="off"
        spellCheck={false}
        value={text}
        aria-valuenow={now ?? undefined}
        aria-valuemin={field.minimum}
        aria-valuemax={field.maximum}
        aria-invalid={error ? 'true' : undefined}
        aria-describedby={ids.describedBy}
        aria-required={field.required || undefined}
        onKeyDown={onKeyDown}
        onChange={(e) => edit((s, d, f) => setText(s, d, f, e.target.value))}
      />
    </FieldFrame>
  )
}
