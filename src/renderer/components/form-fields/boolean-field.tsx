import { setBoolean } from '../../../shared/form-state'
import { RevealedText } from '../revealed-text'
import { FieldFrame } from './field-frame'
import { fieldIds, type FieldProps } from './field-props'

/** A boolean field: one checkbox, named by the field's title. */
export function BooleanField({ field, value, error, id, edit }: FieldProps<'boolean'>) {
  const ids = fieldIds(id, {
    description: Boolean(field.description),
    hint: false,
    error: Boolean(error),
  })
  const checked = value?.kind === 'bool' ? value.value : (field.default ?? false)
  return (
    <FieldFrame ids={ids} title={null} required={false} description={undefined} error={error}>
      <label className="option form-check">
        <input
          id={ids.control}
          type="checkbox"
          checked={checked}
          aria-labelledby={ids.title}
          aria-invalid={error ? 'true' : undefined}
          aria-describedby={ids.describedBy}
          onChange={(e) => edit((s, d, f) => setBoolean(s, d, f, e.target.checked))}
        />
        <span className="option-text">
          <span id={ids.title} className="option-label">
            <RevealedText text={field.title} />
          </span>
          {field.description && (
            <span id={ids.description} className="option-description">
              <RevealedText text={field.description} />
            </span>
          )}
        </span>
      </label>
    </FieldFrame>
  )
}
