import { useId, type ReactNode } from 'react'

/** What a field's control gets: its id, its description (hint and error), and whether it is invalid. */
export type FieldControl = {
  id: string
  'aria-describedby'?: string
  'aria-invalid'?: true
}

/**
 * A labelled control with an optional hint and an optional error, both read as the control's
 * description; an error also marks the control invalid and is shown right under it.
 */
export function Field({
  label,
  hint,
  error,
  children,
}: {
  label: ReactNode
  hint?: ReactNode
  error?: string | undefined
  children: (control: FieldControl) => ReactNode
}) {
  const id = useId()
  const hintId = useId()
  const errorId = useId()
  const described = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ')
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      {children({
        id,
        ...(described ? { 'aria-describedby': described } : {}),
        ...(error ? { 'aria-invalid': true as const } : {}),
      })}
      {error && (
        <span className="field-error" id={errorId}>
          {error}
        </span>
      )}
      {hint && (
        <div className="field-hint" id={hintId}>
          {hint}
        </div>
      )}
    </div>
  )
}

/**
 * A checkbox with its label and a hint under it, read as the checkbox's description. `onChange`
 * gets the new state; the caller decides whether it holds.
 */
export function CheckField({
  label,
  hint,
  checked,
  onChange,
}: {
  label: ReactNode
  hint: ReactNode
  checked: boolean
  onChange: (checked: boolean) => void
}) {
  const id = useId()
  const hintId = useId()
  return (
    <>
      <div className="field field-check">
        <input
          id={id}
          type="checkbox"
          aria-describedby={hintId}
          checked={checked}
          onChange={(e) => onChange(e.target.checked)}
        />
        <label htmlFor={id}>{label}</label>
      </div>
      <p className="field-hint" id={hintId}>
        {hint}
      </p>
    </>
  )
}
