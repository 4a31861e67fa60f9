import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { searchFilesTool } from './file-tools'
import type { ToolContext } from './tool-types'
import { NO_SANDBOX } from '../sandbox/command-sandbox'
import { NO_GRANT } from '../sandbox/sandbox-policy'
import { searchWorkspace, type SearchLimits, type SearchResult } from './workspace-search'

const made: string[] = []
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true })
})

/** A workspace holding `files` (path → content), as a real path. */
function workspaceWith(files: Record<string, string | Buffer>): string {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), 'parley-search-')))
  made.push(dir)
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true })
    writeFileSync(join(dir, path), content)
  }
  return dir
}

function context(workspace: string): ToolContext {
  return {
    workspace,
    call: { sessionId: 's', turnId: 't', toolCallId: 'c' },
    signal: new AbortController().signal,
    commandEnv: async () => process.env,
    sandbox: NO_SANDBOX,
    grant: NO_GRANT,
    askUser: () => Promise.reject(new Error('not here')),
    runChild: () => Promise.reject(new Error('not here')),
  }
}

/** The files search_files reports for `query`, in order. */
async function filesFound(workspace: string, query: string, path?: string): Promise<string[]> {
  const result = await searchFilesTool.execute(
    { query, ...(path === undefined ? {} : { path }) },
    context(workspace),
  )
  return (result as SearchResult).matches.map((m) => m.file)
}

const LIMITS: SearchLimits = { matches: 200, files: 1_000, bytes: 1_000_000, fileBytes: 100_000 }

describe('search_files', () => {
  it('skips what .gitignore ignores, folder by folder, with a deeper file re-including', async () => {
    const ws = workspaceWith({
      '.gitignore': 'dist/\n*.log\n',
      'src/a.ts': 'needle',
      'dist/bundle.js': 'needle',
      'debug.log': 'needle',
      'pkg/.gitignore': 'generated.ts\n!keep.log\n',
      'pkg/generated.ts': 'needle',
      'pkg/keep.log': 'needle',
      'pkg/main.ts': 'needle',
    })
    expect(await filesFound(ws, 'needle')).toEqual(['pkg/keep.log', 'pkg/main.ts', 'src/a.ts'])
  })

  it('never searches .git or node_modules, even without a .gitignore', async () => {
    const ws = workspaceWith({
      '.git/config': 'needle',
      'node_modules/lib/index.js': 'needle',
      'lib/node_modules/x.js': 'needle',
      'index.js': 'needle',
    })
    expect(await filesFound(ws, 'needle')).toEqual(['index.js'])
  })

  it('searches a folder it was pointed at even when .gitignore ignores it', async () => {
    const ws = workspaceWith({
      '.gitignore': 'build/\n',
      'build/out.txt': 'needle',
      'build/.gitignore': '*.tmp\n',
      'build/scratch.tmp': 'needle',
    })
    expect(await filesFound(ws, 'needle')).toEqual([])
    expect(await filesFound(ws, 'needle', 'build')).toEqual(['build/out.txt'])
  })

  it('searches one file when the path names a file', async () => {
    const ws = workspaceWith({ 'a.txt': 'x needle', 'b.txt': 'needle' })
    expect(await filesFound(ws, 'needle', 'a.txt')).toEqual(['a.txt'])
  })

  it('skips binary files', async () => {
    const ws = workspaceWith({
      'image.png': Buffer.concat([
        Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]),
        Buffer.from('needle'),
      ]),
      'notes.txt': 'needle',
    })
    expect(await filesFound(ws, 'needle')).toEqual(['notes.txt'])
  })

  it('treats the query as literal text, never as a pattern', async () => {
    const ws = workspaceWith({ 'a.txt': 'call(x)\nc.ll(x\n', 'b.txt': 'callxx' })
    const result = await searchFilesTool.execute({ query: 'c.ll(x' }, context(ws))
    expect(result).toMatchObject({ matches: [{ file: 'a.txt', line: 2, text: 'c.ll(x' }] })
    expect((result as SearchResult).matches).toHaveLength(1)
  })

  it('follows no symbolic link, so nothing outside the workspace is read', async () => {
    const outside = workspaceWith({ 'secret.txt': 'needle' })
    const ws = workspaceWith({ 'inside.txt': 'needle' })
    symlinkSync(outside, join(ws, 'linked-folder'))
    symlinkSync(join(outside, 'secret.txt'), join(ws, 'linked-file.txt'))
    symlinkSync(join(ws, 'inside.txt'), join(ws, 'alias.txt'))
    expect(await filesFound(ws, 'needle')).toEqual(['inside.txt'])
    await expect(
      searchFilesTool.execute({ query: 'needle', path: 'linked-folder' }, context(ws)),
    ).rejects.toThrow(/outside the workspace/)
  })

  it('stops after the files it may look at and says so', async () => {
    const ws = workspaceWith(
      Object.fromEntries(Array.from({ length: 5 }, (_, i) => [`f${i}.txt`, 'needle'])),
    )
    const result = await searchWorkspace({
      workspace: ws,
      root: ws,
      query: 'needle',
      signal: new AbortController().signal,
      limits: { ...LIMITS, files: 3 },
    })
    expect(result.matches.map((m) => m.file)).toEqual(['f0.txt', 'f1.txt', 'f2.txt'])
    expect(result).toMatchObject({ truncated: true, note: expect.stringMatching(/after 3 files/) })
  })

  it('stops before reading more bytes than it may and says so', async () => {
    const ws = workspaceWith({ 'a.txt': 'needle'.repeat(10), 'b.txt': 'needle'.repeat(10) })
    const result = await searchWorkspace({
      workspace: ws,
      root: ws,
      query: 'needle',
      signal: new AbortController().signal,
      limits: { ...LIMITS, bytes: 100 },
    })
    expect(result.matches.map((m) => m.file)).toEqual(['a.txt'])
    expect(result).toMatchObject({ truncated: true, note: expect.stringMatching(/60 bytes/) })
  })

  it('skips a file over the size limit and keeps going', async () => {
    const ws = workspaceWith({ 'big.txt': `needle${'x'.repeat(200)}`, 'small.txt': 'needle' })
    const result = await searchWorkspace({
      workspace: ws,
      root: ws,
      query: 'needle',
      signal: new AbortController().signal,
      limits: { ...LIMITS, fileBytes: 100 },
    })
    expect(result).toEqual({
      matches: [{ file: 'small.txt', line: 1, text: 'needle' }],
      truncated: false,
    })
  })

  it('stops at the match limit', async () => {
    const ws = workspaceWith({ 'a.txt': 'needle\n'.repeat(5) })
    const result = await searchWorkspace({
      workspace: ws,
      root: ws,
      query: 'needle',
      signal: new AbortController().signal,
      limits: { ...LIMITS, matches: 2 },
    })
    expect(result.matches.map((m) => m.line)).toEqual([1, 2])
    expect(result.truncated).toBe(true)
  })
})
