import { execFileSync } from 'node:child_process'
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { CheckpointStore, DEFAULT_LIMITS, type FileChange, type Taken } from './checkpoint-store'

const folders: string[] = []
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true })
})

function setup(limits = DEFAULT_LIMITS) {
  const root = mkdtempSync(join(tmpdir(), 'parley-cp-'))
  folders.push(root)
  const workspace = join(root, 'ws')
  const dataDir = join(root, 'data')
  mkdirSync(workspace)
  const store = new CheckpointStore({ dataDir, workspace, limits })
  const file = (path: string, content: string | Buffer) => {
    mkdirSync(join(workspace, path, '..'), { recursive: true })
    writeFileSync(join(workspace, path), content)
  }
  const read = (path: string) => readFileSync(join(workspace, path))
  return { root, workspace, dataDir, store, file, read }
}

function tree(taken: Taken): string {
  if (!taken.ok) throw new Error(taken.message)
  return taken.tree
}

async function restore(store: CheckpointStore, present: string, target: string) {
  const changes = await store.changes(present, target)
  if (!Array.isArray(changes)) throw new Error(changes.message)
  const applied = await store.apply(changes)
  if ('ok' in applied) throw new Error(applied.message)
  return { changes, applied }
}

const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', args, {
    cwd,
    env: { PATH: process.env.PATH, HOME: cwd, GIT_CONFIG_NOSYSTEM: '1' },
  }).toString()

describe('a checkpoint store', () => {
  it('gives back edited files byte for byte, deleted ones again and removes created ones', async () => {
    const { store, file, read, workspace } = setup()
    file('a.txt', 'one\r\nline two\r\n')
    file('b.txt', Buffer.from([0xff, 0xfe, 0x00, 0x41]))
    file('dir/deep.txt', 'deep')
    const before = tree(await store.take())
    file('a.txt', 'changed')
    rmSync(join(workspace, 'b.txt'))
    file('c.txt', 'new')
    file('made/new/x.txt', 'x')
    const after = tree(await store.take())
    const { changes, applied } = await restore(store, after, before)
    expect(changes.map((c: FileChange) => [c.path, c.change]).sort()).toEqual([
      ['a.txt', 'restored'],
      ['b.txt', 'recreated'],
      ['c.txt', 'removed'],
      ['made/new/x.txt', 'removed'],
    ])
    expect(applied.refused).toEqual([])
    expect(read('a.txt').toString()).toBe('one\r\nline two\r\n')
    expect([...read('b.txt')]).toEqual([0xff, 0xfe, 0x00, 0x41])
    expect(existsSync(join(workspace, 'c.txt'))).toBe(false)
    expect(existsSync(join(workspace, 'made'))).toBe(false)
    expect(read('dir/deep.txt').toString()).toBe('deep')
  })

  it('keeps executable bits and symlinks as they were', async () => {
    const { store, file, workspace } = setup()
    file('run.sh', '#!/bin/sh\n')
    chmodSync(join(workspace, 'run.sh'), 0o755)
    symlinkSync('run.sh', join(workspace, 'link'))
    const before = tree(await store.take())
    rmSync(join(workspace, 'run.sh'))
    rmSync(join(workspace, 'link'))
    await restore(store, tree(await store.take()), before)
    expect(statSync(join(workspace, 'run.sh')).mode & 0o777).toBe(0o755)
    expect(readFileSync(join(workspace, 'link'), 'utf8')).toBe('#!/bin/sh\n')
  })

  it('respects .gitignore and stores the same content once', async () => {
    const { store, file } = setup()
    file('.gitignore', 'build/\n')
    file('build/out.js', 'generated')
    file('src.txt', 'same')
    const first = tree(await store.take())
    const second = tree(await store.take())
    expect(second).toBe(first)
    const listed = git(
      store.folder,
      '--git-dir',
      store.folder,
      'ls-tree',
      '-r',
      '--name-only',
      first,
    )
    expect(listed.split('\n').filter(Boolean).sort()).toEqual(['.gitignore', 'src.txt'])
  })

  it('skips and names files over the size limit and binaries over the budget', async () => {
    const { store, file } = setup({
      ...DEFAULT_LIMITS,
      maxFileBytes: 1_000,
      binaryBudgetBytes: 150,
    })
    file('big.txt', 'x'.repeat(2_000))
    file('bin1.dat', Buffer.alloc(100))
    file('bin2.dat', Buffer.alloc(100))
    file('small.txt', 'ok')
    const taken = await store.take()
    if (!taken.ok) throw new Error(taken.message)
    expect(taken.skipped).toContainEqual({ path: 'big.txt', reason: 'too_large' })
    expect(taken.skipped.filter((s) => s.reason === 'binary_budget')).toHaveLength(1)
  })

  it('never touches the workspace repository: status, refs, stash and index stay as they were', async () => {
    const { store, file, workspace } = setup()
    git(workspace, 'init', '-q')
    git(workspace, 'config', 'user.email', 't@example.com')
    git(workspace, 'config', 'user.name', 't')
    file('tracked.txt', 'v1')
    git(workspace, 'add', 'tracked.txt')
    git(workspace, 'commit', '-qm', 'one')
    file('tracked.txt', 'stashed')
    git(workspace, 'stash', '-q')
    file('tracked.txt', 'v2')
    file('untracked.txt', 'u')
    const look = () => ({
      status: git(workspace, 'status', '--porcelain'),
      refs: git(workspace, 'for-each-ref'),
      stash: git(workspace, 'stash', 'list'),
      index: readFileSync(join(workspace, '.git', 'index')).toString('hex'),
    })
    const seen = look()
    const first = tree(await store.take())
    file('tracked.txt', 'v3')
    await restore(store, tree(await store.take()), first)
    expect(look()).toEqual(seen)
    expect(readFileSync(join(workspace, 'tracked.txt'), 'utf8')).toBe('v2')
  })

  it('runs no filter a workspace .gitattributes names, wherever the driver is configured', async () => {
    const { store, file, workspace, root } = setup()
    const ran = join(root, 'filter-ran')
    git(workspace, 'init', '-q')
    git(workspace, 'config', 'filter.evil.clean', `touch ${ran}; cat`)
    git(workspace, 'config', 'filter.evil.required', 'true')
    writeFileSync(join(root, '.gitconfig'), `[filter "evil"]\n\tclean = touch ${ran}; cat\n`)
    file('.gitattributes', '* filter=evil text=auto eol=lf ident\n')
    file('a.txt', 'crlf\r\n$Id$\r\n')
    const store2 = new CheckpointStore({
      dataDir: join(root, 'data2'),
      workspace,
      env: { ...process.env, HOME: root },
    })
    const first = tree(await store2.take())
    tree(await store.take())
    expect(existsSync(ran)).toBe(false)
    file('a.txt', 'other')
    await restore(store2, tree(await store2.take()), first)
    expect(readFileSync(join(workspace, 'a.txt'), 'utf8')).toBe('crlf\r\n$Id$\r\n')
    expect(existsSync(ran)).toBe(false)
  })

  it('names a damaged store and leaves it as it is', async () => {
    const { store, dataDir, workspace } = setup()
    mkdirSync(store.folder, { recursive: true })
    writeFileSync(join(store.folder, 'HEAD'), 'garbage')
    const taken = await store.take()
    expect(taken).toMatchObject({ ok: false, reason: 'damaged' })
    expect(readFileSync(join(store.folder, 'HEAD'), 'utf8')).toBe('garbage')
    expect(new CheckpointStore({ dataDir, workspace }).folder).toBe(store.folder)
  })

  it('says checkpoints need git where there is none', async () => {
    const { dataDir, workspace } = setup()
    const store = new CheckpointStore({ dataDir, workspace, git: '/nonexistent/git' })
    expect(await store.take()).toMatchObject({ ok: false, reason: 'unavailable' })
  })

  it('puts a folder back where a symlink replaced it, never writing where the link led', async () => {
    const { store, file, workspace, root } = setup()
    file('d/f.txt', 'inside')
    const before = tree(await store.take())
    rmSync(join(workspace, 'd'), { recursive: true })
    mkdirSync(join(root, 'outside'))
    symlinkSync(join(root, 'outside'), join(workspace, 'd'))
    const { applied } = await restore(store, tree(await store.take()), before)
    expect(applied.refused).toEqual([])
    expect(existsSync(join(root, 'outside', 'f.txt'))).toBe(false)
    expect(statSync(join(workspace, 'd')).isDirectory()).toBe(true)
    expect(readFileSync(join(workspace, 'd', 'f.txt'), 'utf8')).toBe('inside')
  })

  it('prunes what only a forgotten session kept', async () => {
    const { store, file } = setup()
    file('a.txt', 'only in the forgotten session')
    const kept = tree(await store.take())
    await store.keep('s-1', 't-1', kept)
    file('a.txt', 'now')
    tree(await store.take())
    await store.forget('s-1')
    const objects = git(store.folder, '--git-dir', store.folder, 'count-objects', '-v')
    expect(objects).toMatch(/count: \d+/)
    expect(() =>
      git(store.folder, '--git-dir', store.folder, 'cat-file', '-e', `${kept}:a.txt`),
    ).toThrow()
  })
})
