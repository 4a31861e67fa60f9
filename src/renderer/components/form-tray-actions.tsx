import type { RefObject } from 'react'
import type { FormButton } from '../../shared/form-buttons'

/**
 * The form tray's footer. The ways out that answer nothing (Cancel, Decline, Dismiss) are quiet,
 * at the left, away from Submit; Previous / Next for a form shown a question at a time (Next is
 * the main action only once its question has an answer); Submit, or Send as message when the
 * asker is gone.
 */
export function FormTrayActions({
  offers,
  asker,
  orphaned,
  busy,
  steps,
  showSubmit,
  submitRef,
  onCancel,
  onDecline,
  onDismiss,
  onSendAsMessage,
  onPrevious,
  onNext,
  onSubmit,
}: {
  offers: (button: FormButton) => boolean
  asker: string
  orphaned: boolean
  busy: boolean
  /** Previous / Next: null for a form shown at once or a single question. */
  steps: { atFirst: boolean; reviewing: boolean; chosen: boolean } | null
  showSubmit: boolean
  submitRef: RefObject<HTMLButtonElement | null>
  onCancel: () => void
  onDecline: () => void
  onDismiss: () => void
  onSendAsMessage: () => void
  onPrevious: () => void
  onNext: () => void
  onSubmit: () => void
}) {
  return (
    <footer className="tray-actions">
      {offers('cancel') && (
        <button
          type="button"
          className="button-quiet"
          disabled={busy}
          title="Closes this request without an answer"
          onClick={onCancel}
        >
          Cancel
        </button>
      )}
      {offers('decline') && (
        <button
          type="button"
          className="button-quiet"
          disabled={busy}
          title={`Tells ${asker} you refuse this request`}
          onClick={onDecline}
        >
          Decline
        </button>
      )}
      {offers('dismiss') && !orphaned && (
        <button type="button" className="button-quiet" disabled={busy} onClick={onDismiss}>
          Dismiss
        </button>
      )}
      <span className="tray-main-actions">
        {orphaned && (
          <button type="button" className="button-secondary" disabled={busy} onClick={onDismiss}>
            Dismiss
          </button>
        )}
        {offers('send') && (
          <button
            type="button"
            className="button-primary"
            disabled={busy}
            onClick={onSendAsMessage}
          >
            Send as message
          </button>
        )}
        {steps && (
          <button
            type="button"
            className="button-secondary"
            disabled={busy || steps.atFirst}
            onClick={onPrevious}
          >
            Previous
          </button>
        )}
        {steps && !steps.reviewing && (
          <button
            type="button"
            className={steps.chosen ? 'button-primary' : 'button-secondary'}
            disabled={busy}
            onClick={onNext}
          >
            Next
          </button>
        )}
        {showSubmit && (
          <button
            ref={submitRef}
            type="button"
            className="button-primary"
            disabled={busy}
            onClick={onSubmit}
          >
            Submit
          </button>
        )}
      </span>
    </footer>
  )
}
