import type { z } from 'zod'
import type { Json } from '../../../shared/session-events'

type Issue = z.core.$ZodIssue

/** `questions[0].options[2].label`, or "the input" for the whole of it. */
function where(path: readonly PropertyKey[]): string {
  if (path.length === 0) return 'the input'
  return path
    .map((key, i) => (typeof key === 'number' ? `[${key}]` : `${i === 0 ? '' : '.'}${String(key)}`))
    .join('')
}

function valueAt(input: Json, path: readonly PropertyKey[]): unknown {
  let current: unknown = input
  for (const key of path) {
    if (typeof current !== 'object' || current === null) return undefined
    current = (current as Record<PropertyKey, unknown>)[key]
  }
  return current
}

function describe(issue: Issue, input: Json): string {
  const value = valueAt(input, issue.path)
  switch (issue.code) {
    case 'invalid_type':
      return value === undefined
        ? `missing: a ${issue.expected} is required here`
        : `must be a ${issue.expected}, not ${Array.isArray(value) ? 'an array' : typeof value === 'object' && value !== null ? 'an object' : `a ${typeof value}`}`
    case 'too_small':
      if (issue.origin === 'string')
        return Number(issue.minimum) <= 1
          ? 'must not be empty'
          : `must have at least ${issue.minimum} characters`
      if (issue.origin === 'array')
        return `needs at least ${issue.minimum} item${Number(issue.minimum) === 1 ? '' : 's'}${Array.isArray(value) ? `, has ${value.length}` : ''}`
      return issue.message
    case 'too_big':
      if (issue.origin === 'string') return `must have at most ${issue.maximum} characters`
      if (issue.origin === 'array')
        return `takes at most ${issue.maximum} item${Number(issue.maximum) === 1 ? '' : 's'}${Array.isArray(value) ? `, has ${value.length}` : ''}`
      return issue.message
    case 'unrecognized_keys':
      return `remove ${issue.keys.map((k) => `"${k}"`).join(', ')}: not ${issue.keys.length === 1 ? 'a field' : 'fields'} of this input`
    default:
      return issue.message
  }
}

/**
 * Every problem of a tool input at once, numbered, each with where it is and what to change, so
 * the model can fix all of them in one more call.
 */
export function describeInputProblems(toolName: string, error: z.ZodError, input: Json): string {
  const lines = error.issues.map(
    (issue, i) => `${i + 1}. ${where(issue.path)}: ${describe(issue, input)}`,
  )
  const count = lines.length === 1 ? '1 problem' : `${lines.length} problems`
  return [
    `Invalid input for ${toolName}: ${count}, so it did not run. Rewrite the input to fix ${lines.length === 1 ? 'it' : 'all of them'} and call it again.`,
    ...lines,
  ].join('\n')
}
