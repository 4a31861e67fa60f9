import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'
import type { McpServerInfo, McpServerState } from '../../../../shared/mcp-servers'
import type { McpServerEntry } from '../load-mcp-config'
import type { McpServerDefinition, StdioServerDefinition } from '../mcp-config'
import type { McpServerManager } from '../server-manager'

const require = createRequire(import.meta.url)

/** `@modelcontextprotocol/server-everything` over stdio, run by this Node. */
export function everythingServer(): StdioServerDefinition {
  return {
    transport: 'stdio',
    command: process.execPath,
    args: [require.resolve('@modelcontextprotocol/server-everything/dist/index.js'), 'stdio'],
    env: {},
  }
}

/** The path of the Streamable HTTP entry of server-everything (started by the test with PORT). */
export function everythingServerScript(): string {
  return require.resolve('@modelcontextprotocol/server-everything/dist/index.js')
}

/** The scripted test server (`scripted-server.ts`) over stdio. */
export function scriptedServer(): StdioServerDefinition {
  return {
    transport: 'stdio',
    command: process.execPath,
    args: [fileURLToPath(new URL('./scripted-server.ts', import.meta.url))],
    env: {},
  }
}

/** A configuration entry as `loadMcpConfig` would give it. */
export function entry(
  name: string,
  definition: McpServerDefinition,
  overrides: Partial<McpServerEntry> = {},
): McpServerEntry {
  return {
    name,
    origin: 'command_line',
    file: '/test/mcp.json',
    definition,
    summary: name,
    approved: true,
    ...overrides,
  }
}

/** Resolves with the server's info as soon as it is in `state` (checked on every change). */
export function waitForState<S extends McpServerState['state']>(
  manager: McpServerManager,
  name: string,
  state: S,
): Promise<McpServerInfo & { status: Extract<McpServerState, { state: S }> }> {
  return new Promise((resolve) => {
    const check = () => {
      const info = manager.list().find((server) => server.name === name)
      if (info?.status.state !== state) return false
      stop()
      resolve(info as McpServerInfo & { status: Extract<McpServerState, { state: S }> })
      return true
    }
    const stop = manager.onChange(() => void check())
    check()
  })
}

/** Resolves when `predicate` holds for the manager (checked on every change). */
export function waitForManager(
  manager: McpServerManager,
  predicate: (servers: McpServerInfo[]) => boolean,
): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      if (!predicate(manager.list())) return
      stop()
      resolve()
    }
    const stop = manager.onChange(check)
    check()
  })
}
