import { basename, dirname, sep } from 'node:path'
import { ACP_AGENT_PACKAGES, ACP_AGENT_PRESETS, type AgentSpec } from '../../../shared/acp-agents'
import { parseAgentCommand } from '../../../shared/agent-command-line'

/** Programs that run something else: an agent run by one is named after what it runs. */
const RUNNERS = ['npx', 'node', 'bunx', 'pnpm', 'uvx', 'jiti', 'tsx', 'ts-node']

/** File names that say nothing about the agent ("index.js", a loader such as jiti's). */
const GENERIC = /^(index|main|cli|bin|jiti|run|start|server|agent)$/i

/** The npm package a word names: `pkg`, `pkg@1.2.3`, or a path inside `node_modules/pkg/`. */
function packageOf(word: string): string | undefined {
  const parts = word.split(/[\\/]/)
  const at = parts.lastIndexOf('node_modules')
  if (at >= 0) {
    const scope = parts[at + 1]
    if (scope?.startsWith('@')) return parts[at + 2] ? `${scope}/${parts[at + 2]}` : undefined
    return scope
  }
  const bare = /^(@[^/@]+\/[^/@]+|[^/@.][^/@]*)(@[^/]+)?$/.exec(word)
  return bare?.[1]
}

/** A name for the program a path runs: its file name, or its package or folder when that says nothing. */
function programName(path: string): string {
  const stem = basename(path).replace(/\.[cm]?[jt]s$/, '')
  if (stem && !GENERIC.test(stem)) return stem
  const pkg = packageOf(path)
  if (pkg) return pkg
  // `…/my-agent/dist/index.js`: the folder above `dist`, `bin` or `src`.
  let folder = dirname(path)
  while (/^(dist|bin|src|lib|build|out)$/.test(basename(folder))) folder = dirname(folder)
  return basename(folder) || stem || path.split(sep).pop() || path
}

/**
 * The agent a `--acp` command line names: a preset when it runs the same program (so it gets the
 * preset's name, "Codex"), a known adapter package by the agent it runs, else an agent named
 * after the program. The agent's own name, once it says it in `initialize`, replaces this one.
 */
export function agentFromCommandLine(
  line: string,
): { ok: true; agent: AgentSpec } | { ok: false; message: string } {
  const parsed = parseAgentCommand(line)
  if (!parsed.ok) return parsed
  const { command, args } = parsed
  const runner = RUNNERS.includes(basename(command))
  // The same program: for a runner (npx) the same package too; for an agent's own CLI its name
  // alone, whatever its flags (`gemini --experimental-acp`, the flag of older Gemini CLIs).
  const preset = ACP_AGENT_PRESETS.find(
    (p) => p.command === command && (!runner || p.args.every((arg, i) => args[i] === arg)),
  )
  const subject = runner
    ? (args.find((a) => !a.startsWith('-') && !RUNNERS.includes(basename(a))) ?? command)
    : command
  const known = [command, ...args]
    .map((word) => packageOf(word))
    .map((pkg) => (pkg === undefined ? undefined : ACP_AGENT_PACKAGES[pkg]))
    .find((name) => name !== undefined)
  const name = preset?.name ?? known ?? (programName(subject) || command)
  return {
    ok: true,
    agent: { id: 'command-line', name: name.slice(0, 100), command, args, env: {} },
  }
}
