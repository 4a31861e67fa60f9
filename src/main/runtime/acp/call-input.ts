import type * as acp from '@agentclientprotocol/sdk'
import { quote } from 'shell-quote'

/** The shells an agent wraps a command in (`bash -lc "…"`): the command is the script. */
const SHELL = /^(?:\/(?:usr\/)?bin\/)?(?:ba|z|da)?sh$/

/** The raw input as an object of fields, when it is one. */
function fields(call: acp.ToolCallUpdate): Record<string, unknown> | undefined {
  const raw: unknown = call.rawInput
  return raw && typeof raw === 'object' && !Array.isArray(raw)
    ? (raw as Record<string, unknown>)
    : undefined
}

/** The first of `names` that the raw input holds as a non-empty string. */
function stringField(call: acp.ToolCallUpdate, names: readonly string[]): string | undefined {
  const raw = fields(call)
  if (!raw) return undefined
  for (const name of names) {
    const value = raw[name]
    if (typeof value === 'string' && value !== '') return value
  }
  return undefined
}

/**
 * The command line a call's raw input says it runs: its `command`, a string (Claude Code,
 * opencode, Qwen Code, Copilot CLI) or an argv (Codex), unwrapped from `bash -lc`. The title is
 * not consulted: some agents title a command with the model's description of it.
 */
export function rawCommandLine(call: acp.ToolCallUpdate): string | undefined {
  const command: unknown = fields(call)?.command
  if (typeof command === 'string') return command.trim() === '' ? undefined : command
  if (Array.isArray(command) && command.every((w): w is string => typeof w === 'string')) {
    const [program, flag, script] = command
    if (program && SHELL.test(program) && /^-\w*c$/.test(flag ?? '') && script !== undefined)
      return script
    if (command.length > 0) return quote(command)
  }
  return undefined
}

/** The names agents give the file an edit tool changes (Claude Code and Qwen, opencode, Copilot). */
const PATH_FIELDS = ['file_path', 'filePath', 'path', 'absolute_path']
const OLD_FIELDS = ['old_string', 'oldString', 'old_str']
const NEW_FIELDS = ['new_string', 'newString', 'new_str']

/** The file an edit call's raw input names, if it names one. */
export function rawEditPath(call: acp.ToolCallUpdate): string | undefined {
  return stringField(call, PATH_FIELDS)
}

/**
 * The replacement an edit call's raw input describes (the text it replaces and the new text), for
 * an agent that sends no diff of its own.
 */
export function rawReplacement(
  call: acp.ToolCallUpdate,
): { path: string; oldText: string; newText: string } | undefined {
  const path = rawEditPath(call)
  const raw = fields(call)
  if (path === undefined || !raw) return undefined
  const oldText = OLD_FIELDS.map((n) => raw[n]).find((v) => typeof v === 'string')
  const newText = NEW_FIELDS.map((n) => raw[n]).find((v) => typeof v === 'string')
  if (typeof oldText !== 'string' || typeof newText !== 'string') return undefined
  return { path, oldText, newText }
}
