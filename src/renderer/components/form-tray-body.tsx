import type { FormDraft, FormField, FormSpec, PendingInteraction } from '../../shared'
import type { FieldEdit } from './form-fields/field-props'
import { FormFieldView } from './form-fields/form-field'
import { CredentialConfirm } from './credential-confirm'
import { FormReview } from './form-review'
import { QuestionSteps, type QuestionStep } from './question-steps'
import { TrayHeader } from './tray-header'
import { TrayText } from './tray-text'

/**
 * The form tray's top, which stays put while the fields scroll: the header (who asks, the
 * progress, the queue, Stop), the questions as steps, and the form's message.
 */
export function FormTrayTop({
  interaction,
  waiting,
  armed,
  title,
  onStop,
  busy,
  progress,
  steps,
  current,
  message,
}: {
  interaction: PendingInteraction
  waiting: readonly PendingInteraction[]
  armed: boolean
  title: string
  onStop: (() => void) | undefined
  busy: boolean
  /** "n / N" or "Review" for a form shown a question at a time; null otherwise. */
  progress: string | null
  steps: QuestionStep[] | null
  current: number
  message: string | undefined
}) {
  return (
    <>
      <TrayHeader
        interaction={interaction}
        waiting={waiting}
        armed={armed}
        title={title}
        onStop={onStop}
        stopDisabled={busy}
      >
        {progress !== null && <span className="tray-progress">{progress}</span>}
      </TrayHeader>
      {steps && <QuestionSteps steps={steps} current={current} />}
      {message && (
        <p className="form-message">
          <TrayText text={message} />
        </p>
      )}
    </>
  )
}

/**
 * What the form tray asks, between its header and its footer (the part that scrolls): a
 * credential's second confirmation, why the form cannot be sent, the fields on screen (every
 * field of a form, or one question), or the review of every answer.
 */
export function FormTrayBody({
  spec,
  draft,
  shown,
  errors,
  baseId,
  stepped,
  single,
  reviewing,
  header,
  notice,
  confirming,
  busy,
  edit,
  onGoTo,
}: {
  spec: FormSpec
  draft: FormDraft
  /** The fields on screen, by index (none on the review). */
  shown: readonly number[]
  errors: Readonly<Record<string, string>>
  baseId: string
  stepped: boolean
  single: boolean
  reviewing: boolean
  /** A single question's short label, shown above it. */
  header: string | undefined
  /** Said above the fields: the asker is gone, or the form cannot be sent. */
  notice: { text: string; warn: boolean } | null
  confirming: { found: string[]; recipient: string; send(): void; back(): void } | null
  busy: boolean
  edit: (field: number) => (apply: FieldEdit) => void
  onGoTo: (field: number) => void
}) {
  return (
    <>
      {confirming && (
        <CredentialConfirm
          found={confirming.found}
          recipient={confirming.recipient}
          disabled={busy}
          onSend={confirming.send}
          onBack={confirming.back}
        />
      )}
      {notice && (
        <p className={`form-notice${notice.warn ? ' form-notice-warn' : ''}`}>{notice.text}</p>
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
      {reviewing && <FormReview spec={spec} draft={draft} disabled={busy} onEdit={onGoTo} />}
    </>
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
