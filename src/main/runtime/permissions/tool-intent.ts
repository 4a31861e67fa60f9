import { createHash } from 'node:crypto'
import type { PermissionInteraction } from '../../../shared/interactions'
import type { Json, SessionEventOf } from '../../../shared/session-events'
import {
  ToolError,
  type CallReview,
  type ReviewContext,
  type ToolDefinition,
} from '../tools/tool-types'
import { toolsetFor } from '../tools/toolsets'
import { rememberKeysOf } from './remembered-decisions'
import { loadBashGrammar } from '../tools/shell/bash-grammar'

/**
 * What a permission prompt shows for one call and what Remember covers: the fields the
 * `permission_request` record and the pending interaction share, so a request found open at the
 * next start is shown exactly as it was.
 */
export type ToolIntent = Pick<
  PermissionInteraction,
  'summary' | 'detail' | 'risk' | 'intent' | 'rememberScope' | 'parts' | 'runsIn'
> & {
  /** The remember-for-turn keys an allow or deny with Remember records (internal). */
  rememberKeys: string[]
  /** What each of `rememberKeys` covers, in words (a lasting rule's label), in the same order. */
  rememberLabels: string[]
}

/** The most entries "Remember for this turn" lists (the contract's bound); past it, nothing is. */
const MAX_REMEMBER_SCOPE = 50

/** How a call of a tool without a review of its own is shown: its input as JSON. */
function genericReview(tool: string, input: Json): CallReview {
  return {
    summary: `Use ${tool}`,
    detail: JSON.stringify(input, null, 2),
    risk: 'low',
    parts: [{ text: tool, risk: 'low', key: `tool:${tool}`, label: tool }],
    showParts: false,
  }
}

/**
 * The review of a call (its input already validated): the tool's own, else a generic one. Throws
 * a ToolError when the call cannot apply; the model is told, and nobody is asked.
 */
export function reviewToolCall(
  tool: ToolDefinition,
  input: unknown,
  context: ReviewContext,
): CallReview {
  return tool.review ? tool.review(input, context) : genericReview(tool.name, input as Json)
}

/** A review in the words of the prompt, the log record and the Remember checkbox. */
export function presentReview(tool: string, review: CallReview): ToolIntent {
  const keys = rememberKeysOf(review)
  const labels = [
    ...new Set(
      review.parts.filter((p) => p.key !== null && keys.includes(p.key)).map((p) => p.label),
    ),
  ]
  const rememberable = labels.length > 0 && labels.length <= MAX_REMEMBER_SCOPE
  return {
    summary: review.summary,
    detail: review.detail,
    risk: review.risk,
    intent: rememberable ? `${tool}: ${labels.join(' · ')}` : `${tool}: (never remembered)`,
    rememberScope: rememberable ? labels : null,
    ...(review.showParts
      ? {
          parts: review.parts.map(({ text, risk, why }) => ({
            text,
            risk,
            ...(why !== undefined ? { why } : {}),
          })),
        }
      : {}),
    rememberKeys: rememberable ? keys : [],
    rememberLabels: rememberable
      ? keys.map((key) => review.parts.find((p) => p.key === key)?.label ?? key)
      : [],
  }
}

/** A request read back from the log: shown as it was; older records without scope remember nothing. */
export function intentOfRecord(request: SessionEventOf<'permission_request'>): ToolIntent {
  const scope = request.rememberScope ?? []
  const keys = request.rememberScope ? (request.rememberKeys ?? []) : []
  return {
    summary: request.summary,
    detail: request.detail,
    risk: request.risk,
    intent: request.intent,
    rememberScope: request.rememberScope ?? null,
    ...(request.parts !== undefined ? { parts: request.parts } : {}),
    ...(request.runsIn !== undefined ? { runsIn: request.runsIn } : {}),
    rememberKeys: keys,
    rememberLabels: scope.length === keys.length ? scope : keys.map(() => scope.join(' · ')),
  }
}

/**
 * How a call of one of Parley's tools is put to the person (for callers that hold a tool name and
 * a raw input). Throws a ToolError when the input is invalid or the call cannot apply.
 */
export async function describeToolCall(
  toolName: string,
  input: Json,
  context: ReviewContext,
): Promise<ToolIntent> {
  const tool = toolsetFor('interactive').get(toolName)
  if (!tool) return presentReview(toolName, genericReview(toolName, input))
  const parsed = tool.inputSchema.safeParse(input)
  if (!parsed.success) throw new ToolError(`invalid input for ${toolName}`)
  await loadBashGrammar()
  return presentReview(toolName, reviewToolCall(tool, parsed.data, context))
}

/** sha256 of a tool input, so an approval covers exactly the input that was shown. */
export function hashInput(input: Json): string {
  return createHash('sha256').update(JSON.stringify(input)).digest('hex')
}
