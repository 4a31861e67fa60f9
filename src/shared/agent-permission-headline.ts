/**
 * What an ACP agent's permission request leads with, in both UIs: what runs, not what the agent
 * calls it. For a command that is the command line (Copilot CLI titles an `execute` call with the
 * model's description, "Run a command for the test"); the title follows as a caption when it says
 * something else. Any other call leads with its title.
 */
export function agentPermissionHeadline(request: { title: string; command?: string | undefined }): {
  code: string
  caption: string | undefined
} {
  const { title, command } = request
  if (command === undefined || command.trim() === '') return { code: title, caption: undefined }
  // The older Claude Code adapter titles a command with the command in backticks.
  const plain = title.trim().replace(/^`([^`]*)`$/, '$1')
  return { code: command, caption: plain === command.trim() || plain === '' ? undefined : title }
}
