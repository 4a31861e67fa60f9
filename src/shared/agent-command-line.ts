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

/** The quote still open at the end of `line`, if any (shell-quote accepts it silently). */
function unterminatedQuote(line: string): string | undefined {
  let open: string | undefined
  for (let i = 0; i < line.length; i++) {
    const c = line[i]
    if (open === "'") {
      if (c === "'") open = undefined
    } else if (c === '\\') {
      i++
    } else if (open === '"') {
      if (c === '"') open = undefined
    } else if (c === '"' || c === "'") {
      open = c
    }
  }
  return open
}

/**
 * Splits an agent's command line into a program and its arguments the way a shell splits words:
 * quotes and backslashes are respected and `#` starts a comment. The agent is then started
 * directly, not through a shell, so what a shell would do beyond splitting is refused with a clear
 * message instead of being done differently: pipes, `;`, `&&`, redirections and `$VARIABLES`. A
 * wildcard is passed on as written.
 */
export function parseAgentCommand(line: string): AgentCommandLine {
  if (line.length > LIMITS.path) {
    return { ok: false, message: `the agent command is longer than ${LIMITS.path} characters` }
  }
  const quote = unterminatedQuote(line)
  if (quote) return { ok: false, message: `the agent command has an unterminated ${quote} quote` }
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
