import type { ReactNode } from 'react'
import { TrayText } from '../tray-text'
import type { FieldIds } from './field-props'

/**
 * The parts around a control: its title (the label, unless the control carries the title
 * itself, like a checkbox), "required", its description, a hint, and the error after Submit.
 */
export function FieldFrame({
  ids,
  title,
  titleFor,
  required,
  description,
  hint,
  error,
  described,
  children,
}: {
  ids: FieldIds
  /** Shown above the control; null when the control itself shows the title. */
  title: string | null
  /** The control the title labels (a `<label for>`); absent for a group, labelled by id. */
  titleFor?: string
  required: boolean
  description: string | undefined
  hint?: ReactNode
  error: string | undefined
  /**
   * The field has a description (shown here, or by the control itself): it is the human text, so
   * it is styled as ordinary text beside a title that may be a schema's word ("String").
   */
  described?: boolean
  children: ReactNode
}) {
  const hasDescription = described ?? Boolean(description)
  return (
    <div
      className={`form-field${hasDescription ? ' has-description' : ''}`}
      data-invalid={error ? 'true' : undefined}
    >
      {title !== null && (
        <div className="form-field-head">
          {titleFor ? (
            <label id={ids.title} htmlFor={titleFor} className="form-field-title">
              <TrayText text={title} />
            </label>
          ) : (
            <span id={ids.title} className="form-field-title">
              <TrayText text={title} />
            </span>
          )}
          {required && <span className="form-field-required">Required</span>}
        </div>
      )}
      {description && (
        <p id={ids.description} className="form-field-description">
          <TrayText text={description} />
        </p>
      )}
      {children}
      {hint && (
        <p id={ids.hint} className="form-field-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={ids.error} className="form-field-error">
          {error}
        </p>
      )}
    </div>
  )
}
