import { questionAnswers } from '../shared/form-answers'
import { formShape, type FormShape } from '../shared/form-buttons'
import type { FormDraft } from '../shared/form-schema'
import type { FormInteraction, QuestionInteraction } from '../shared/interactions'
import type { FormAction } from './form-prompt-state'
import type { TuiBridge } from './tui-bridge'
import type { SettleResult } from './use-settle'

/**
 * Where a form prompt's answers go. A form from an ACP agent or an MCP server and an
 * AskUserQuestion call are filled in with the same prompt; they differ only in the buttons they
 * offer (the shape the web tray draws too: `formShape`) and in the bridge calls that carry the
 * outcome and the draft.
 */
export interface FormTarget extends FormShape {
  /** The draft saved last time (a restart comes back here). */
  readonly draft: FormDraft | null
  /** The header: "Codex asks", "MCP server github asks"; Parley's own questions: "Agent question". */
  readonly title: string
  /** AskUserQuestion's tab names, one per question: its `header`, else the question. */
  readonly tabs?: readonly string[]
  readonly recovered: boolean
  readonly createdAt: number
  act(action: FormAction): Promise<SettleResult>
  saveDraft(draft: FormDraft): Promise<unknown>
}

const notOffered = async (): Promise<SettleResult> => ({ ok: false, reason: 'not_offered' })

/** An ACP agent's or MCP server's form: Submit, Decline and Cancel; once orphaned, send or dismiss. */
export function formTarget(interaction: FormInteraction, bridge: TuiBridge): FormTarget {
  const { requestId } = interaction
  const shape = formShape(interaction)
  return {
    ...shape,
    draft: interaction.draft,
    title: `${shape.asker} asks`,
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
  const shape = formShape(interaction)
  return {
    ...shape,
    draft: interaction.draft,
    title: interaction.source.kind === 'parley' ? 'Agent question' : `${shape.asker} asks`,
    tabs: questions.map((q) => q.header ?? q.question),
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
