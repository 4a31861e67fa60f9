import { defaultDataDir } from '../../main/runtime/sessions/data-dir'
import { loadMcpConfig, mcpConfigPaths } from '../../main/runtime/mcp/load-mcp-config'
import { WorkspaceApprovals } from '../../main/runtime/mcp/workspace-approvals'
import { ServerConnection } from '../../main/runtime/mcp/server-connection'
import { NO_PID_ISOLATION } from '../../main/runtime/sandbox/private-pids'
import { McpOAuthStore } from '../../main/runtime/mcp/oauth/oauth-store'
import type { SignInPrompt } from '../../main/runtime/mcp/oauth/oauth-session'
import { FileSecretStore } from '../../main/runtime/settings/file-secret-store'
import type { SecretStore } from '../../main/runtime/settings/secret-store'
import type { HttpServerDefinition } from '../../main/runtime/mcp/mcp-config'
import { errorMessage } from '../../shared/plain-error'
import { version } from '../../../package.json'
import type { CliOptions } from '../parse-cli'
import { openInBrowser } from '../../main/runtime/mcp/oauth/open-browser'

export interface McpCommandDeps {
  env: NodeJS.ProcessEnv
  cwd: string
  stdout(text: string): void
  stderr(text: string): void
  /** Opens the sign-in page; false when no browser could be started. */
  openBrowser(url: string): Promise<boolean>
  /** Where tokens are kept (the data folder's secret store unless a test says). */
  secrets?: SecretStore
  /** How long `login` waits for the browser to come back. */
  timeoutMs?: number
}

const USAGE =
  'usage: parley mcp login NAME | parley mcp logout NAME [--data-dir D] [--mcp-config FILE]'

/** The HTTP server `name` from the configuration the workspace would use, or why not. */
async function findServer(
  name: string,
  options: CliOptions,
  deps: McpCommandDeps,
  dataDir: string,
): Promise<{ ok: true; definition: HttpServerDefinition } | { ok: false; message: string }> {
  const loaded = await loadMcpConfig({
    dataDir,
    workspace: options.workspace ?? deps.cwd,
    commandLineFiles: mcpConfigPaths(options.mcpConfig, deps.cwd),
    approvals: new WorkspaceApprovals(dataDir),
    env: deps.env,
  })
  const server = loaded.servers.find((entry) => entry.name === name)
  if (!server) {
    const names = loaded.servers.map((entry) => entry.name)
    return {
      ok: false,
      message: `no MCP server named "${name}" is configured${names.length > 0 ? ` (configured: ${names.join(', ')})` : ''}`,
    }
  }
  if (server.definition.transport !== 'http')
    return {
      ok: false,
      message: `MCP server "${name}" is a program Parley starts (stdio); only HTTP servers sign in`,
    }
  return { ok: true, definition: server.definition }
}

/**
 * `parley mcp login NAME`: connects to the configured HTTP server and, when it asks for sign-in,
 * prints the authorization page and opens it in `$BROWSER` (else the system's browser); the
 * tokens go to the secret store. `parley mcp logout NAME` forgets them. Exit 0 on success, 1 when
 * the sign-in failed, 2 for a usage mistake or an unknown server.
 */
export async function mcpCommand(options: CliOptions, deps: McpCommandDeps): Promise<number> {
  const [verb, name, ...extra] = options.positionals
  if ((verb !== 'login' && verb !== 'logout') || name === undefined || extra.length > 0) {
    deps.stderr(`parley mcp: ${USAGE}\n`)
    return 2
  }
  const dataDir = options.dataDir ?? defaultDataDir()
  const found = await findServer(name, options, deps, dataDir)
  if (!found.ok) {
    deps.stderr(`parley mcp: ${found.message}\n`)
    return 2
  }
  const store = new McpOAuthStore(deps.secrets ?? new FileSecretStore(dataDir))
  const url = found.definition.url
  if (verb === 'logout') {
    const was = await store.signedIn(name, url)
    await store.clear(name, url)
    deps.stdout(
      was
        ? `Signed out of MCP server "${name}": its tokens are removed.\n`
        : `MCP server "${name}" was not signed in.\n`,
    )
    return 0
  }
  let asked = false
  const prompt: SignInPrompt = async (request) => {
    asked = true
    const page = request.authorizationUrl.href
    deps.stderr(`Sign in to MCP server "${name}" at ${request.authorizationUrl.host}:\n  ${page}\n`)
    if (!(await deps.openBrowser(page)))
      deps.stderr('No browser could be started; open the link above yourself.\n')
    return { kind: 'opened' }
  }
  try {
    const connection = await ServerConnection.open({
      name,
      definition: found.definition,
      cwd: deps.cwd,
      baseEnv: deps.env,
      pidIsolation: NO_PID_ISOLATION,
      clientInfo: { name: 'parley', version },
      connectTimeoutMs: 30_000,
      oauth: {
        store,
        prompt,
        ...(deps.timeoutMs !== undefined ? { timeoutMs: deps.timeoutMs } : {}),
      },
      handlers: {
        onElicit: async () => ({ action: 'cancel' }),
        onElicitationComplete: () => {},
        onLost: () => {},
        onToolsChanged: () => {},
      },
    })
    await connection.close('signed in')
  } catch (caught) {
    deps.stderr(`parley mcp: ${errorMessage(caught)}\n`)
    return 1
  }
  deps.stdout(
    asked || (await store.signedIn(name, url))
      ? `Signed in to MCP server "${name}".\n`
      : `MCP server "${name}" did not ask for sign-in; it works as it is.\n`,
  )
  return 0
}

/** The command as `parley` runs it: the real environment, terminal and browser. */
export function runMcpCommand(options: CliOptions): Promise<number> {
  return mcpCommand(options, {
    env: process.env,
    cwd: process.cwd(),
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    openBrowser: (url) => openInBrowser(url, { fallback: true }),
  })
}
