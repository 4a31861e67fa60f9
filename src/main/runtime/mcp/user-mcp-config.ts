import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { McpServerToAdd } from '../../../shared/mcp-servers'
import { writePrivateFile } from '../settings/private-file'
import { parseMcpConfig } from './mcp-config'

/** The person's own MCP servers: used in every workspace, started without approval. */
export function userMcpConfigPath(dataDir: string): string {
  return join(dataDir, 'mcp.json')
}

/** How adding a server ended: added, the name taken, or a file to fix first (nothing written). */
export type AddServerResult =
  { ok: true } | { ok: false; reason: 'exists' | 'unreadable'; message: string }

/**
 * Adds a stdio server to `<data-dir>/mcp.json`, keeping everything else in the file as it is (other
 * servers, keys other clients use). A missing file is created; a file Parley cannot read as an
 * MCP configuration is never overwritten: the person is told to fix it first. Written atomically.
 */
export async function addUserMcpServer(
  dataDir: string,
  server: McpServerToAdd,
): Promise<AddServerResult> {
  const file = userMcpConfigPath(dataDir)
  let content: string | null
  try {
    content = await readFile(file, 'utf8')
  } catch (caught) {
    if ((caught as NodeJS.ErrnoException).code !== 'ENOENT')
      return {
        ok: false,
        reason: 'unreadable',
        message: `${file} cannot be read: ${caught instanceof Error ? caught.message : String(caught)}`,
      }
    content = null
  }
  let root: Record<string, unknown> = {}
  let servers: Record<string, unknown> = {}
  if (content !== null) {
    const parsed = parseMcpConfig(content, file, 'user')
    if (parsed.raw === null) {
      const problem = parsed.problems[0]
      return {
        ok: false,
        reason: 'unreadable',
        message: `${file} is ${problem ? problem.message : 'not an MCP configuration'}: fix it first, then add the server again.`,
      }
    }
    root = JSON.parse(content) as Record<string, unknown>
    servers = parsed.raw
  }
  if (Object.hasOwn(servers, server.name))
    return {
      ok: false,
      reason: 'exists',
      message: `A server named “${server.name}” is already in ${file}. Pick another name.`,
    }
  const next = {
    ...root,
    mcpServers: { ...servers, [server.name]: { command: server.command, args: server.args } },
  }
  await writePrivateFile(file, `${JSON.stringify(next, null, 2)}\n`)
  return { ok: true }
}
