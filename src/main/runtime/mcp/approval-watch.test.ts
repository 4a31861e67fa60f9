import { appendFile, mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { McpServerState } from '../../../shared/mcp-servers'
import { loadMcpConfig } from './load-mcp-config'
import { McpHub } from './mcp-hub'
import { McpServerManager } from './server-manager'
import { FakeAsker } from './testing/fake-asker'
import { entry, scriptedServer, waitForState } from './testing/mcp-servers'
import { definitionsHash, WorkspaceApprovals } from './workspace-approvals'

let root: string
let workspace: string
let dataDir: string
const hubs: McpHub[] = []

beforeEach(async () => {
  root = await realpath(await mkdtemp(join(tmpdir(), 'parley-mcp-approval-')))
  workspace = join(root, 'repo')
  dataDir = join(root, 'data')
  await mkdir(workspace)
  await mkdir(dataDir)
})
afterEach(async () => {
  await Promise.all(hubs.splice(0).map((hub) => hub.close()))
  await rm(root, { recursive: true, force: true })
})

/** The scripted test server, started from a script in the workspace (`node ./srv.mjs`). */
const SERVER_SCRIPT = `import ${JSON.stringify(
  pathToFileURL(fileURLToPath(new URL('./testing/scripted-server.ts', import.meta.url))).href,
)}\n`

const config = (args: string[]) =>
  JSON.stringify({ mcpServers: { local: { command: process.execPath, args } } })

async function workspaceWithScript(): Promise<void> {
  await writeFile(join(workspace, 'srv.mjs'), SERVER_SCRIPT)
  await writeFile(join(workspace, '.mcp.json'), config(['./srv.mjs']))
}

function startHub(): McpHub {
  const hub = new McpHub({ dataDir, commandLineFiles: [], asker: new FakeAsker(), env: {} })
  hubs.push(hub)
  return hub
}

/** Resolves once the workspace's server `local` is in `state` (checked on every change). */
async function serverIn(hub: McpHub, state: McpServerState['state']): Promise<void> {
  const matches = async () =>
    (await hub.status(workspace)).servers.find((s) => s.name === 'local')?.status.state === state
  if (await matches()) return
  await new Promise<void>((resolve) => {
    const stop = hub.onChange(workspace, () => {
      void matches().then((yes) => {
        if (!yes) return
        stop()
        resolve()
      })
    })
  })
}

async function approveAsShown(hub: McpHub): Promise<string> {
  const pending = (await hub.status(workspace)).pendingApproval
  if (!pending) throw new Error('nothing waits for approval')
  expect(await hub.approve(workspace, pending.hash)).toBe(true)
  return pending.hash
}

describe('MCP approval covers what runs (issue 20, item 9)', () => {
  it('an approved `node ./srv.mjs` whose script changes while it runs is stopped and asks again', async () => {
    await workspaceWithScript()
    const hub = startHub()
    const first = await approveAsShown(hub)
    await serverIn(hub, 'ready')
    await appendFile(join(workspace, 'srv.mjs'), 'process.stderr.write("changed")\n')
    await serverIn(hub, 'needs_approval')
    const pending = (await hub.status(workspace)).pendingApproval
    expect(pending?.servers.map((s) => s.name)).toEqual(['local'])
    expect(pending?.hash).not.toBe(first)
    await approveAsShown(hub)
    await serverIn(hub, 'ready')
  })

  it('an edited .mcp.json is shown again while Parley runs: the changed server waits for approval', async () => {
    await workspaceWithScript()
    const hub = startHub()
    await approveAsShown(hub)
    await serverIn(hub, 'ready')
    await writeFile(join(workspace, '.mcp.json'), config(['./srv.mjs', '--verbose']))
    await serverIn(hub, 'needs_approval')
    expect((await hub.status(workspace)).pendingApproval?.servers).toEqual([
      { name: 'local', summary: `${process.execPath} ./srv.mjs --verbose` },
    ])
  })

  it('the approval hash covers a workspace file the command line names, and only the definitions otherwise', async () => {
    await workspaceWithScript()
    const approvals = new WorkspaceApprovals(dataDir)
    const load = () =>
      loadMcpConfig({ workspace, dataDir, commandLineFiles: [], approvals, env: {} })
    const before = await load()
    expect(before.approvalFiles).toEqual([join(workspace, '.mcp.json'), join(workspace, 'srv.mjs')])
    await approvals.approve(workspace, before.pendingApproval?.hash ?? '')
    expect((await load()).pendingApproval).toBeNull()
    await appendFile(join(workspace, 'srv.mjs'), '// one more line\n')
    expect((await load()).pendingApproval?.hash).not.toBe(before.pendingApproval?.hash)
    // `npx -y pkg` names no workspace file: the hash is the definitions' own, as before.
    const raw = { remote: { command: 'npx', args: ['-y', 'pkg'] } }
    await writeFile(join(workspace, '.mcp.json'), JSON.stringify({ mcpServers: raw }))
    expect((await load()).pendingApproval?.hash).toBe(definitionsHash(raw))
  })

  it('a workspace server is not (re)started when its approval no longer holds', async () => {
    let checks = 0
    const manager = new McpServerManager({
      workspace,
      asker: new FakeAsker(),
      approvedNow: async () => {
        checks++
        return false
      },
    })
    try {
      void manager.setServers([entry('local', scriptedServer(), { origin: 'workspace' })])
      const stopped = await waitForState(manager, 'local', 'stopped')
      expect(stopped.tools).toEqual([])
      expect(checks).toBe(1)
    } finally {
      await manager.close()
    }
  })
})
