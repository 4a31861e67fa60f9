import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react'
import type { FormDraft, FormField, FormResponse, PendingInteraction } from '../../shared'
import { formShape, type FormRequest } from '../../shared/form-buttons'
import { draftErrors, formContent, reviewRows } from '../../shared/form-answers'
import {
  chooseOther,
  goTo,
  hasReview,
  isReview,
  next,
  normalizeDraft,
  partCount,
  partFields,
  pickOption,
  previous,
  toggleOption,
  toggleOther,
} from '../../shared/form-state'
import { askerName } from '../../shared/interaction-words'
import { credentialsInResponse } from '../../ui-common/credential-values'
import { useArmed } from '../../ui-common/use-armed'
import { isTextEntry, isTrayKey } from '../tray/use-armed'
import { useNumberKeysFromAnywhere } from '../tray/number-keys-anywhere'
import { useHeldHeight } from '../tray/use-held-height'
import type { FieldEdit } from './form-fields/field-props'
import { FormFieldView } from './form-fields/form-field'
import { CredentialConfirm } from './credential-confirm'
import { FormReview } from './form-review'
import { QuestionSteps, type QuestionStep } from './question-steps'
import { RevealedText } from './revealed-text'
import { TrayHeader } from './tray-header'

/** What a callback that sends something may say back: false re-enables the tray to try again. */
type Settled = void | boolean | Promise<void | boolean>

export interface FormTrayProps {
  /** An ACP agent's or MCP server's form, or AskUserQuestion (the form preset). */
  interaction: FormRequest
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
  /** Closes the request without sending anything (the asker is gone, or a restart left it open). */
  onDismiss: () => Settled
  /** Stops the turn; the button is offered (after the main actions) only when this is given. */
  onStop?: () => void
  /** Escape: back to the composer; the request keeps waiting, its draft kept. */
  onClose?: () => void
  /**
   * For this long after it appears the tray's keys (Enter, Space, Escape, digits) do nothing
   * outside a text box, so type-ahead never answers it; 0 (the default) arms it at once.
   */
  armingMs?: number
}

/** Where focus goes once the next render is on screen: an option by position, or "Other". */
type FocusAfter = { option: number } | 'other-text' | null

/**
 * Every form in the tray that takes the composer's place: an ACP agent's or MCP server's form,
 * and AskUserQuestion (the shared form state's preset). The header names who receives the
 * answers; a form shows its message, every field labelled by its title, and Submit / Decline /
 * Cancel; Submit checks the answers first and puts each problem at its field. A form shown a
 * question at a time has number keys for its options (focus follows the pick), Enter for Next,
 * Previous / Next, "n / N", and a review that alone has Submit; a single question is answered in
 * place. When the asker is gone, the answers can go as a new message instead. Escape goes back
 * to the composer and leaves the request waiting. Dumb: the draft comes in, every change and
 * outcome goes out through the callbacks.
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
  onClose,
  armingMs = 0,
}: FormTrayProps) {
  const armed = useArmed(armingMs)
  const shape = useMemo(() => formShape(interaction), [interaction])
  const { spec, asker, buttons } = shape
  const draft = useMemo(
    () => normalizeDraft(spec, saved ?? interaction.draft),
    [spec, saved, interaction.draft],
  )
  // Refused Submits so far: after the first, every problem shows at its field, kept up to date.
  const [refusals, setRefusals] = useState(0)
  const [busy, setBusy] = useState(false)
  // An answer holding something credential-shaped, waiting for its second confirmation.
  const [confirming, setConfirming] = useState<{ found: string[]; send(): void } | null>(null)
  const regionRef = useRef<HTMLElement>(null)
  const bodyRef = useRef<HTMLDivElement>(null)
  const submitRef = useRef<HTMLButtonElement>(null)
  const focusAfter = useRef<FocusAfter>(null)
  const baseId = useId()
  const errors = refusals > 0 ? draftErrors(spec, draft) : {}
  const stepped = hasReview(spec)
  const parts = partCount(spec)
  // A single question is answered in place: no Previous / Next, no review.
  const single = stepped && parts === 1
  const reviewing = isReview(spec, draft)
  const offers = (button: (typeof buttons)[number]) => buttons.includes(button)
  const current = stepped && !reviewing ? spec.fields[draft.index] : undefined

  // A form: focus enters the tray itself, not a control, so keys typed before it appeared answer
  // nothing (and focusing what is in view at the bottom need not scroll, so no forced layout).
  useEffect(() => {
    if (!stepped) regionRef.current?.focus({ preventScroll: true })
  }, [stepped])
  // A question's number keys pick wherever focus went; a form's fields take typing instead.
  useNumberKeysFromAnywhere(regionRef, armed && stepped && !reviewing)
  useHeldHeight(regionRef)

  // A question at a time: focus follows the step, to the chosen (or first) option, or Submit.
  useEffect(() => {
    if (!stepped) return
    if (draft.index >= parts) {
      submitRef.current?.focus()
      return
    }
    const inputs = optionInputs(bodyRef.current)
    const checked = inputs.find((r) => r.checked)
    ;(checked ?? inputs[0])?.focus()
  }, [stepped, draft.index, parts])

  // A number key moves focus to what it picked, once that has rendered.
  useEffect(() => {
    const target = focusAfter.current
    if (target === null) return
    focusAfter.current = null
    const body = bodyRef.current
    if (target === 'other-text') body?.querySelector<HTMLElement>('textarea.other-answer')?.focus()
    else optionInputs(body)[target.option]?.focus()
  })

  // After a refused Submit, focus moves to the first field that says what is wrong.
  useEffect(() => {
    if (refusals === 0) return
    const invalid = bodyRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')
    if (!invalid) return
    // In a group: the empty "Other" box, else the chosen option, else the first one.
    const inside = (selector: string) => invalid.querySelector<HTMLElement>(selector)
    if (invalid.matches('input, textarea, select')) invalid.focus()
    else (inside('.form-other') ?? inside('input:checked') ?? inside('input') ?? invalid).focus()
  }, [refusals])

  const change = (nextDraft: FormDraft) => {
    if (nextDraft === draft) return
    setConfirming(null)
    onDraft(nextDraft)
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
  /** Sends at once, unless the answer looks like it holds a credential: then it asks again. */
  const guarded = (response: FormResponse, send: () => void) => {
    const found = credentialsInResponse(response)
    if (found.length === 0) send()
    else setConfirming({ found, send })
  }
  const submit = () => {
    if (busy) return
    const response = checkedResponse()
    if (response) guarded(response, () => void settle(() => onRespond(response)))
  }
  const sendAsMessage = () => {
    const response = checkedResponse()
    if (response) guarded(response, () => void settle(() => onSendAsMessage(response)))
  }

  /** Number key `n` on a question: picks (or ticks) an option; the one after them is "Other". */
  const numberKey = (n: number): boolean => {
    if (current?.type !== 'choice' && current?.type !== 'multi') return false
    const i = draft.index
    if (n >= 1 && n <= current.options.length) {
      focusAfter.current = { option: n - 1 }
      change(
        current.type === 'choice'
          ? pickOption(spec, draft, i, n - 1)
          : toggleOption(spec, draft, i, n - 1),
      )
      return true
    }
    if (n !== current.options.length + 1 || !current.other) return false
    const withOther =
      current.type === 'choice' ? chooseOther(spec, draft, i) : toggleOther(spec, draft, i)
    const value = withOther.values[i]
    const ticked = value?.kind === 'other' || (value?.kind === 'options' && value.other !== null)
    focusAfter.current = ticked ? 'other-text' : { option: n - 1 }
    change(withOther)
    return true
  }

  const onKeyDownCapture = (event: KeyboardEvent<HTMLElement>) => {
    if (!armed && isTrayKey(event.key) && !isTextEntry(event.target)) {
      event.preventDefault()
      event.stopPropagation()
    }
  }
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey || event.nativeEvent.isComposing) return
    if (event.key === 'Escape' && onClose) {
      event.preventDefault()
      onClose()
      return
    }
    if (!stepped || reviewing) return
    if (event.key === 'Enter' && !event.shiftKey) {
      if (event.target instanceof HTMLButtonElement) return
      event.preventDefault()
      if (single) submitRef.current?.focus()
      else change(next(spec, draft))
      return
    }
    if (isTextEntry(event.target)) return
    if (/^[0-9]$/.test(event.key) && numberKey(Number(event.key))) event.preventDefault()
  }

  const shown = reviewing ? [] : partFields(spec, draft.index)
  // AskUserQuestion's short label (its `header`): the steps name each question by it; a single
  // question shows its own above it.
  const headers = interaction.kind === 'question' ? interaction.questions.map((q) => q.header) : []
  const header = single && !reviewing ? headers[draft.index] : undefined
  const steps: QuestionStep[] | null =
    stepped && !single
      ? reviewRows(spec, draft).rows.map((row, i) => ({
          name: headers[i] ?? `Question ${i + 1}`,
          answered: row.answer !== null,
        }))
      : null
  // Next is the main action only once this question has an answer: skipping is never the default.
  const chosen = !reviewing && (steps?.[draft.index]?.answered ?? false)
  const showSubmit = offers('submit') && (!stepped || single || reviewing)

  return (
    <section
      ref={regionRef}
      role="region"
      aria-label="Agent question"
      className={`tray tray-question ${stepped ? 'tray-ask' : 'tray-form'}`}
      tabIndex={-1}
      data-armed={armed}
      onKeyDownCapture={onKeyDownCapture}
      onKeyDown={onKeyDown}
    >
      <TrayHeader
        interaction={interaction}
        waiting={waiting}
        armed={armed}
        title={`${asker} asks`}
        onStop={shape.orphaned ? undefined : onStop}
        stopDisabled={busy}
      >
        {stepped && (
          <span className="tray-progress">
            {reviewing ? 'Review' : `${draft.index + 1} / ${parts}`}
          </span>
        )}
      </TrayHeader>
      {/* On the review, the review itself lists every question: no steps above it. */}
      {steps && !reviewing && <QuestionSteps steps={steps} current={draft.index} />}
      {spec.message && (
        <p className="form-message">
          <RevealedText text={spec.message} />
        </p>
      )}
      <div className="tray-body" ref={bodyRef}>
        {confirming && (
          <CredentialConfirm
            found={confirming.found}
            recipient={recipientOf(interaction)}
            disabled={busy}
            onSend={confirming.send}
            onBack={() => setConfirming(null)}
          />
        )}
        {shape.orphaned && (
          <p className="form-notice form-notice-warn">
            {asker} is no longer waiting. Send as message puts your answers in a new message to it;
            Dismiss closes this without sending anything.
          </p>
        )}
        {!offers('submit') && !offers('send') && (
          <p className="form-notice">
            This form asks for something Parley does not show, so it can only be declined or
            cancelled.
          </p>
        )}
        {header !== undefined && <p className="question-header">{header}</p>}
        {shown.length > 0 && (
          <div className="form-fields">
            {shown.map((i) => {
              const field = spec.fields[i]
              if (!field) return null
              return (
                <FormFieldView
                  key={`${i}-${field.key}`}
                  field={stepped ? asQuestion(field) : field}
                  value={draft.values[i] ?? null}
                  error={errors[field.key]}
                  id={`${baseId}-${i}`}
                  edit={edit(i)}
                  numbered={stepped}
                />
              )
            })}
            {stepped && !single && !draft.values[draft.index] && (
              <p className="tray-hint">Next without a choice leaves this one unanswered.</p>
            )}
          </div>
        )}
        {reviewing && (
          <FormReview
            spec={spec}
            draft={draft}
            disabled={busy}
            onEdit={(field) => change(goTo(spec, draft, field))}
          />
        )}
      </div>
      <footer className="tray-actions">
        {/* The ways out that answer nothing: quiet, at the left, away from Submit. */}
        {offers('cancel') && (
          <button
            type="button"
            className="button-quiet"
            disabled={busy}
            title="Closes this request without an answer"
            onClick={() => void settle(() => onRespond({ action: 'cancel' }))}
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
            onClick={() => void settle(() => onRespond({ action: 'decline' }))}
          >
            Decline
          </button>
        )}
        {offers('dismiss') && !shape.orphaned && (
          <button
            type="button"
            className="button-quiet"
            disabled={busy}
            onClick={() => void settle(onDismiss)}
          >
            Dismiss
          </button>
        )}
        <span className="tray-main-actions">
          {shape.orphaned && (
            <button
              type="button"
              className="button-secondary"
              disabled={busy}
              onClick={() => void settle(onDismiss)}
            >
              Dismiss
            </button>
          )}
          {offers('send') && (
            <button
              type="button"
              className="button-primary"
              disabled={busy}
              onClick={sendAsMessage}
            >
              Send as message
            </button>
          )}
          {stepped && !single && (
            <button
              type="button"
              className="button-secondary"
              disabled={busy || draft.index === 0}
              onClick={() => change(previous(spec, draft))}
            >
              Previous
            </button>
          )}
          {stepped && !single && !reviewing && (
            <button
              type="button"
              className={chosen ? 'button-primary' : 'button-secondary'}
              disabled={busy}
              onClick={() => change(next(spec, draft))}
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
              onClick={submit}
            >
              Submit
            </button>
          )}
        </span>
      </footer>
    </section>
  )
}

/** The radios and checkboxes of the part on screen, in order ("Other" last). */
function optionInputs(body: HTMLElement | null): HTMLInputElement[] {
  return Array.from(
    body?.querySelectorAll<HTMLInputElement>('input[type="radio"], input[type="checkbox"]') ?? [],
  )
}

/**
 * A question as the tray shows it: a multi-select says so under its text (and to screen readers,
 * as the group's description), since the model's question alone does not tell radios from
 * checkboxes.
 */
function asQuestion(field: FormField): FormField {
  return field.type === 'multi' && field.description === undefined
    ? { ...field, description: 'Choose any that apply.' }
    : field
}

/** Who receives an answer, in words: Parley's own agent sends it on to its model provider. */
function recipientOf(interaction: FormRequest): string {
  return interaction.source.kind === 'parley'
    ? 'the agent and its model provider'
    : askerName(interaction.source)
}
