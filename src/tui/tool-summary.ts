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
  if (Object.keys(input).length > 0) return oneLine(JSON.stringify(input), max)
  // list_files with no path lists the workspace root; another tool was just called without input.
  return tool === 'list_files' ? '.' : ''
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
    const answerOf = (a: Json): string => {
      if (!isRecord(a)) return '—'
      // A multi-select question's answer is a list of labels.
      const list = Array.isArray(a.answer) ? a.answer.flatMap((x) => text(x) ?? []) : []
      return text(a.answer) ?? (list.length > 0 ? list.join(', ') : '—')
    }
    const answers = output.answers.map(answerOf)
    return oneLine(answers.join(' · '), max)
  }
  return undefined
}

/** Characters of a tool's output the "last tool output" view keeps. */
const MAX_OUTPUT_CHARS = 200_000

/**
 * A tool result as readable text: a command's output (with its exit code when it failed), a
 * file's content, anything else as indented JSON. Bounded.
 */
export function toolOutputText(output: Json): string {
  let text: string
  if (typeof output === 'string') text = output
  else if (isRecord(output) && typeof output.output === 'string') {
    const code = output.exitCode
    text =
      typeof code === 'number' && code !== 0
        ? `${output.output}${output.output.endsWith('\n') || output.output === '' ? '' : '\n'}(exit code ${code})`
        : output.output
  } else if (isRecord(output) && typeof output.content === 'string') text = output.content
  else text = JSON.stringify(output, null, 2)
  return text.length > MAX_OUTPUT_CHARS ? `${text.slice(0, MAX_OUTPUT_CHARS)}\n…` : text
}

/**
 * An error message in plain words: the SDK's class-name prefix (`AI_APICallError: `) says
 * nothing to a person and is dropped.
 */
export function plainError(message: string): string {
  return message.replace(/^(?:AI_)?[A-Za-z]*Error:\s*/, '').trim() || message
}
