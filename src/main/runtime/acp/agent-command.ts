import { basename } from 'node:path'
import { ACP_AGENT_PRESETS, type AgentSpec } from '../../../shared/acp-agents'
import { parseAgentCommand } from '../../../shared/agent-command-line'

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
