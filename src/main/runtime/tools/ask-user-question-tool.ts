import { AskUserQuestionInputSchema } from '../../../shared/ask-user-question'
import type { Json } from '../../../shared/session-events'
import { PINNED_TOOLS } from '../../../shared/pinned-tools'
import { defineTool } from './tool-types'

const isRecord = (value: Json | undefined): value is { [key: string]: Json } =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * Models trained on other clients' AskUserQuestion add `multiSelect: false` to each question, and
 * often an empty `header`. Both are harmless here and dropped (`multiSelect: true` and a header
 * with text are kept: they are part of the contract); anything else, such as an `is_other`
 * option, still fails validation with a message the model can act on.
 */
export function dropHarmlessExtras(input: Json): Json {
  if (!isRecord(input) || !Array.isArray(input.questions)) return input
  return {
    ...input,
    questions: input.questions.map((question) => {
      if (!isRecord(question)) return question
      const { header, multiSelect, ...rest } = question
      if (header !== undefined && typeof header !== 'string') return question
      const kept = header !== undefined && header.trim() !== '' ? { ...rest, header } : rest
      if (multiSelect === true) return { ...kept, multiSelect }
      return multiSelect === undefined || multiSelect === false ? kept : question
    }),
  }
}

/**
 * Pinned contract: docs/architecture.md and the README. Never asks permission; parks the turn
 * until the person answers.
 */
export const askUserQuestionTool = defineTool({
  name: 'AskUserQuestion',
  description: [
    'Ask the user 1–3 bounded questions when you need their decision to continue the current turn',
    '(for example which of two approaches to take). Each question has 2–3 mutually exclusive options with short',
    'labels and optional descriptions; set "multiSelect": true on a question whose options may be combined.',
    'The client adds an "Other" choice with free text itself: never include one.',
    'The turn pauses until the user answers; the result is {"answers":[{"question","answer"}]} where answer is the',
    'chosen label (a list of labels for multiSelect), their own text, or null if they left it unanswered.',
    'Do not use this for open-ended conversation: ask those in your normal reply and end your turn.',
  ].join(' '),
  inputSchema: AskUserQuestionInputSchema,
  category: PINNED_TOOLS.AskUserQuestion.category,
  normalizeInput: dropHarmlessExtras,
  async execute(input, { askUser }) {
    return askUser(input)
  },
})
