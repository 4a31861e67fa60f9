/**
 * `!command` in a message box: the person runs a command themselves (through the same sandbox as
 * the agent's commands, never through the model), sees its output, and the next message carries
 * the command and its output so the agent knows what the person saw. No schema library: a message
 * box may load this before zod.
 */

/** The `!` that starts a message box's text makes the rest a command the person runs. */
export const USER_COMMAND_PREFIX = '!'

/** Characters a command may have (as `run_command`'s). */
export const USER_COMMAND_MAX_CHARS = 10_000

/** Characters of output `runUserCommand` answers with at most (run_command's bound, and its notes). */
export const USER_COMMAND_OUTPUT_MAX = 66_000

/** Characters of a command's output the next message carries (its head and its tail). */
export const USER_COMMAND_CONTEXT_CHARS = 8_000

/** What a finished command gave back, as `runUserCommand` answers. */
export interface UserCommandOutcome {
  exitCode: number | null
  signal: string | null
  output: string
  timedOut: boolean
}

/** The command in a message box's text (`!ls -la` → `ls -la`), or null where it is a message. */
export function userCommandOf(text: string): string | null {
  const trimmed = text.trim()
  if (!trimmed.startsWith(USER_COMMAND_PREFIX)) return null
  const command = trimmed.slice(USER_COMMAND_PREFIX.length).trim()
  return command === '' ? null : command
}

/** How the command ended, in words: "exit 0", "exit 2", "killed by SIGTERM", "timed out". */
export function userCommandEnding(outcome: UserCommandOutcome): string {
  if (outcome.timedOut) return 'timed out'
  if (outcome.exitCode !== null) return `exit ${outcome.exitCode}`
  if (outcome.signal !== null) return `killed by ${outcome.signal}`
  return 'did not start'
}

/** `text` with its middle left out past `max` characters, saying how much. */
export function headAndTail(text: string, max: number = USER_COMMAND_CONTEXT_CHARS): string {
  if (text.length <= max) return text
  const half = Math.floor(max / 2)
  return `${text.slice(0, half)}\n… [${text.length - 2 * half} characters left out] …\n${text.slice(text.length - half)}`
}

/** The longest run of backticks in `text`, so a fence around it is one longer. */
const longestTicks = (text: string) =>
  Math.max(0, ...[...text.matchAll(/`+/g)].map((match) => match[0].length))

/**
 * The block the next message carries for a command the person ran: the command, how it ended and
 * its output (at most USER_COMMAND_CONTEXT_CHARS of it), fenced so the output reads as output.
 */
export function userCommandContext(command: string, outcome: UserCommandOutcome): string {
  const output = headAndTail(outcome.output.trimEnd(), USER_COMMAND_CONTEXT_CHARS)
  const fence = '`'.repeat(Math.max(3, longestTicks(output) + 1))
  return [
    `I ran \`${command.replaceAll('`', "'")}\` myself (${userCommandEnding(outcome)}):`,
    fence,
    output === '' ? '(no output)' : output,
    fence,
  ].join('\n')
}

/** Characters all the blocks one message carries may take: the newest commands are kept. */
export const USER_COMMANDS_CONTEXT_MAX = 4 * USER_COMMAND_CONTEXT_CHARS

/**
 * The message text after the blocks of the commands run since the last message (oldest first;
 * the oldest are left out past USER_COMMANDS_CONTEXT_MAX, so the message stays within bounds).
 */
export function withUserCommands(text: string, contexts: readonly string[]): string {
  const kept: string[] = []
  let size = 0
  for (const context of contexts.toReversed()) {
    size += context.length + 2
    if (size > USER_COMMANDS_CONTEXT_MAX) break
    kept.unshift(context)
  }
  return kept.length === 0 ? text : `${kept.join('\n\n')}\n\n${text}`
}

/** What the transcript shows of a finished command: the command, how it ended, its output. */
export function userCommandNote(
  command: string,
  outcome: UserCommandOutcome & { sandboxed: boolean },
): string {
  const where = outcome.sandboxed ? '' : ' · no sandbox on this system'
  const output = headAndTail(outcome.output.trimEnd())
  return `$ ${command} · ${userCommandEnding(outcome)}${where}${output === '' ? '' : `\n${output}`}`
}
