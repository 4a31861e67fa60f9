import type { Json } from '../shared/session-events'
import { oneLine } from './visible-text'

const isRecord = (value: Json): value is { [key: string]: Json } =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const text = (value: Json | undefined): string | undefined =>
  typeof value === 'string' ? value : undefined

/** What a tool call is about, in one line: the path, the command, the question count. */
export function summarizeToolInput(tool: string, input: Json, max = 120): string {
  if (!isRecord(input)) return oneLine(JSON.stringify(input), max)
  const questions = input.questions
  if (tool === 'AskUserQuestion' && Array.isArray(questions))
    return `${questions.length} question${questions.length === 1 ? '' : 's'}`
  const main =
    text(input.command) ?? text(input.path) ?? text(input.query) ?? text(input.description)
  if (main !== undefined) return oneLine(main, max)
  // list_files with no path lists the workspace root.
  return Object.keys(input).length === 0 ? '.' : oneLine(JSON.stringify(input), max)
}

/**
 * What a tool result says, in one line. AskUserQuestion answers are listed (skipped ones as
 * "—"); an error shows its message; other results show nothing, the status mark is enough.
 */
export function summarizeToolResult(
  tool: string,
  output: Json,
  isError: boolean,
  max = 120,
): string | undefined {
  if (isError) {
    const message = isRecord(output) ? (text(output.error) ?? text(output.message)) : text(output)
    return oneLine(message ?? JSON.stringify(output), max)
  }
  if (tool === 'AskUserQuestion' && isRecord(output) && Array.isArray(output.answers)) {
    const answers = output.answers.map((a) => (isRecord(a) ? (text(a.answer) ?? '—') : '—'))
    return oneLine(answers.join(' · '), max)
  }
  return undefined
}
