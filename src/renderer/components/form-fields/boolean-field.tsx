import { setBoolean } from '../../../shared/form-state'
import { TrayText } from '../tray-text'
import { FieldFrame } from './field-frame'
import { fieldIds, type FieldProps } from './field-props'

/**
 * A boolean field: one checkbox, named by the field's title, on a plain row like every other
 * field (no bordered chip). With a description, the row reads as that description (the human
 * text) under the title, as the other fields put it; the checkbox keeps the title as its name.
 */
export function BooleanField({ field, value, error, id, edit }: FieldProps<'boolean'>) {
  const ids = fieldIds(id, {
    description: Boolean(field.description),
    hint: false,
    error: Boolean(error),
  })
  const checked = value?.kind === 'bool' ? value.value : (field.default ?? false)
  const described = Boolean(field.description)
  return (
    <FieldFrame
      ids={ids}
      // With a description, the title sits above the row as on every field, the row says the rest.
      title={described ? field.title : null}
      required={false}
      description={undefined}
      error={error}
      described={described}
    >
      <label className="form-check">
        <input
          id={ids.control}
          type="checkbox"
          checked={checked}
          aria-labelledby={ids.title}
          aria-invalid={error ? 'true' : undefined}
          aria-describedby={ids.describedBy}
          onChange={(e) => edit((s, d, f) => setBoolean(s, d, f, e.target.checked))}
        />
        {field.description ? (
          <span id={ids.description} className="form-check-text">
            <TrayText text={field.description} />
          </span>
        ) : (
          <span id={ids.title} className="form-check-text">
            <TrayText text={field.title} />
          </span>
        )}
      </label>
    </FieldFrame>
  )
}
