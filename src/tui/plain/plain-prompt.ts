import type { BridgeInput } from '../../shared/bridge'
import type {
  AgentPermissionInteraction,
  PendingInteraction,
  PermissionInteraction,
  QuestionInteraction,
} from '../../shared/interactions'
import { plainText } from './plain-text'

/** A prompt of the plain-line client: the request and, for questions, the answers so far. */
export interface PlainPrompt {
  interaction: PendingInteraction
  /** The question being asked (questions are asked one after the other). */
  index: number
  answers: ReadonlyArray<string | string[] | null>
}

/** What a line typed at a prompt does. */
export type PlainAnswer =
  /** Not an answer: say why, and ask again. */
  | { kind: 'again'; lines: string[] }
  /** The next question of the same request. */
  | { kind: 'next'; prompt: PlainPrompt }
  | { kind: 'permission'; input: BridgeInput<'respondToPermission'> }
  | { kind: 'question'; input: BridgeInput<'respondToQuestion'> }
  | { kind: 'agent_permission'; input: BridgeInput<'respondToAgentPermission'> }

export const promptFor = (interaction: PendingInteraction): PlainPrompt => ({
  interaction,
  index: 0,
  answers: [],
})

const indented = (text: string) =>
  plainText(text)
    .split('\n')
    .map((line) => `    ${line}`)

function permissionLines(request: PermissionInteraction): string[] {
  return [
    `Permission: ${request.tool} · ${request.risk} risk`,
    `  ${plainText(request.summary)}`,
    ...(request.detail.trim() !== '' && request.detail !== request.summary
      ? indented(request.detail)
      : []),
    '  1. Allow',
    '  2. Deny (a note for the agent may follow: "2 use npm ci instead")',
    'Answer 1 or 2:',
  ]
}

function questionLines(request: QuestionInteraction, index: number): string[] {
  const question = request.questions[index]
  if (!question) return []
  const other = question.options.length + 1
  return [
    `Question ${index + 1} of ${request.questions.length}${question.header ? ` · ${plainText(question.header)}` : ''}`,
    `  ${plainText(question.question)}`,
    ...question.options.map(
      (option, i) =>
        `  ${i + 1}. ${plainText(option.label)}${option.description ? ` — ${plainText(option.description)}` : ''}`,
    ),
    `  ${other}. Other (your own answer after the number: "${other} something else")`,
    question.multiSelect
      ? 'Answer with the numbers, e.g. "1 2" (Enter alone leaves it unanswered):'
      : 'Answer with a number (Enter alone leaves it unanswered):',
  ]
}

function agentPermissionLines(request: AgentPermissionInteraction): string[] {
  return [
    `Permission: ${plainText(request.title)}`,
    ...(request.command ? [`  ${plainText(request.command)}`] : []),
    ...(request.detail.trim() !== '' ? indented(request.detail) : []),
    ...request.options.map((option, i) => `  ${i + 1}. ${plainText(option.name)}`),
    `Answer 1 to ${request.options.length}:`,
  ]
}

/** The prompt as numbered plain lines, the last one saying what to type. */
export function plainPromptLines(prompt: PlainPrompt): string[] {
  const request = prompt.interaction
  switch (request.kind) {
    case 'permission':
      return permissionLines(request)
    case 'question':
      return questionLines(request, prompt.index)
    case 'agent_permission':
      return agentPermissionLines(request)
    case 'form':
      return [
        `Form: ${plainText(request.form.message)}`,
        '  A form needs the full terminal client or the desktop app: it stays open there (/quit leaves).',
      ]
    default:
      return request satisfies never
  }
}

/** The number a line starts with and what follows it, or null where it starts otherwise. */
function leadingNumber(line: string): { n: number; rest: string } | null {
  const match = /^\s*(\d+)[.)]?(?:\s+(.*))?$/s.exec(line)
  if (!match) return null
  return { n: Number(match[1]), rest: (match[2] ?? '').trim() }
}

function answerPermission(request: PermissionInteraction, line: string): PlainAnswer {
  const typed = leadingNumber(line)
  if (typed?.n === 1 && typed.rest === '')
    return { kind: 'permission', input: { requestId: request.requestId, decision: 'allow' } }
  if (typed?.n === 2)
    return {
      kind: 'permission',
      input: {
        requestId: request.requestId,
        decision: 'deny',
        ...(typed.rest !== '' ? { note: typed.rest } : {}),
      },
    }
  return { kind: 'again', lines: ['Type 1 to allow or 2 to deny.'] }
}

function answerQuestion(
  prompt: PlainPrompt,
  request: QuestionInteraction,
  line: string,
): PlainAnswer {
  const question = request.questions[prompt.index]
  if (!question) return { kind: 'again', lines: [] }
  const count = question.options.length
  const labelOf = (n: number) => question.options[n - 1]?.label
  let answer: string | string[] | null
  if (line.trim() === '') answer = null
  else if (question.multiSelect) {
    const numbers = /^\s*([\d\s,]+)(.*)$/s.exec(line)
    const picked = (numbers?.[1] ?? '')
      .split(/[\s,]+/)
      .filter(Boolean)
      .map(Number)
    const other = (numbers?.[2] ?? '').trim()
    if (picked.length === 0 || picked.some((n) => n < 1 || n > count + 1))
      return { kind: 'again', lines: [`Type numbers from 1 to ${count + 1}.`] }
    if (picked.includes(count + 1) && other === '')
      return { kind: 'again', lines: [`After ${count + 1}, type your own answer.`] }
    const labels = [...new Set(picked)].flatMap((n) => labelOf(n) ?? [])
    answer = picked.includes(count + 1) ? [...labels, other] : labels
  } else {
    const typed = leadingNumber(line)
    if (!typed || typed.n < 1 || typed.n > count + 1)
      return { kind: 'again', lines: [`Type a number from 1 to ${count + 1}.`] }
    if (typed.n === count + 1 && typed.rest === '')
      return { kind: 'again', lines: [`After ${count + 1}, type your own answer.`] }
    answer = typed.n === count + 1 ? typed.rest : (labelOf(typed.n) ?? null)
  }
  const answers = [...prompt.answers, answer]
  if (answers.length < request.questions.length)
    return { kind: 'next', prompt: { ...prompt, index: prompt.index + 1, answers } }
  return { kind: 'question', input: { requestId: request.requestId, answers } }
}

/** What `line`, typed at `prompt`, does. */
export function plainAnswer(prompt: PlainPrompt, line: string): PlainAnswer {
  const request = prompt.interaction
  switch (request.kind) {
    case 'permission':
      return answerPermission(request, line)
    case 'question':
      return answerQuestion(prompt, request, line)
    case 'agent_permission': {
      const option = request.options[(leadingNumber(line)?.n ?? 0) - 1]
      if (!option)
        return { kind: 'again', lines: [`Type a number from 1 to ${request.options.length}.`] }
      return {
        kind: 'agent_permission',
        input: { requestId: request.requestId, optionId: option.optionId },
      }
    }
    case 'form':
      return { kind: 'again', lines: plainPromptLines(prompt).slice(1) }
    default:
      return request satisfies never
  }
}
