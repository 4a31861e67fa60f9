import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { addUserMcpServer } from './user-mcp-config'

describe('adding a server to the person’s own mcp.json', () => {
  let dataDir = ''
  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'parley-user-mcp-'))
  })
  afterEach(() => rm(dataDir, { recursive: true, force: true }))
  const file = () => join(dataDir, 'mcp.json')
  const read = async () => JSON.parse(await readFile(file(), 'utf8')) as unknown

  it('creates the file with the server when there is none', async () => {
    const added = await addUserMcpServer(dataDir, {
      name: 'everything',
      command: 'npx',
      args: ['-y', '@modelcontextprotocol/server-everything'],
    })
    expect(added).toEqual({ ok: true })
    expect(await read()).toEqual({
      mcpServers: {
        everything: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-everything'] },
      },
    })
  })

  it('keeps the other servers and keys of an existing file', async () => {
    await writeFile(
      file(),
      JSON.stringify({
        other: true,
        mcpServers: { github: { command: 'gh-mcp', env: { T: '${GH}' }, autoApprove: [] } },
      }),
    )
    await addUserMcpServer(dataDir, { name: 'db', command: 'db-mcp', args: [] })
    expect(await read()).toEqual({
      other: true,
      mcpServers: {
        github: { command: 'gh-mcp', env: { T: '${GH}' }, autoApprove: [] },
        db: { command: 'db-mcp', args: [] },
      },
    })
  })

  it('refuses a name already in the file, and changes nothing', async () => {
    const before = JSON.stringify({ mcpServers: { db: { command: 'old' } } })
    await writeFile(file(), before)
    const added = await addUserMcpServer(dataDir, { name: 'db', command: 'new', args: [] })
    expect(added).toMatchObject({ ok: false, reason: 'exists' })
    expect(added.ok === false && added.message).toContain('A server named “db” is already in')
    expect(await readFile(file(), 'utf8')).toBe(before)
  })

  it('never overwrites a file with a mistake: it says where, and to fix it first', async () => {
    await writeFile(file(), '{"mcpServers": {,}}')
    const added = await addUserMcpServer(dataDir, { name: 'db', command: 'db-mcp', args: [] })
    expect(added).toMatchObject({ ok: false, reason: 'unreadable' })
    expect(added.ok === false && added.message).toMatch(/not valid JSON.*fix it first/)
    expect(await readFile(file(), 'utf8')).toBe('{"mcpServers": {,}}')
  })
})
