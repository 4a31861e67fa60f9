import { constants } from 'node:fs'
import { open, realpath } from 'node:fs/promises'
import { isAbsolute, join, resolve } from 'node:path'
import type { McpServerOrigin } from '../../../shared/mcp-servers'
import {
  describeDefinition,
  parseMcpConfig,
  type ConfiguredServer,
  type McpConfigProblem,
  type McpServerDefinition,
  type ParsedMcpConfig,
} from './mcp-config'
import { expandDefinition } from './server-env'
import { approvalSubject, type WorkspaceApprovals } from './workspace-approvals'
import { errorMessage } from '../../../shared/plain-error'

/** A server ready for the manager: its definition with `${VAR}` expanded, and whether it may start. */
export interface McpServerEntry {
  name: string
  origin: McpServerOrigin
  file: string
  definition: McpServerDefinition
  /** The command line or URL as written (before `${VAR}` expansion, so no secret is shown). */
  summary: string
  /** False for a workspace server the person has not approved yet: listed, never started. */
  approved: boolean
}

/** What a workspace's `.mcp.json` needs before its servers start. */
export interface PendingApproval {
  /** The workspace's real path (the key the approval is stored under). */
  workspace: string
  file: string
  /** Pass back to `approve` so exactly what was shown is approved. */
  hash: string
  /** What would start, as written in the file. */
  servers: Array<{ name: string; summary: string }>
}

export interface LoadedMcpConfig {
  servers: McpServerEntry[]
  problems: McpConfigProblem[]
  /** Set while the workspace file's servers wait for the person's approval. */
  pendingApproval: PendingApproval | null
  /** The files an approval of the workspace's servers depends on (absolute; `.mcp.json` first). */
  approvalFiles: string[]
}

export interface LoadMcpConfigOptions {
  /** The session's workspace: `<workspace>/.mcp.json` (needs approval). */
  workspace: string
  /** `<data-dir>/mcp.json` (the person's own servers: approved). */
  dataDir: string
  /** `--mcp-config FILE` (given on the command line: approved), absolute paths. */
  commandLineFiles: readonly string[]
  approvals: WorkspaceApprovals
  /** Where `${VAR}` is looked up. */
  env: NodeJS.ProcessEnv
  /**
   * Where a workspace file's `${VAR}` is looked up instead (the environment allow-list): a
   * cloned `.mcp.json` cannot pull a token out of Parley's environment. Absent: `env`.
   */
  workspaceEnv?: NodeJS.ProcessEnv
}

/** The paths `--mcp-config` named (it may be given more than once), resolved against `cwd`. */
export function mcpConfigPaths(
  flag: string | readonly string[] | undefined,
  cwd: string,
): string[] {
  const values = flag === undefined ? [] : typeof flag === 'string' ? [flag] : [...flag]
  return values.map((value) => (isAbsolute(value) ? value : resolve(cwd, value)))
}

/**
 * A configuration file's text, opened non-blocking and checked by type: a FIFO or a device in
 * place of `.mcp.json` is refused, never waited on.
 */
async function readRegularFile(file: string): Promise<string> {
  const handle = await open(file, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0))
  try {
    if (!(await handle.stat()).isFile()) throw new Error('not a regular file')
    return await handle.readFile('utf8')
  } finally {
    await handle.close()
  }
}

async function readConfig(
  file: string,
  origin: McpServerOrigin,
  { required }: { required: boolean },
): Promise<ParsedMcpConfig> {
  let content: string
  try {
    content = await readRegularFile(file)
  } catch (caught) {
    const code = (caught as NodeJS.ErrnoException).code
    if (code === 'ENOENT' && !required) return { servers: [], problems: [], raw: null }
    return {
      servers: [],
      problems: [
        {
          kind: 'unreadable',
          file,
          message:
            code === 'ENOENT'
              ? 'the file does not exist'
              : `cannot be read: ${errorMessage(caught)}`,
        },
      ],
      raw: null,
    }
  }
  return parseMcpConfig(content, file, origin)
}

/** Reads one file named on the command line (`--mcp-config FILE`): its servers count as approved. */
export function readMcpConfigFile(file: string): Promise<ParsedMcpConfig> {
  return readConfig(file, 'command_line', { required: true })
}

/**
 * The servers for one workspace: `<data-dir>/mcp.json`, then `<workspace>/.mcp.json`, then each
 * `--mcp-config` file; a later definition of the same name replaces an earlier one (the workspace's
 * over the person's, as in Claude Code; the command line's over both). A missing file is not a
 * problem (except one named on the command line); a bad one is reported and never throws.
 */
export async function loadMcpConfig(options: LoadMcpConfigOptions): Promise<LoadedMcpConfig> {
  const workspace = await realpath(options.workspace).catch(() => resolve(options.workspace))
  const user = await readConfig(join(options.dataDir, 'mcp.json'), 'user', { required: false })
  const project = await readConfig(join(workspace, '.mcp.json'), 'workspace', { required: false })
  const commandLine = await Promise.all(options.commandLineFiles.map(readMcpConfigFile))

  let pendingApproval: PendingApproval | null = null
  let projectApproved = true
  const approvalFiles = [join(workspace, '.mcp.json')]
  if (project.raw !== null && project.servers.length > 0) {
    const { hash, files } = await approvalSubject(workspace, project.raw, project.servers)
    approvalFiles.push(...files.map((file) => join(workspace, file)))
    projectApproved = await options.approvals.isApproved(workspace, hash)
    if (!projectApproved)
      pendingApproval = {
        workspace,
        file: join(workspace, '.mcp.json'),
        hash,
        servers: project.servers.map((server) => ({
          name: server.name,
          summary: describeDefinition(server.definition),
        })),
      }
  }

  const problems: McpConfigProblem[] = []
  if (options.approvals.problem)
    problems.push({
      kind: 'unreadable',
      file: options.approvals.path,
      message: options.approvals.problem,
    })
  const byName = new Map<string, McpServerEntry>()
  const add = (parsed: ParsedMcpConfig, approved: boolean) => {
    problems.push(...parsed.problems)
    for (const server of parsed.servers) addServer(server, approved)
  }
  const addServer = (server: ConfiguredServer, approved: boolean) => {
    const expanded = expandDefinition(
      server.definition,
      server.origin === 'workspace' ? (options.workspaceEnv ?? options.env) : options.env,
    )
    if (!expanded.ok) {
      problems.push({
        kind: 'invalid_server',
        file: server.file,
        server: server.name,
        message: expanded.message,
      })
      return
    }
    // Deleting first keeps the map in the order of the definition that wins.
    byName.delete(server.name)
    byName.set(server.name, {
      ...server,
      definition: expanded.value,
      summary: describeDefinition(server.definition),
      approved,
    })
  }
  add(user, true)
  add(project, projectApproved)
  for (const parsed of commandLine) add(parsed, true)
  return { servers: [...byName.values()], problems, pendingApproval, approvalFiles }
}
