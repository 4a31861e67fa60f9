import { parse } from 'shell-quote'
import { LIMITS } from './limits'

/**
 * How an agent's command line is split into a program and its arguments, the same for `--acp
 * "COMMAND ARGS"` and for the command line typed in Settings. (Beside the contracts because both
 * sides must split alike; it needs `shell-quote`, a small pure parser that runs anywhere.)
 */
export type AgentCommandLine =
  { ok: true; command: string; args: string[] } | { ok: false; message: string }

/** Marks a `$VARIABLE` in the parsed words (shell-quote hands it to this lookup). */
const VARIABLE = { variable: true } as const

/**
 * The quote still open at the end of `line`, if any (shell-quote accepts it silently), and
 * whether a backtick stands where a shell would run it as a command (shell-quote keeps it as text).
 */
function scanQuotes(line: string): { open: string | undefined; backtick: boolean } {
  let open: string | undefined
  let backtick = false
  for (let i = 0; i < line.length; i++) {
    const c = line[i]
    if (open === "'") {
      if (c === "'") open = undefined
    } else if (c === '\\') {
      i++
    } else if (c === '`') {
      backtick = true
    } else if (open === '"') {
      if (c === '"') open = undefined
    } else if (c === '"' || c === "'") {
      open = c
    }
  }
  return { open, backtick }
}

/** `NAME=value` before the program: a shell would set it in the program's environment. */
const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/

/**
 * Splits an agent's command line into a program and its arguments the way a shell splits words:
 * quotes and backslashes are respected and `#` starts a comment. The agent is then started
 * directly, not through a shell, so what a shell would do beyond splitting is refused with a clear
 * message instead of being done differently: pipes, `;`, `&&`, redirections, `$VARIABLES`,
 * backticks and a leading `NAME=value`. A wildcard is passed on as written.
 */
export function parseAgentCommand(line: string): AgentCommandLine {
  if (line.length > LIMITS.path) {
    return { ok: false, message: `the agent command is longer than ${LIMITS.path} characters` }
  }
  const { open, backtick } = scanQuotes(line)
  if (open) return { ok: false, message: `the agent command has an unterminated ${open} quote` }
  if (backtick)
    return {
      ok: false,
      message:
        'the agent command uses a `backtick` command; it is run without a shell, so write the value itself',
    }
  const words: string[] = []
  for (const entry of parse(line, () => VARIABLE)) {
    if (typeof entry === 'string') {
      words.push(entry)
    } else if ('variable' in entry) {
      return {
        ok: false,
        message:
          'the agent command uses a $VARIABLE; it is run without a shell, so write the value itself',
      }
    } else if ('comment' in entry) {
      break
    } else if (entry.op === 'glob') {
      words.push(entry.pattern)
    } else {
      return {
        ok: false,
        message: `the agent command uses "${entry.op}"; it is run directly, without a shell, so give one program and its arguments`,
      }
    }
  }
  const [command, ...args] = words
  if (command === undefined || command === '') {
    return { ok: false, message: 'the agent command is empty' }
  }
  if (ASSIGNMENT.test(command)) {
    return {
      ok: false,
      message: `the agent command starts with ${command.slice(0, command.indexOf('=') + 1)}…, a shell's way to set a variable; it is run without a shell, so set the variable in the agent's env in Settings or in the environment Parley starts from`,
    }
  }
  return { ok: true, command, args }
}

/** A word a shell leaves alone as it is. */
const PLAIN_WORD = /^[\w@%+=:,./-]+$/

/**
 * The command line that `parseAgentCommand` splits back into exactly `command` and `args`: plain
 * words as they are, anything else in single quotes (a `'` inside written as `'\''`).
 */
export function formatAgentCommand(command: string, args: readonly string[]): string {
  return [command, ...args]
    .map((word) => (PLAIN_WORD.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`))
    .join(' ')
}
