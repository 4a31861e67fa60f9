import { pinnedTool, type JsonObject } from './pinned-tools'
import type { Json } from './session-events'

/**
 * How both UIs put a tool call and its result into words. What is specific to one of Parley's
 * tools comes from its entry in `PINNED_TOOLS`; other tools have generic shapes: an MCP server's
 * (`mcp__server__tool`) by the usual fields of its input, an ACP agent's by the files it touches.
 * Everything here is raw text: each UI flattens it to one line and reveals hidden characters
 * its own way.
 */

/** Who made a call: Parley's model (its own and MCP tools) or an ACP agent (its own tools). */
export type ToolOrigin = 'parley' | 'agent'

/** Characters of a summary kept: enough for any one line, so a huge input is never flattened. */
const MAX_SUMMARY = 500

/** Fields an unknown tool's input is usually about, in the order they are tried. */
const USUAL_FIELDS = ['command', 'path', 'query', 'description', 'url'] as const

const isObject = (value: Json | undefined): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const text = (value: Json | undefined): string | undefined =>
  typeof value === 'string' ? value : undefined

/** Cut at `max` UTF-16 units, never inside a surrogate pair. */
function bounded(value: string, max = MAX_SUMMARY): string {
  if (value.length <= max) return value
  const end = /[\uD800-\uDBFF]/.test(value.charAt(max - 2)) ? max - 2 : max - 1
  return `${value.slice(0, end)}…`
}

/** An ACP agent's call (its input as `agentToolInput` keeps it): the files it touches, else its kind. */
function describeAgentCall(input: JsonObject): string {
  const locations = Array.isArray(input.locations)
    ? input.locations.flatMap((l) => text(l) ?? [])
    : []
  return locations.length > 0 ? locations.join(', ') : (text(input.kind) ?? '')
}

/** A call of a tool Parley does not pin: the first usual field it has, else its input as JSON. */
function describeOtherCall(input: JsonObject): string {
  for (const field of USUAL_FIELDS) {
    const value = text(input[field])
    if (value !== undefined) return value
  }
  return Object.keys(input).length > 0 ? JSON.stringify(input) : ''
}

/** What a tool call is about, for its one-line summary: the path, the command, "2 questions". */
export function toolCallSummary(call: { tool: string; input: Json; origin: ToolOrigin }): string {
  const { input } = call
  if (!isObject(input)) return bounded(JSON.stringify(input))
  if (call.origin === 'agent') return bounded(describeAgentCall(input))
  return bounded(pinnedTool(call.tool)?.describe(input) ?? describeOtherCall(input))
}

/** What a failed call's result says: its error message, else the result as JSON. */
export function toolErrorText(output: Json | undefined): string {
  if (output === undefined) return ''
  const message = isObject(output) ? (text(output.error) ?? text(output.message)) : text(output)
  return bounded(message ?? JSON.stringify(output))
}

/** Characters of a tool's output the "whole output" view keeps. */
const MAX_OUTPUT_CHARS = 200_000

/**
 * A tool result as readable text: a command's output (with its exit code when it failed), a
 * file's content, anything else as indented JSON. Bounded.
 */
export function toolOutputText(output: Json): string {
  let shown: string
  if (typeof output === 'string') shown = output
  else if (isObject(output) && typeof output.output === 'string') {
    const code = output.exitCode
    const body = output.output
    shown =
      typeof code === 'number' && code !== 0
        ? `${body}${body.endsWith('\n') || body === '' ? '' : '\n'}(exit code ${code})`
        : body
  } else if (isObject(output) && typeof output.content === 'string') shown = output.content
  else shown = JSON.stringify(output, null, 2)
  return shown.length > MAX_OUTPUT_CHARS ? `${shown.slice(0, MAX_OUTPUT_CHARS)}\n…` : shown
}

/** A tool input or output as it is: strings unchanged, anything else as indented JSON. */
export function jsonText(value: Json | undefined): string {
  if (value === undefined) return ''
  if (typeof value === 'string') return value
  return JSON.stringify(value, null, 2)
}
