import type { FormDraft, FormSpec } from '../../shared'
import { reviewRows } from '../../shared/form-answers'
import { RevealedText } from './revealed-text'
import { TrayText } from './tray-text'

/**
 * The review step of a form shown a part at a time (AskUserQuestion): every answer with an Edit
 * button that goes back to it, and a warning when some would go unanswered.
 */
export function FormReview({
  spec,
  draft,
  disabled,
  onEdit,
}: {
  spec: FormSpec
  draft: FormDraft
  disabled: boolean
  /** Goes back to the field at this position. */
  onEdit: (field: number) => void
}) {
  const { rows, unanswered } = reviewRows(spec, draft)
  return (
    <>
      <p className="question-text">Review your answers</p>
      {unanswered > 0 && (
        <p className="review-warning">
          {unanswered} unanswered: {unanswered === 1 ? 'it is' : 'they are'} sent without an answer.
        </p>
      )}
      <ol className="review-list">
        {rows.map((row, position) => (
          <li key={row.field}>
            {/* The number is text, not a list-item counter: a flex row is no list item, and
                Chromium numbered every answer "0." (the list itself still says how many). */}
            <span className="review-number" aria-hidden="true">
              {position + 1}.
            </span>
            <span className="review-row">
              <span className="review-question">
                <TrayText text={row.title} />
              </span>
              {row.answer === null ? (
                <span className="review-answer review-unanswered">Not answered</span>
              ) : (
                <span className="review-answer">
                  <RevealedText text={row.answer} />
                </span>
              )}
            </span>
            <button
              type="button"
              className="button-secondary small review-edit"
              aria-label={`Edit answer ${row.field + 1}`}
              disabled={disabled}
              onClick={() => onEdit(row.field)}
            >
              Edit
            </button>
          </li>
        ))}
      </ol>
    </>
  )
}
