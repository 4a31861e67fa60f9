import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, readFile, realpath, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { loadMcpConfig, mcpConfigPaths, type LoadMcpConfigOptions } from './load-mcp-config'
import { McpServerManager } from './server-manager'
import { FakeAsker } from './testing/fake-asker'
import { WorkspaceApprovals } from './workspace-approvals'

let root: string
let workspace: string
let dataDir: string

beforeEach(async () => {
  root = await realpath(await mkdtemp(join(tmpdir(), 'parley-mcp-config-')))
  workspace = join(root, 'repo')
  dataDir = join(root, 'data')
  await mkdir(workspace)
  await mkdir(dataDir)
})
afterEach(() => rm(root, { recursive: true, force: true }))

const json = (value: unknown) => JSON.stringify(value, null, 2)

function options(overrides: Partial<LoadMcpConfigOptions> = {}): LoadMcpConfigOptions {
  return {
    workspace,
    dataDir,
    commandLineFiles: [],
    approvals: new WorkspaceApprovals(dataDir),
    env: {},
    ...overrides,
  }
}

const project = {
  mcpServers: {
    tracker: { command: 'npx', args: ['-y', 'tracker-mcp'], env: { TRACKER_URL: 'https://t' } },
    docs: { type: 'http', url: 'https://docs.example.com/mcp' },
  },
}

describe('workspace approval', () => {
  it('lists a workspace’s own servers as unapproved until the person approves them, then remembers it', async () => {
    await writeFile(join(workspace, '.mcp.json'), json(project))
    const first = await loadMcpConfig(options())
    expect(first.servers.map((s) => [s.name, s.origin, s.approved])).toEqual([
      ['tracker', 'workspace', false],
      ['docs', 'workspace', false],
    ])
    expect(first.pendingApproval).toMatchObject({
      workspace,
      file: join(workspace, '.mcp.json'),
      servers: [
        { name: 'tracker', summary: 'npx -y tracker-mcp  (env: TRACKER_URL)' },
        { name: 'docs', summary: 'https://docs.example.com/mcp' },
      ],
    })

    const approvals = new WorkspaceApprovals(dataDir)
    await approvals.approve(workspace, first.pendingApproval?.hash ?? '')
    const second = await loadMcpConfig(options({ approvals: new WorkspaceApprovals(dataDir) }))
    expect(second.pendingApproval).toBeNull()
    expect(second.servers.every((s) => s.approved)).toBe(true)
    expect(JSON.parse(await readFile(join(dataDir, 'mcp-approvals.json'), 'utf8'))).toMatchObject({
      workspaces: { [workspace]: { hash: first.pendingApproval?.hash } },
    })
  })

  it('asks again when the file’s servers change, but not when it is only reformatted', async () => {
    await writeFile(join(workspace, '.mcp.json'), json(project))
    const first = await loadMcpConfig(options())
    await new WorkspaceApprovals(dataDir).approve(workspace, first.pendingApproval?.hash ?? '')

    // Same definitions, other key order and layout: still approved.
    const reordered = {
      mcpServers: {
        docs: { url: 'https://docs.example.com/mcp', type: 'http' },
        tracker: { env: { TRACKER_URL: 'https://t' }, args: ['-y', 'tracker-mcp'], command: 'npx' },
      },
    }
    await writeFile(join(workspace, '.mcp.json'), JSON.stringify(reordered))
    expect((await loadMcpConfig(options())).pendingApproval).toBeNull()

    // An edited command is a different program: approval is asked again.
    const edited = structuredClone(project)
    edited.mcpServers.tracker.args = ['-y', 'tracker-mcp@evil']
    await writeFile(join(workspace, '.mcp.json'), json(edited))
    const after = await loadMcpConfig(options())
    expect(after.pendingApproval?.hash).not.toBe(first.pendingApproval?.hash)
    expect(after.servers.find((s) => s.name === 'tracker')?.approved).toBe(false)
  })

  it('never starts a cloned repository’s server before approval, and starts it after', async () => {
    const marker = join(workspace, 'ran.txt')
    await writeFile(
      join(workspace, '.mcp.json'),
      json({
        mcpServers: {
          sneaky: {
            command: process.execPath,
            args: ['-e', "require('fs').writeFileSync('ran.txt', 'ran')"],
          },
        },
      }),
    )
    const manager = new McpServerManager({ workspace, asker: new FakeAsker() })
    try {
      const loaded = await loadMcpConfig(options())
      await manager.setServers(loaded.servers)
      expect(manager.list()[0]?.status).toEqual({ state: 'needs_approval' })
      expect(existsSync(marker)).toBe(false)

      await new WorkspaceApprovals(dataDir).approve(workspace, loaded.pendingApproval?.hash ?? '')
      await manager.setServers((await loadMcpConfig(options())).servers)
      // It ran (it is no MCP server, so it then failed to start).
      expect(existsSync(marker)).toBe(true)
      expect(manager.list()[0]?.status.state).toBe('failed')
    } finally {
      await manager.close()
    }
  })

  it('counts --mcp-config files and the person’s own mcp.json as approved', async () => {
    const elsewhere = join(root, 'elsewhere.json')
    await writeFile(elsewhere, json({ mcpServers: { flagged: { command: 'flagged-server' } } }))
    await writeFile(join(dataDir, 'mcp.json'), json({ mcpServers: { mine: { command: 'mine' } } }))
    const loaded = await loadMcpConfig(options({ commandLineFiles: [elsewhere] }))
    expect(loaded.servers.map((s) => [s.name, s.origin, s.approved])).toEqual([
      ['mine', 'user', true],
      ['flagged', 'command_line', true],
    ])
    expect(loaded.pendingApproval).toBeNull()
    expect(loaded.problems).toEqual([])
  })

  it('lets a workspace server replace the person’s server of the same name, and the command line replace both', async () => {
    await writeFile(join(dataDir, 'mcp.json'), json({ mcpServers: { same: { command: 'user' } } }))
    await writeFile(
      join(workspace, '.mcp.json'),
      json({ mcpServers: { same: { command: 'repo' } } }),
    )
    const loaded = await loadMcpConfig(options())
    expect(loaded.servers).toMatchObject([{ name: 'same', summary: 'repo', approved: false }])

    const flag = join(root, 'flag.json')
    await writeFile(flag, json({ mcpServers: { same: { command: 'flag' } } }))
    const flagged = await loadMcpConfig(options({ commandLineFiles: [flag] }))
    expect(flagged.servers).toMatchObject([{ name: 'same', summary: 'flag', approved: true }])
  })

  it('keeps both of two approvals given at once, and refuses a value that is no definitions hash', async () => {
    const approvals = new WorkspaceApprovals(dataDir)
    const a = 'a'.repeat(64)
    const b = 'b'.repeat(64)
    expect(await Promise.all([approvals.approve('/w1', a), approvals.approve('/w2', b)])).toEqual([
      true,
      true,
    ])
    expect(await approvals.isApproved('/w1', a)).toBe(true)
    expect(await approvals.isApproved('/w2', b)).toBe(true)
    expect(await approvals.approve('/w3', 'not-a-hash')).toBe(false)
    expect(await approvals.isApproved('/w3', 'not-a-hash')).toBe(false)
  })

  it('approves nothing when the approvals file is damaged, and says so', async () => {
    await writeFile(join(workspace, '.mcp.json'), json(project))
    await writeFile(join(dataDir, 'mcp-approvals.json'), '{ not json')
    const loaded = await loadMcpConfig(options())
    expect(loaded.servers.every((s) => !s.approved)).toBe(true)
    expect(loaded.problems).toEqual([
      expect.objectContaining({ kind: 'unreadable', file: join(dataDir, 'mcp-approvals.json') }),
    ])
  })
})

describe('bad configuration', () => {
  it('reports a file that is not JSON, and still loads the others', async () => {
    await writeFile(join(workspace, '.mcp.json'), '{"mcpServers": {')
    await writeFile(join(dataDir, 'mcp.json'), json({ mcpServers: { ok: { command: 'ok' } } }))
    const loaded = await loadMcpConfig(options())
    expect(loaded.servers.map((s) => s.name)).toEqual(['ok'])
    expect(loaded.problems).toEqual([
      {
        kind: 'invalid_json',
        file: join(workspace, '.mcp.json'),
        line: 1,
        column: 17,
        message: expect.stringMatching(/^not valid JSON: /),
      },
    ])
    expect(loaded.pendingApproval).toBeNull()
  })

  it('reports a file without mcpServers, a missing --mcp-config file, and each bad entry by name', async () => {
    await writeFile(join(dataDir, 'mcp.json'), json({ servers: {} }))
    const flag = join(root, 'flag.json')
    await writeFile(
      flag,
      json({
        mcpServers: {
          good: { command: 'good', args: ['--x'] },
          nothing: { args: [] },
          both: { command: 'x', url: 'https://x' },
          legacy: { type: 'sse', url: 'https://x/sse' },
          badArgs: { command: 'x', args: 'not-a-list' },
          ftp: { url: 'ftp://x' },
        },
      }),
    )
    const loaded = await loadMcpConfig(
      options({ commandLineFiles: [flag, join(root, 'missing.json')] }),
    )
    expect(loaded.servers.map((s) => s.name)).toEqual(['good'])
    expect(loaded.problems).toEqual([
      {
        kind: 'invalid_config',
        file: join(dataDir, 'mcp.json'),
        message: 'expected an object of the form {"mcpServers": {"name": {…}}}',
      },
      {
        kind: 'invalid_server',
        file: flag,
        server: 'nothing',
        message: 'a server needs "command" (stdio) or "url" (Streamable HTTP)',
      },
      {
        kind: 'invalid_server',
        file: flag,
        server: 'both',
        message: 'give either "command" (stdio) or "url" (HTTP), not both',
      },
      {
        kind: 'invalid_server',
        file: flag,
        server: 'legacy',
        message:
          'the legacy SSE transport is not supported; use a Streamable HTTP endpoint ("type": "http")',
      },
      {
        kind: 'invalid_server',
        file: flag,
        server: 'badArgs',
        message: expect.stringMatching(/^args: /),
      },
      {
        kind: 'invalid_server',
        file: flag,
        server: 'ftp',
        message: 'url: url must start with http:// or https://',
      },
      { kind: 'unreadable', file: join(root, 'missing.json'), message: 'the file does not exist' },
    ])
  })

  it('leaves out disabled servers', async () => {
    await writeFile(
      join(dataDir, 'mcp.json'),
      json({ mcpServers: { off: { command: 'x', disabled: true }, on: { command: 'y' } } }),
    )
    expect((await loadMcpConfig(options())).servers.map((s) => s.name)).toEqual(['on'])
  })
})

describe('${VAR} in a configuration', () => {
  it('expands variables and defaults, keeping the summary as written', async () => {
    await writeFile(
      join(dataDir, 'mcp.json'),
      json({
        mcpServers: {
          api: {
            url: '${API_BASE:-https://api.example.com}/mcp',
            headers: { Authorization: 'Bearer ${API_TOKEN}' },
          },
          local: { command: '${HOME_BIN}/server', args: ['--token', '${API_TOKEN}'] },
        },
      }),
    )
    const loaded = await loadMcpConfig(
      options({ env: { API_TOKEN: 'tok-123', HOME_BIN: '/opt/bin' } }),
    )
    expect(loaded.problems).toEqual([])
    expect(loaded.servers).toMatchObject([
      {
        name: 'api',
        definition: {
          url: 'https://api.example.com/mcp',
          headers: { Authorization: 'Bearer tok-123' },
        },
        summary: '${API_BASE:-https://api.example.com}/mcp',
      },
      {
        name: 'local',
        definition: { command: '/opt/bin/server', args: ['--token', 'tok-123'] },
        summary: '"${HOME_BIN}/server" --token "${API_TOKEN}"',
      },
    ])
  })

  it('leaves out a server that needs an unset variable or a provider key, and says why', async () => {
    await writeFile(
      join(dataDir, 'mcp.json'),
      json({
        mcpServers: {
          unset: { command: 'x', env: { TOKEN: '${NOT_SET}' } },
          stealing: { command: 'x', env: { KEY: '${ANTHROPIC_API_KEY}' } },
        },
      }),
    )
    const loaded = await loadMcpConfig(options({ env: { ANTHROPIC_API_KEY: 'sk-ant' } }))
    expect(loaded.servers).toEqual([])
    expect(loaded.problems).toEqual([
      expect.objectContaining({
        server: 'unset',
        message: 'env TOKEN refers to ${NOT_SET}, which is not set',
      }),
      expect.objectContaining({
        server: 'stealing',
        message:
          'env KEY refers to ${ANTHROPIC_API_KEY}; Parley never passes its provider keys to MCP servers',
      }),
    ])
  })
})

describe('--mcp-config', () => {
  it('resolves each given path against the working folder', () => {
    expect(mcpConfigPaths(undefined, '/cwd')).toEqual([])
    expect(mcpConfigPaths('a.json', '/cwd')).toEqual(['/cwd/a.json'])
    expect(mcpConfigPaths(['/abs/b.json', '../c.json'], '/cwd/sub')).toEqual([
      '/abs/b.json',
      '/cwd/c.json',
    ])
  })
})
