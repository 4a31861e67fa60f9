import { basename } from 'node:path'
import { parse } from 'shell-quote'
import { ACP_AGENT_PRESETS, type AgentSpec } from '../../../shared/acp-agents'
import { LIMITS } from '../../../shared/limits'

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
 * Splits `--acp "COMMAND ARGS"` into a program and its arguments the way a shell splits words:
 * quotes and backslashes are respected and `#` starts a comment. The agent is then started directly,
 * not through a shell, so what a shell would do beyond splitting is refused with a clear message
 * instead of being done differently: pipes, `;`, `&&`, redirections and `$VARIABLES`. A wildcard is
 * passed on as written.
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

/**
 * The agent a `--acp` command line names: a preset when it runs the same program (so it gets the
 * preset's name, "Codex"), else an agent named after the program.
 */
export function agentFromCommandLine(
  line: string,
): { ok: true; agent: AgentSpec } | { ok: false; message: string } {
  const parsed = parseAgentCommand(line)
  if (!parsed.ok) return parsed
  const { command, args } = parsed
  const preset = ACP_AGENT_PRESETS.find(
    (p) => p.command === command && p.args.every((arg, i) => args[i] === arg),
  )
  // `npx pkg` and `node script.js` are named after what they run, not after npx or node.
  const runner = ['npx', 'node', 'bunx', 'pnpm', 'uvx'].includes(basename(command))
  const subject = runner ? (args.find((a) => !a.startsWith('-')) ?? command) : command
  const name = preset?.name ?? (basename(subject).replace(/\.[cm]?[jt]s$/, '') || command)
  return {
    ok: true,
    agent: { id: 'command-line', name: name.slice(0, 100), command, args, env: {} },
  }
}
