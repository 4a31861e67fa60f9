import { useId, useMemo, useRef } from 'react'
import type { FormDraft, FormResponse, FormSpec, PendingInteraction } from '../../shared'
import { formShape, type FormButton, type FormRequest } from '../../shared/form-buttons'
import { draftErrors, reviewRows } from '../../shared/form-answers'
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
import { askerName } from '../../shared/interaction-words'
import { useArmed } from '../../ui-common/use-armed'
import { useNumberKeysFromAnywhere } from '../tray/number-keys-anywhere'
import { useHeldHeight } from '../tray/use-held-height'
import { FormTrayActions } from './form-tray-actions'
import { FormTrayBody, FormTrayTop } from './form-tray-body'
import { useFormTrayFocus, type FocusAfter } from './form-tray-focus'
import { useFormTrayKeys } from './form-tray-keys'
import { useFormSending, type Settled } from './form-tray-sending'
import type { QuestionStep } from './question-steps'

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
  const stepped = hasReview(spec)
  const { refusals, busy, confirming, closeConfirming, change, settle, accept } = useFormSending({
    spec,
    draft,
    stepped,
    onDraft,
  })
  const regionRef = useRef<HTMLElement>(null)
  const bodyRef = useRef<HTMLDivElement>(null)
  const submitRef = useRef<HTMLButtonElement>(null)
  const focusAfterRef = useRef<FocusAfter>(null)
  const baseId = useId()
  const errors = refusals > 0 ? draftErrors(spec, draft) : {}
  const parts = partCount(spec)
  // A single question is answered in place: no Previous / Next, no review.
  const single = stepped && parts === 1
  const reviewing = isReview(spec, draft)
  const offers = (button: FormButton) => buttons.includes(button)

  useFormTrayFocus({
    regionRef,
    bodyRef,
    submitRef,
    focusAfterRef,
    stepped,
    parts,
    refusals,
    index: draft.index,
  })
  // A question's number keys pick wherever focus went; a form's fields take typing instead.
  useNumberKeysFromAnywhere(regionRef, armed && stepped && !reviewing)
  useHeldHeight(regionRef)

  const keys = useFormTrayKeys({
    spec,
    draft,
    armed,
    stepped,
    single,
    reviewing,
    focusAfterRef,
    submitRef,
    change,
    onClose,
  })

  const headers = headersOf(interaction)
  const steps = stepped && !single ? questionSteps(spec, draft, headers) : null

  return (
    <section
      ref={regionRef}
      role="region"
      aria-label="Agent question"
      className={`tray tray-question ${stepped ? 'tray-ask' : 'tray-form'}`}
      tabIndex={-1}
      data-armed={armed}
      onKeyDownCapture={keys.onKeyDownCapture}
      onKeyDown={keys.onKeyDown}
    >
      <FormTrayTop
        interaction={interaction}
        waiting={waiting}
        armed={armed}
        title={`${asker} asks`}
        onStop={shape.orphaned ? undefined : onStop}
        busy={busy}
        progress={stepped ? (reviewing ? 'Review' : `${draft.index + 1} / ${parts}`) : null}
        // On the review, the review itself lists every question: no steps above it.
        steps={reviewing ? null : steps}
        current={draft.index}
        message={spec.message}
      />
      <div className="tray-body" ref={bodyRef}>
        <FormTrayBody
          spec={spec}
          draft={draft}
          shown={reviewing ? [] : partFields(spec, draft.index)}
          errors={errors}
          baseId={baseId}
          stepped={stepped}
          single={single}
          reviewing={reviewing}
          header={single && !reviewing ? headers[draft.index] : undefined}
          notice={noticeOf(shape.orphaned, asker, offers('submit') || offers('send'))}
          confirming={
            confirming && {
              ...confirming,
              recipient: recipientOf(interaction),
              back: closeConfirming,
            }
          }
          busy={busy}
          edit={(field) => (apply) => change(apply(spec, draft, field))}
          onGoTo={(field) => change(goTo(spec, draft, field))}
        />
      </div>
      <FormTrayActions
        offers={offers}
        asker={asker}
        orphaned={shape.orphaned}
        busy={busy}
        steps={
          stepped && !single
            ? {
                atFirst: draft.index === 0,
                reviewing,
                // Next is the main action only once this question has an answer.
                chosen: !reviewing && (steps?.[draft.index]?.answered ?? false),
              }
            : null
        }
        showSubmit={offers('submit') && (!stepped || single || reviewing)}
        submitRef={submitRef}
        onCancel={() => void settle(() => onRespond({ action: 'cancel' }))}
        onDecline={() => void settle(() => onRespond({ action: 'decline' }))}
        onDismiss={() => void settle(onDismiss)}
        onSendAsMessage={() => accept(onSendAsMessage)}
        onPrevious={() => change(previous(spec, draft))}
        onNext={() => change(next(spec, draft))}
        onSubmit={() => accept(onRespond)}
      />
    </section>
  )
}

/** What the tray says above the fields when the form cannot simply be answered. */
function noticeOf(orphaned: boolean, asker: string, sendable: boolean) {
  if (orphaned)
    return {
      warn: true,
      text: `${asker} is no longer waiting. Send as message puts your answers in a new message to it; Dismiss closes this without sending anything.`,
    }
  if (!sendable)
    return {
      warn: false,
      text: 'This form asks for something Parley does not show, so it can only be declined or cancelled.',
    }
  return null
}

/**
 * AskUserQuestion's short labels (each question's `header`): the steps name each question by
 * it; a single question shows its own above it. None for other forms.
 */
function headersOf(interaction: FormRequest): (string | undefined)[] {
  return interaction.kind === 'question' ? interaction.questions.map((q) => q.header) : []
}

/** The questions as steps, each named by its header and ticked once answered. */
function questionSteps(
  spec: FormSpec,
  draft: FormDraft,
  headers: readonly (string | undefined)[],
): QuestionStep[] {
  return reviewRows(spec, draft).rows.map((row, i) => ({
    name: headers[i] ?? `Question ${i + 1}`,
    answered: row.answer !== null,
  }))
}

/** Who receives an answer, in words: Parley's own agent sends it on to its model provider. */
function recipientOf(interaction: FormRequest): string {
  return interaction.source.kind === 'parley'
    ? 'the agent and its model provider'
    : askerName(interaction.source)
}
