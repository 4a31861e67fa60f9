import { FieldFrame } from './field-frame'
import { fieldIds, type FieldProps } from './field-props'

/**
 * A field Parley will not render as a control (a secret, a type it does not know): its title and
 * the reason, in a group so it is announced; never an input that would misdescribe it.
 */
export function UnsupportedField({ field, error, id }: FieldProps<'unsupported'>) {
  const ids = fieldIds(id, { description: false, hint: false, error: Boolean(error) })
  return (
    <FieldFrame
      ids={ids}
      title={field.title}
      required={field.required}
      description={field.description}
      error={error}
    >
      <div
        role="group"
        tabIndex={-1}
        className="form-unsupported"
        aria-labelledby={ids.title}
        aria-describedby={error ? ids.error : `${ids.control}-reason`}
        aria-invalid={error ? 'true' : undefined}
      >
        {/* While invalid, the error says the reason and what it means for the form. */}
        {!error && (
          <p id={`${ids.control}-reason`} className="form-unsupported-reason">
            Not shown: {field.reason}
          </p>
        )}
      </div>
    </FieldFrame>
  )
}
