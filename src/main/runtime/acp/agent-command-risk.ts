import type * as acp from '@agentclientprotocol/sdk'
import { quote } from 'shell-quote'
import type { Risk } from '../../../shared/permission'
import { bashGrammarLoaded, loadBashGrammar } from '../tools/shell/bash-grammar'
import { reviewCommand } from '../tools/run-command-review'

/** The shells an agent wraps a command in (`bash -lc "…"`): the command is the script. */
const SHELL = /^(?:\/(?:usr\/)?bin\/)?(?:ba|z|da)?sh$/

/**
 * The command line an agent's `execute` call runs, as well as it can be told: the raw input's
 * `command` (a string as Claude Code sends, or an argv as Codex sends, unwrapped from `bash -lc`),
 * else the title without the markdown backticks some agents put around it.
 */
export function agentCommandLine(call: acp.ToolCallUpdate): string | undefined {
  const raw = call.rawInput
  if (raw && typeof raw === 'object' && !Array.isArray(raw) && 'command' in raw) {
    const command: unknown = raw.command
    if (typeof command === 'string' && command.trim() !== '') return command
    if (Array.isArray(command) && command.every((w): w is string => typeof w === 'string')) {
      const [program, flag, script] = command
      if (program && SHELL.test(program) && /^-\w*c$/.test(flag ?? '') && script !== undefined)
        return script
      if (command.length > 0) return quote(command)
    }
  }
  const title = call.title?.trim()
  if (!title) return undefined
  const fenced = /^`([^`]+)`$/.exec(title)
  return fenced?.[1] ?? title
}

/**
 * Parley's own risk review of the command an agent asks to run (the review `run_command` gets:
 * every part of the line judged, the highest risk wins), for the tray's label. Undefined for a
 * call that runs no command.
 */
export async function agentCommandRisk(
  call: acp.ToolCallUpdate,
  workspace: string,
): Promise<{ risk: Risk; why?: string } | undefined> {
  if (call.kind !== 'execute') return undefined
  const command = agentCommandLine(call)
  if (command === undefined) return undefined
  if (!bashGrammarLoaded()) await loadBashGrammar().catch(() => undefined)
  try {
    const review = reviewCommand(command, { workspace })
    const flagged = review.parts.find((p) => p.risk === review.risk && p.why !== undefined)
    return { risk: review.risk, ...(flagged?.why !== undefined ? { why: flagged.why } : {}) }
  } catch {
    // The grammar could not be loaded: no label is better than a wrong one.
    return undefined
  }
}
