import { canAccept, questionAnswers } from '../shared/form-answers'
import type { FormDraft, FormSpec } from '../shared/form-schema'
import { questionsToForm } from '../shared/form-state'
import { askerName, type FormInteraction, type QuestionInteraction } from '../shared/interactions'
import type { FormAction, FormButton } from './form-prompt-state'
import type { TuiBridge } from './tui-bridge'
import type { SettleResult } from './use-settle'

/**
 * Where a form prompt's answers go. A form from an ACP agent or an MCP server and an
 * AskUserQuestion call are filled in with the same prompt; they differ only in the buttons they
 * offer and in the bridge calls that carry the outcome and the draft.
 */
export interface FormTarget {
  readonly spec: FormSpec
  /** The draft saved last time (a restart comes back here). */
  readonly draft: FormDraft | null
  readonly buttons: readonly FormButton[]
  readonly asker: string
  /** The header: "Codex asks", "MCP server github asks"; Parley's own questions: "Agent question". */
  readonly title: string
  /** The asker is gone: the answers can only be sent on as a message, or the form dismissed. */
  readonly orphaned: boolean
  readonly recovered: boolean
  readonly createdAt: number
  act(action: FormAction): Promise<SettleResult>
  saveDraft(draft: FormDraft): Promise<unknown>
}

/**
 * The buttons of a form: Submit, Decline, Cancel; once the asker is gone, Send as message and
 * Dismiss. A form with a required field Parley cannot show has no Submit or Send.
 */
function buttonsOf(interaction: FormInteraction): FormButton[] {
  const accept = canAccept(interaction.form)
  if (interaction.orphaned) return accept ? ['send', 'dismiss'] : ['dismiss']
  return accept ? ['submit', 'decline', 'cancel'] : ['decline', 'cancel']
}

const notOffered = async (): Promise<SettleResult> => ({ ok: false, reason: 'not_offered' })

/** An ACP agent's or MCP server's form: Submit, Decline and Cancel; once orphaned, send or dismiss. */
export function formTarget(interaction: FormInteraction, bridge: TuiBridge): FormTarget {
  const { requestId, orphaned } = interaction
  return {
    spec: interaction.form,
    draft: interaction.draft,
    buttons: buttonsOf(interaction),
    asker: askerName(interaction.source),
    title: `${askerName(interaction.source)} asks`,
    orphaned,
    recovered: interaction.recovered,
    createdAt: interaction.createdAt,
    act(action) {
      switch (action.kind) {
        case 'accept':
          return bridge.respondToForm({
            requestId,
            response: { action: 'accept', content: action.content },
          })
        case 'decline':
        case 'cancel':
          return bridge.respondToForm({ requestId, response: { action: action.kind } })
        case 'send-as-message':
          return bridge.sendFormAsMessage({
            requestId,
            response: { action: 'accept', content: action.content },
          })
        case 'dismiss':
          return bridge.dismissInteraction({ requestId })
      }
    },
    saveDraft: (draft) => bridge.saveFormDraft({ requestId, draft }),
  }
}

/**
 * AskUserQuestion as the form preset: a question at a time, then the review and Submit (and
 * Dismiss for a request left open by a restart). The answers are the tool's pinned answers.
 */
export function questionTarget(interaction: QuestionInteraction, bridge: TuiBridge): FormTarget {
  const { requestId, questions } = interaction
  return {
    spec: questionsToForm(questions),
    draft: interaction.draft,
    buttons: interaction.recovered ? ['submit', 'dismiss'] : ['submit'],
    asker: askerName(interaction.source),
    title:
      interaction.source.kind === 'parley'
        ? 'Agent question'
        : `${askerName(interaction.source)} asks`,
    orphaned: false,
    recovered: interaction.recovered,
    createdAt: interaction.createdAt,
    act(action) {
      switch (action.kind) {
        case 'accept':
          return bridge.respondToQuestion({
            requestId,
            answers: questionAnswers(questions, action.draft),
          })
        case 'dismiss':
          return bridge.dismissInteraction({ requestId })
        case 'decline':
        case 'cancel':
        case 'send-as-message':
          return notOffered()
      }
    },
    saveDraft: (draft) => bridge.saveQuestionDraft({ requestId, draft }),
  }
}
