import type {
  LanguageModelV4,
  LanguageModelV4CallOptions,
  LanguageModelV4Prompt,
  LanguageModelV4StreamPart,
} from '@ai-sdk/provider'
import { MockLanguageModelV4 } from 'ai/test'
import { AskUserQuestionResultSchema } from '../../../shared/ask-user-question'
import type { Scenario, ScenarioStep } from '../../../shared/scenario'
import type { PermissionMode } from '../../../shared/permission'

export interface ScenarioModelContext {
  mode: PermissionMode
  /** Pause between streamed deltas, so a UI shows real streaming. */
  delayMs: number
}

/** Text of a user message in a model prompt. */
function userText(message: LanguageModelV4Prompt[number]): string {
  if (message.role !== 'user') return ''
  return message.content.map((part) => (part.type === 'text' ? part.text : '')).join('')
}

function matches(pattern: string | undefined, text: string): boolean {
  if (pattern === undefined) return true
  try {
    return new RegExp(pattern).test(text)
  } catch {
    return false
  }
}

/**
 * Which scenario turn answers each user message, replayed from the conversation itself: the first
 * unused turn whose `when` matches; once all are used they become available again. Deriving it from
 * the prompt (not from state in this process) keeps it right after a restart, and a child agent's
 * conversation (its prompt is its first user message) is matched the same way.
 */
export function chooseTurn(
  scenario: Scenario,
  userMessages: readonly string[],
): number | undefined {
  let used = new Set<number>()
  let chosen: number | undefined
  for (const text of userMessages) {
    if (used.size === scenario.turns.length) used = new Set()
    const pick = (candidates: Set<number>) =>
      scenario.turns.findIndex((turn, i) => !candidates.has(i) && matches(turn.when, text))
    let index = pick(used)
    if (index === -1) index = pick(new Set())
    chosen = index === -1 ? undefined : index
    if (chosen !== undefined) used.add(chosen)
  }
  return chosen
}

/** The JSON text of the newest tool result in the prompt, or "" when there is none. */
function lastToolResult(prompt: LanguageModelV4Prompt): string {
  for (let i = prompt.length - 1; i >= 0; i--) {
    const message = prompt[i]
    if (message?.role !== 'tool') continue
    for (let j = message.content.length - 1; j >= 0; j--) {
      const part = message.content[j]
      if (part?.type !== 'tool-result') continue
      const output = part.output
      if (output.type === 'json' || output.type === 'error-json')
        return JSON.stringify(output.value)
      if (output.type === 'text' || output.type === 'error-text') return output.value
      return JSON.stringify(output)
    }
  }
  return ''
}

/**
 * The newest AskUserQuestion result in the prompt as text a person reads, one line per question
 * ("- Which runner? **Vitest**"), or "" when there is none.
 */
function lastAnswers(prompt: LanguageModelV4Prompt): string {
  for (let i = prompt.length - 1; i >= 0; i--) {
    const message = prompt[i]
    if (message?.role !== 'tool') continue
    for (let j = message.content.length - 1; j >= 0; j--) {
      const part = message.content[j]
      if (part?.type !== 'tool-result' || part.output.type !== 'json') continue
      const parsed = AskUserQuestionResultSchema.safeParse(part.output.value)
      if (!parsed.success) continue
      return parsed.data.answers
        .map((a) => `- ${a.question} ${a.answer === null ? '*not answered*' : `**${a.answer}**`}`)
        .join('\n')
    }
  }
  return ''
}

/** The values `say` can quote; the names are the scenario format's placeholders. */
export type PlaceholderValues = {
  tools: string
  mode: string
  lastToolResult: string
  lastAnswers: string
}

export function fillPlaceholders(text: string, values: PlaceholderValues): string {
  return text.replace(
    /\{\{(tools|mode|lastToolResult|lastAnswers)\}\}/g,
    (_, key: keyof PlaceholderValues) => values[key],
  )
}

/** Splits text into a few deltas at word boundaries, so it streams like a real model. */
export function toDeltas(text: string): string[] {
  const words = text.match(/\S+\s*|\s+/g) ?? []
  const deltas: string[] = []
  for (let i = 0; i < words.length; i += 3) deltas.push(words.slice(i, i + 3).join(''))
  return deltas
}

/** The scripted step this model call plays, or undefined when the script has run out. */
function stepFor(
  scenario: Scenario,
  prompt: LanguageModelV4Prompt,
): { step: ScenarioStep; turn: number; index: number } | undefined {
  const userIndexes = prompt.flatMap((m, i) => (m.role === 'user' ? [i] : []))
  const turn = chooseTurn(
    scenario,
    userIndexes.map((i) => userText(prompt[i] as LanguageModelV4Prompt[number])),
  )
  if (turn === undefined) return undefined
  const lastUser = userIndexes.at(-1) ?? -1
  const index = prompt.slice(lastUser + 1).filter((m) => m.role === 'assistant').length
  const step = scenario.turns[turn]?.steps[index]
  return step ? { step, turn, index } : undefined
}

const usage = {
  inputTokens: { total: 0, noCache: 0, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 0, text: 0, reasoning: 0 },
}

async function* playStep(
  options: LanguageModelV4CallOptions,
  scenario: Scenario,
  ctx: ScenarioModelContext,
) {
  const tools = (options.tools ?? []).map((t) => t.name).sort()
  const found = stepFor(scenario, options.prompt)
  const values = {
    tools: tools.join(','),
    mode: ctx.mode,
    lastToolResult: lastToolResult(options.prompt),
    lastAnswers: lastAnswers(options.prompt),
  }
  yield { type: 'stream-start', warnings: [] } satisfies LanguageModelV4StreamPart
  const say = found?.step.say ? fillPlaceholders(found.step.say, values) : ''
  if (say !== '') {
    yield { type: 'text-start', id: 'text' } satisfies LanguageModelV4StreamPart
    for (const delta of toDeltas(say)) {
      if (ctx.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, ctx.delayMs))
      if (options.abortSignal?.aborted) return
      yield { type: 'text-delta', id: 'text', delta } satisfies LanguageModelV4StreamPart
    }
    yield { type: 'text-end', id: 'text' } satisfies LanguageModelV4StreamPart
  }
  const calls = found?.step.call ?? []
  // Ids are unique within the conversation and stable across a restart: user message, step, index.
  const userCount = options.prompt.filter((m) => m.role === 'user').length
  for (const [i, call] of calls.entries()) {
    yield {
      type: 'tool-call',
      toolCallId: `call-${userCount}-${found?.index ?? 0}-${i}`,
      toolName: call.tool,
      input: JSON.stringify(call.input ?? {}),
    } satisfies LanguageModelV4StreamPart
  }
  const counted = found?.step.usage
  yield {
    type: 'finish',
    usage: counted
      ? {
          inputTokens: { ...usage.inputTokens, total: counted.inputTokens },
          outputTokens: { ...usage.outputTokens, total: counted.outputTokens },
        }
      : usage,
    finishReason: { unified: calls.length > 0 ? 'tool-calls' : 'stop', raw: undefined },
  } satisfies LanguageModelV4StreamPart
}

/**
 * The scripted fake backend (scenario format: docs/scenarios.md): each model call streams the
 * step's `say` in several deltas, then makes its `call`s (several = parallel tool calls).
 */
export function createScenarioModel(
  scenario: Scenario,
  ctx: ScenarioModelContext,
): LanguageModelV4 {
  return new MockLanguageModelV4({
    provider: 'parley-fake',
    modelId: 'scenario',
    doStream: async (options) => {
      const parts = playStep(options, scenario, ctx)
      return {
        stream: new ReadableStream<LanguageModelV4StreamPart>({
          async pull(controller) {
            const next = await parts.next()
            if (next.done) controller.close()
            else controller.enqueue(next.value)
          },
        }),
      }
    },
  })
}
