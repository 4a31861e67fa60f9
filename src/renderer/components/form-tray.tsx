import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react'
import {
  askerName,
  type FormDraft,
  type FormInteraction,
  type FormResponse,
  type PendingInteraction,
} from '../../shared'
import { canAccept, draftErrors, formContent, reviewRows } from '../../shared/form-answers'
import {
  goTo,
  hasReview,
  isReview,
  next,
  normalizeDraft,
  partCount,
  partFields,
  previous,
} from '../../shared/form-state'
import { isTextEntry, isTrayKey, useArmed } from '../tray/use-armed'
import type { FieldEdit } from './form-fields/field-props'
import { FormFieldView } from './form-fields/form-field'
import { RevealedText } from './revealed-text'
import { TrayHeader } from './tray-header'
import { TrayStop } from './tray-stop'

/** What a callback that sends something may say back: false re-enables the tray to try again. */
type Settled = void | boolean | Promise<void | boolean>

export interface FormTrayProps {
  interaction: FormInteraction
  /** The latest saved draft (the store's), else the interaction's own; null for a fresh form. */
  draft: FormDraft | null
  /** The requests waiting behind this one (the "k more waiting" list). */
  waiting?: readonly PendingInteraction[]
  /** Every change, to be saved so a reload or a restart brings the form back as it was. */
  onDraft: (draft: FormDraft) => void
  /** Accept (with content that passed the form's checks), decline or cancel. */
  onRespond: (response: FormResponse) => Settled
  /** The asker is gone: send the answers as a new message to it instead. */
  onSendAsMessage: (response: FormResponse) => Settled
  /** The asker is gone: close the request without sending anything. */
  onDismiss: () => Settled
  /** Stops the turn; the button is offered (after the main actions) only when this is given. */
  onStop?: () => void
  /**
   * For this long after it appears the tray's keys (Enter, Space, Escape, digits) do nothing
   * outside a text box, so type-ahead never answers it; 0 (the default) arms it at once.
   */
  armingMs?: number
}

/**
 * A form from an ACP agent or an MCP server, in the tray that takes the composer's place: the
 * asker's message, every field labelled by its title, and Submit / Decline / Cancel, always
 * offered. Submit checks the answers first and puts each problem at its field (never only a
 * disabled button). A form shown a question at a time (AskUserQuestion) has Previous / Next,
 * "n / N" and a review. When the asker is gone, the answers can go as a new message instead.
 * Dumb: the draft comes in, every change and outcome goes out through the callbacks.
 */
export function FormTray({
  interaction,
  draft: saved,
  waiting = [],
  onDraft,
  onRespond,
  onSendAsMessage,
  onDismiss,
  onStop,
  armingMs = 0,
}: FormTrayProps) {
  const armed = useArmed(armingMs)
  const spec = interaction.form
  const draft = useMemo(
    () => normalizeDraft(spec, saved ?? interaction.draft),
    [spec, saved, interaction.draft],
  )
  // Refused Submits so far: after the first, every problem shows at its field, kept up to date.
  const [refusals, setRefusals] = useState(0)
  const [busy, setBusy] = useState(false)
  const regionRef = useRef<HTMLElement>(null)
  const bodyRef = useRef<HTMLDivElement>(null)
  const baseId = useId()
  const asker = askerName(interaction.source)
  const errors = refusals > 0 ? draftErrors(spec, draft) : {}
  const stepped = hasReview(spec)
  const parts = partCount(spec)
  const reviewing = isReview(spec, draft)
  const acceptable = canAccept(spec)

  // Focus enters the tray itself, not a control: keys typed before it appeared answer nothing.
  // The tray sits in view at the bottom: focusing it need not scroll, so it forces no layout.
  useEffect(() => regionRef.current?.focus({ preventScroll: true }), [])

  // After a refused Submit, focus moves to the first field that says what is wrong.
  useEffect(() => {
    if (refusals === 0) return
    const invalid = bodyRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')
    if (!invalid) return
    // In a group: the empty "Other" box, else the chosen option, else the first one.
    const inside = (selector: string) => invalid.querySelector<HTMLElement>(selector)
    if (invalid.matches('input, textarea')) invalid.focus()
    else (inside('.form-other') ?? inside('input:checked') ?? inside('input') ?? invalid).focus()
  }, [refusals])

  const change = (nextDraft: FormDraft) => {
    if (nextDraft !== draft) onDraft(nextDraft)
  }
  const edit = (field: number) => (apply: FieldEdit) => change(apply(spec, draft, field))

  const settle = async (run: () => Settled) => {
    setBusy(true)
    if ((await run()) === false) setBusy(false)
  }

  /** The accept response, or null after putting every problem at its field. */
  const checkedResponse = (): FormResponse | null => {
    const result = formContent(spec, draft)
    if (result.ok) return { action: 'accept', content: result.content }
    setRefusals((n) => n + 1)
    if (stepped) {
      const first = spec.fields.findIndex((f) => f.key in result.errors)
      if (first >= 0) change(goTo(spec, draft, first))
    }
    return null
  }
  const submit = () => {
    const response = checkedResponse()
    if (response) void settle(() => onRespond(response))
  }
  const sendAsMessage = () => {
    const response = checkedResponse()
    if (response) void settle(() => onSendAsMessage(response))
  }

  const onKeyDownCapture = (event: KeyboardEvent<HTMLElement>) => {
    if (!armed && isTrayKey(event.key) && !isTextEntry(event.target)) {
      event.preventDefault()
      event.stopPropagation()
    }
  }

  const shown = reviewing ? [] : partFields(spec, draft.index)
  const lastPart = stepped && !reviewing && draft.index === parts - 1
  const review = reviewing ? reviewRows(spec, draft) : null

  return (
    <section
      ref={regionRef}
      role="region"
      aria-label="Agent question"
      className="tray tray-question tray-form"
      tabIndex={-1}
      data-armed={armed}
      onKeyDownCapture={onKeyDownCapture}
    >
      <TrayHeader interaction={interaction} waiting={waiting} armed={armed} title={`${asker} asks`}>
        {stepped && (
          <span className="tray-progress">
            {reviewing ? 'Review' : `${draft.index + 1} / ${parts}`}
          </span>
        )}
      </TrayHeader>
      <div className="tray-body" ref={bodyRef}>
        {interaction.orphaned && (
          <p className="form-notice form-notice-warn">
            {asker} is no longer waiting. Send as message puts your answers in a new message to it;
            Dismiss closes this without sending anything.
          </p>
        )}
        {!acceptable && !interaction.orphaned && (
          <p className="form-notice">
            This form asks for something Parley does not show, so it can only be declined or
            cancelled.
          </p>
        )}
        {spec.message && (
          <p className="form-message">
            <RevealedText text={spec.message} />
          </p>
        )}
        {shown.length > 0 && (
          <div className="form-fields">
            {shown.map((i) => {
              const field = spec.fields[i]
              if (!field) return null
              return (
                <FormFieldView
                  key={`${i}-${field.key}`}
                  field={field}
                  value={draft.values[i] ?? null}
                  error={errors[field.key]}
                  id={`${baseId}-${i}`}
                  edit={edit(i)}
                />
              )
            })}
          </div>
        )}
        {review && (
          <>
            <p className="question-text">Review your answers</p>
            {review.unanswered > 0 && (
              <p className="form-review-unanswered">{review.unanswered} unanswered</p>
            )}
            <ol className="review-list">
              {review.rows.map((row) => (
                <li key={row.field}>
                  <span className="review-question">
                    <RevealedText text={row.title} />
                  </span>
                  {row.answer === null ? (
                    <span className="review-answer review-unanswered">Not answered</span>
                  ) : (
                    <span className="review-answer">
                      <RevealedText text={row.answer} />
                    </span>
                  )}{' '}
                  <button
                    type="button"
                    className="button-quiet small"
                    aria-label={`Edit: ${row.title}`}
                    onClick={() => change(goTo(spec, draft, row.field))}
                  >
                    Edit
                  </button>
                </li>
              ))}
            </ol>
          </>
        )}
      </div>
      <footer className="tray-actions">
        {interaction.orphaned ? (
          <span className="tray-main-actions">
            <button
              type="button"
              className="button-secondary"
              disabled={busy}
              onClick={() => void settle(onDismiss)}
            >
              Dismiss
            </button>
            <button
              type="button"
              className="button-primary"
              disabled={busy}
              onClick={sendAsMessage}
            >
              Send as message
            </button>
          </span>
        ) : (
          <>
            <button
              type="button"
              className="button-quiet"
              disabled={busy}
              onClick={() => void settle(() => onRespond({ action: 'cancel' }))}
            >
              Cancel
            </button>
            <button
              type="button"
              className="button-secondary"
              disabled={busy}
              onClick={() => void settle(() => onRespond({ action: 'decline' }))}
            >
              Decline
            </button>
            <span className="tray-main-actions">
              {stepped && (
                <button
                  type="button"
                  className="button-secondary"
                  disabled={busy || draft.index === 0}
                  onClick={() => change(previous(spec, draft))}
                >
                  Previous
                </button>
              )}
              {stepped && !reviewing && (
                <button
                  type="button"
                  className={lastPart ? 'button-secondary' : 'button-primary'}
                  disabled={busy}
                  onClick={() => change(next(spec, draft))}
                >
                  Next
                </button>
              )}
              {(!stepped || reviewing || lastPart) && (
                <button type="button" className="button-primary" disabled={busy} onClick={submit}>
                  Submit
                </button>
              )}
              {onStop && <TrayStop onStop={onStop} />}
            </span>
          </>
        )}
      </footer>
    </section>
  )
}
