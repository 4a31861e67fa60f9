import { useEffect, useRef } from 'react'
import { LIMITS, type FormOption } from '../../../shared'
import { RevealedText } from '../revealed-text'

/**
 * The rows of a single choice (radios) or a multi-select (checkboxes): each named by its option's
 * label and described by its description, then the client's "Other" with its text box where the
 * field offers it.
 */
export function ChoiceOptions({
  id,
  kind,
  options,
  isChosen,
  onOption,
  other,
  errorId,
}: {
  id: string
  kind: 'radio' | 'checkbox'
  options: readonly FormOption[]
  isChosen: (index: number) => boolean
  onOption: (index: number, checked: boolean) => void
  /** The "Other" row; null when the field has none. */
  other: {
    chosen: boolean
    text: string
    maxLength: number | undefined
    onChoose: (checked: boolean) => void
    onText: (text: string) => void
  } | null
  /**
   * The field's error, while it is invalid: each checkbox then carries it too (a checkbox is
   * where ARIA puts `aria-invalid`; a radio group carries it for its radios).
   */
  errorId?: string | undefined
}) {
  const invalid = kind === 'checkbox' && errorId !== undefined
  const otherRef = useRef<HTMLTextAreaElement>(null)
  // A click on "Other" means "let me type": move into its box once it is there. Arrow keys moving
  // through the radios must not, or they could never move back up.
  const focusOther = useRef(false)
  useEffect(() => {
    if (focusOther.current && otherRef.current) {
      focusOther.current = false
      otherRef.current.focus()
    }
  })
  return (
    <>
      {options.map((option, i) => {
        const rowId = `${id}-option-${i}`
        return (
          <label key={i} className="option" htmlFor={rowId}>
            <input
              id={rowId}
              type={kind}
              name={kind === 'radio' ? id : undefined}
              checked={isChosen(i)}
              onChange={(e) => onOption(i, e.target.checked)}
              aria-labelledby={`${rowId}-label`}
              aria-invalid={invalid ? 'true' : undefined}
              aria-describedby={
                invalid ? errorId : option.description ? `${rowId}-desc` : undefined
              }
            />
            <span className="option-text">
              <span id={`${rowId}-label`} className="option-label">
                <RevealedText text={option.label} />
              </span>
              {option.description && (
                <span id={`${rowId}-desc`} className="option-description">
                  <RevealedText text={option.description} />
                </span>
              )}
            </span>
          </label>
        )
      })}
      {other && (
        <>
          <label
            className="option"
            htmlFor={`${id}-other`}
            onMouseUp={() => {
              if (otherRef.current) otherRef.current.focus()
              else focusOther.current = true
            }}
          >
            <input
              id={`${id}-other`}
              type={kind}
              name={kind === 'radio' ? id : undefined}
              checked={other.chosen}
              onChange={(e) => other.onChoose(e.target.checked)}
              aria-labelledby={`${id}-other-label`}
              aria-invalid={invalid ? 'true' : undefined}
              aria-describedby={invalid ? errorId : undefined}
            />
            <span className="option-text">
              <span id={`${id}-other-label`} className="option-label">
                Other
              </span>
              {!other.chosen && <span className="option-description">Type your own answer</span>}
            </span>
          </label>
          {other.chosen && (
            <textarea
              ref={otherRef}
              className="other-answer form-other"
              aria-label="Other answer"
              placeholder="Your answer"
              rows={1}
              maxLength={Math.min(other.maxLength ?? LIMITS.formString, LIMITS.formString)}
              value={other.text}
              onChange={(e) => other.onText(e.target.value)}
            />
          )}
        </>
      )}
    </>
  )
}
