import { spawn, type ChildProcess } from 'node:child_process'
import { mkdir, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { createInterface } from 'node:readline'

/** The pinned line `parley serve` prints once it listens. */
const LISTENING_PREFIX = 'Parley listening on '

/** A throwaway data folder and workspace, kept across server restarts. */
export type ParleyFolders = {
  dataDir: string
  workspace: string
  remove(): Promise<void>
}

/** A running `parley serve`. */
export type ParleyServer = {
  /** The printed URL, with `#token=…`: opening it opens the app. */
  url: string
  /** The server's process id (benchmarks read its /proc figures). */
  pid: number
  /** From spawning the process to its listening line. */
  startedInMs: number
  /** Stops the process (SIGTERM, as a person quitting would) and says how it ended. */
  stop(): Promise<ServerExit>
  /** Kills the process outright (SIGKILL), as a crash or power loss would. */
  kill(): Promise<ServerExit>
  /** Resolves with the rest of the first stdout line (printed so far or later) after `prefix`. */
  lineAfter(prefix: string): Promise<string>
}

/** How a server process ended, and everything it wrote to stderr. */
export type ServerExit = {
  code: number | null
  signal: NodeJS.Signals | null
  stderr: string
}

export async function createFolders(): Promise<ParleyFolders> {
  const root = await mkdtemp(join(tmpdir(), 'parley-e2e-'))
  const dataDir = join(root, 'data')
  const workspace = join(root, 'workspace')
  await mkdir(workspace, { recursive: true })
  return { dataDir, workspace, remove: () => rm(root, { recursive: true, force: true }) }
}

/** What else the server is started with: an ACP agent for new sessions, MCP servers. */
export type ServerOptions = {
  /** `--acp "COMMAND ARGS"`. */
  acp?: string
  /** `--mcp-config FILE`. */
  mcpConfig?: string
  /** More options, after the rest. */
  args?: readonly string[]
  /** Start without `--workspace`: new sessions ask for a folder (unless Settings names one). */
  noWorkspace?: boolean
}

/** The scripted fake ACP agent (src/main/runtime/acp/testing) playing e2e/agents/<script>. */
export function fakeAgentCommand(script: string): string {
  const agent = resolve('src/main/runtime/acp/testing/fake-acp-agent.ts')
  return `${process.execPath} --no-warnings ${agent} ${resolve('e2e/agents', script)}`
}

/**
 * Starts `node out/cli/parley.js serve --scenario <file> --port 0` (the build is done by
 * `npm test` beforehand) and resolves with its URL once the listening line appears. Without a
 * scenario (null or '') the model is whatever the environment configures, else the demo.
 * `options.args` go on the command line after the rest.
 */
export async function startParleyServer(
  scenarioFile: string | null,
  folders: ParleyFolders,
  env: Record<string, string> = {},
  options: ServerOptions = {},
): Promise<ParleyServer> {
  const spawnedAt = performance.now()
  const child = spawn(
    process.execPath,
    [
      resolve('out/cli/parley.js'),
      'serve',
      ...(scenarioFile ? ['--scenario', resolve('e2e/scenarios', scenarioFile)] : []),
      '--port',
      '0',
      '--data-dir',
      folders.dataDir,
      ...(options.noWorkspace ? [] : ['--workspace', folders.workspace]),
      ...(options.acp ? ['--acp', options.acp] : []),
      ...(options.mcpConfig ? ['--mcp-config', options.mcpConfig] : []),
      ...(options.args ?? []),
    ],
    { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } },
  )
  let stderr = ''
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString()
  })
  const printed: string[] = []
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream })
  lines.on('line', (line) => printed.push(line))
  const lineAfter = (prefix: string) =>
    new Promise<string>((resolveLine) => {
      const found = (line: string) =>
        line.startsWith(prefix) && resolveLine(line.slice(prefix.length).trim())
      printed.forEach(found)
      lines.on('line', found)
    })
  try {
    const url = await new Promise<string>((resolveUrl, reject) => {
      lines.on('line', (line) => {
        if (line.startsWith(LISTENING_PREFIX))
          resolveUrl(line.slice(LISTENING_PREFIX.length).trim())
      })
      child.once('exit', (code) =>
        reject(new Error(`parley serve exited with ${code} before listening:\n${stderr}`)),
      )
      child.once('error', reject)
    })
    return {
      url,
      pid: child.pid ?? 0,
      startedInMs: performance.now() - spawnedAt,
      stop: () => stopChild(child).then(() => exitOf(child, stderr)),
      kill: () => stopChild(child, 'SIGKILL').then(() => exitOf(child, stderr)),
      lineAfter,
    }
  } catch (error) {
    await stopChild(child)
    throw error
  }
}

function exitOf(child: ChildProcess, stderr: string): ServerExit {
  return { code: child.exitCode, signal: child.signalCode, stderr }
}

async function stopChild(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM') {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise((done) => child.once('exit', done))
  child.kill(signal)
  // A server that ignores SIGTERM must not outlive the test run.
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000)
  await exited
  clearTimeout(timer)
}
