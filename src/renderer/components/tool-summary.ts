import type { Json } from '../../shared'
import { revealedText } from '../tray/reveal-invisibles'

const FIELD_BY_TOOL: Record<string, string> = {
  run_command: 'command',
  read_file: 'path',
  write_file: 'path',
  edit_file: 'path',
  list_files: 'path',
  search_files: 'query',
  Task: 'description',
}

/**
 * One line, with invisible and bidi characters shown as tokens so they cannot reorder it, and
 * line breaks shown as ↵ (a second command on a new line must not read as arguments of the first).
 */
function oneLine(text: string, max = 140): string {
  const flat = revealedText(
    text
      .trim()
      .replace(/\s*\n\s*/g, ' ↵ ')
      .replace(/[^\S\n]+/g, ' '),
  )
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat
}

/** One line saying what a tool call does, for its card's header. */
export function toolSummary(tool: string, input: Json): string {
  if (input && typeof input === 'object' && !Array.isArray(input)) {
    const field = FIELD_BY_TOOL[tool]
    const value = field ? input[field] : undefined
    if (typeof value === 'string') return oneLine(value)
    if (tool === 'list_files') return '.'
  }
  return oneLine(JSON.stringify(input) ?? '')
}

/** A tool input or output as readable text: strings as they are, anything else as JSON. */
export function jsonText(value: Json | undefined): string {
  if (value === undefined) return ''
  if (typeof value === 'string') return value
  return JSON.stringify(value, null, 2)
}
