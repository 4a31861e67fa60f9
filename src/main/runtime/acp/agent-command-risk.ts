import type * as acp from '@agentclientprotocol/sdk'
import type { Risk } from '../../../shared/permission'
import { bashGrammarLoaded, loadBashGrammar } from '../tools/shell/bash-grammar'
import { reviewCommand } from '../tools/run-command-review'
import { rawCommandLine } from './call-input'

/**
 * The command line an agent's `execute` call runs, as well as it can be told: what its raw input
 * says (`rawCommandLine`), else the title without the markdown backticks some agents put around it.
 */
export function agentCommandLine(call: acp.ToolCallUpdate): string | undefined {
  const raw = rawCommandLine(call)
  if (raw !== undefined) return raw
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
