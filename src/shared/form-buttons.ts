import { canAccept } from './form-answers'
import { questionsToForm } from './form-state'
import type { FormSpec } from './form-schema'
import { type FormInteraction, type QuestionInteraction } from './interactions'
import { askerName } from './interaction-words'

/** A button of a form's bottom row. */
export type FormButton = 'submit' | 'decline' | 'cancel' | 'send' | 'dismiss'

/** A request drawn as a form: an ACP agent's or MCP server's form, or AskUserQuestion (its preset). */
export type FormRequest = FormInteraction | QuestionInteraction

/**
 * What both UIs need to draw a form request, whatever asked it: the form, who receives the
 * answers, and the buttons it allows.
 */
export interface FormShape {
  readonly spec: FormSpec
  /** Who receives the answers: "The agent", "Codex", "MCP server github". */
  readonly asker: string
  /** The buttons of the bottom row (Previous / Next and Stop aside). */
  readonly buttons: readonly FormButton[]
  /** The asker is gone: the answers can only go on as a new message, or the request is dismissed. */
  readonly orphaned: boolean
}

/**
 * A form request's shape. A form offers Submit, Decline and Cancel (a form with a required field
 * Parley cannot show, no Submit); once its asker is gone, Send as message and Dismiss.
 * AskUserQuestion is answered or the turn stopped: Submit, and Dismiss once a restart left it open.
 */
export function formShape(request: FormRequest): FormShape {
  const asker = askerName(request.source)
  if (request.kind === 'question') {
    return {
      spec: questionsToForm(request.questions),
      asker,
      buttons: request.recovered ? ['submit', 'dismiss'] : ['submit'],
      orphaned: false,
    }
  }
  const accept = canAccept(request.form)
  const buttons: FormButton[] = request.orphaned
    ? accept
      ? ['send', 'dismiss']
      : ['dismiss']
    : accept
      ? ['submit', 'decline', 'cancel']
      : ['decline', 'cancel']
  return { spec: request.form, asker, buttons, orphaned: request.orphaned }
}
