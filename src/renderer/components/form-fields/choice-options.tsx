import { useEffect, useId, useLayoutEffect, useRef } from 'react'
import { LIMITS, type FormOption } from '../../../shared'
import { TrayText } from '../tray-text'

/**
 * The rows of a single choice (radios) or a multi-select (checkboxes): each named by its option's
 * label and described by its description, then the client's "Other" with its text box where the
 * field offers it. The text box grows with its text, like the message box.
 */
export function ChoiceOptions({
  id,
  kind,
  options,
  isChosen,
  onOption,
  other,
  errorId,
  numbered = false,
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
    /** Said under an empty "Other" box (what happens if it stays empty); none when absent. */
    emptyNote?: string | undefined
  } | null
  /**
   * The field's error, while it is invalid: each checkbox then carries it too (a checkbox is
   * where ARIA puts `aria-invalid`; a radio group carries it for its radios).
   */
  errorId?: string | undefined
  /** Shows each row's number key (1, 2, …; "Other" last), for a tray that takes number keys. */
  numbered?: boolean | undefined
}) {
  const invalid = kind === 'checkbox' && errorId !== undefined
  const otherRef = useRef<HTMLTextAreaElement>(null)
  const emptyNoteId = useId()
  // A click on "Other" means "let me type": move into its box once it is there. Arrow keys moving
  // through the radios must not, or they could never move back up.
  const focusOther = useRef(false)
  useEffect(() => {
    if (focusOther.current && otherRef.current) {
      focusOther.current = false
      otherRef.current.focus()
    }
  })
  const otherText = other?.chosen ? other.text : null
  useLayoutEffect(() => {
    const el = otherRef.current
    if (!el) return
    el.style.height = 'auto'
    el.style.height = `${el.scrollHeight}px`
  }, [otherText])
  const key = (n: number) =>
    numbered && (
      <kbd className="option-key" aria-hidden="true">
        {n}
      </kbd>
    )
  const emptyNote = other?.chosen && other.text.trim() === '' ? other.emptyNote : undefined
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
            {key(i + 1)}
            <span className="option-text">
              <span id={`${rowId}-label`} className="option-label">
                <TrayText text={option.label} />
              </span>
              {option.description && (
                <span id={`${rowId}-desc`} className="option-description">
                  <TrayText text={option.description} />
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
            {key(options.length + 1)}
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
              aria-describedby={emptyNote ? emptyNoteId : undefined}
              onChange={(e) => other.onText(e.target.value)}
            />
          )}
          {emptyNote && (
            <p className="tray-hint other-empty-note" id={emptyNoteId}>
              {emptyNote}
            </p>
          )}
        </>
      )}
    </>
  )
}
