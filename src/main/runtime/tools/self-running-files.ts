/**
 * Why a workspace path (as shown, relative to the workspace) is high risk to write, or null.
 * Files in a workspace that another program runs or obeys by itself, outside any sandbox, the
 * next time the person works there: git (`.git/…` in any repository, nested ones included), direnv
 * (`.envrc`), husky's hooks (`.husky/…`), the editor's tasks and settings (`.vscode/tasks.json`,
 * `.vscode/settings.json`), the MCP servers a client starts (`.mcp.json`) and Parley's own
 * workspace settings (`.parley/…`). Writing one is high risk in every permission mode. Names are
 * compared without case, as a case-insensitive file system (macOS, Windows) opens them.
 */
export function selfRunningFile(shown: string): string | null {
  const parts = shown.split(/[\\/]/).map((part) => part.toLowerCase())
  const name = parts.at(-1) ?? ''
  if (parts.includes('.git')) return 'inside .git, whose hooks and config run commands'
  if (parts.includes('.husky')) return 'inside .husky, whose hooks git runs'
  if (parts.includes('.parley')) return "inside .parley, Parley's workspace settings"
  if (name === '.envrc') return 'to .envrc, which direnv runs on entering the folder'
  if (name === '.mcp.json') return 'to .mcp.json, which names programs to start'
  const folder = parts.at(-2)
  if (folder === '.vscode' && (name === 'tasks.json' || name === 'settings.json'))
    return `to .vscode/${name}, which the editor runs or obeys`
  return null
}
