import type { QuestionDraft } from './ask-user-question'
import type { FormDraft } from './form-schema'

/**
 * A question draft in the shape an earlier version saved on disk, as the shared form draft the
 * runtime keeps now: its picks (an option, "Other" with its text, a skip) are form values already.
 */
export function questionDraftToForm(draft: QuestionDraft): FormDraft {
  return { index: draft.index, values: [...draft.picks] }
}
