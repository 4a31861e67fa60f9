import type { CliOptions } from './parse-cli'

/** A path as it can be pasted back into a shell. */
function shellQuote(text: string): string {
  return /^[\w./:@%+=,-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`
}

/**
 * The line printed when the terminal client quits: the command that comes back to the same
 * session, with every flag it was started with that changes what that session sees (its data
 * folder, the scripted model, the workspace, the MCP servers). `--acp` is not repeated: a
 * session keeps the agent it was created with.
 */
export function resumeHint(
  options: Pick<CliOptions, 'dataDir' | 'scenario' | 'workspace' | 'mcpConfig'>,
  sessionId: string,
): string {
  const flags = [
    ['--data-dir', options.dataDir],
    ['--scenario', options.scenario],
    ['--workspace', options.workspace],
    ['--mcp-config', options.mcpConfig],
  ].flatMap(([flag, value]) => (value === undefined ? [] : [`${flag} ${shellQuote(value)}`]))
  return ['Resume with: parley tui --session', sessionId, ...flags].join(' ')
}
