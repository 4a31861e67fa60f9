import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { RECENT_PROJECTS_MAX } from '../../../shared/projects'
import { refuseForDevice } from '../../../hosts/web/remote/device-access'
import { makeRig, startRuntime } from '../testing/runtime-test-kit'
import { completeFolder, completionTarget } from './folder-completions'
import { projectOpened, RecentProjects } from './recent-projects'

let root: string
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'parley-projects-'))
})
afterEach(() => rmSync(root, { recursive: true, force: true }))

describe('recent projects', () => {
  it('puts the folder opened last first, once, and keeps at most the newest twenty', () => {
    let list = projectOpened([], '/a', 1)
    list = projectOpened(list, '/b', 2)
    list = projectOpened(list, '/a', 3)
    expect(list).toEqual([
      { path: '/a', openedAt: 3 },
      { path: '/b', openedAt: 2 },
    ])
    for (let i = 0; i < 30; i++) list = projectOpened(list, `/p${i}`, 10 + i)
    expect(list).toHaveLength(RECENT_PROJECTS_MAX)
    expect(list[0]?.path).toBe('/p29')
  })

  it('survive a restart in the data folder, and say when a folder is gone', async () => {
    const kept = join(root, 'kept')
    mkdirSync(kept)
    const first = new RecentProjects(root)
    await first.opened(join(root, 'gone'), 1)
    await first.opened(kept, 2)
    const again = new RecentProjects(root)
    expect(again.list()).toEqual([
      { path: kept, openedAt: 2, exists: true },
      { path: join(root, 'gone'), openedAt: 1, exists: false },
    ])
    expect(JSON.parse(readFileSync(join(root, 'projects.json'), 'utf8'))).toMatchObject({ v: 1 })
  })

  it('start empty from a damaged file, saying so once, without failing', () => {
    writeFileSync(join(root, 'projects.json'), '{ not json')
    const projects = new RecentProjects(root)
    expect(projects.list()).toEqual([])
    expect(projects.problem).toMatch(/projects\.json could not be read/)
  })
})

describe('folder completion', () => {
  beforeEach(() => {
    for (const name of ['alpha', 'Alps', 'beta', '.hidden'])
      mkdirSync(join(root, name), { recursive: true })
    writeFileSync(join(root, 'alpha-file.txt'), '')
  })

  it('offers existing folders starting with what was typed, any case, folders only', async () => {
    expect(await completeFolder(join(root, 'al'), { home: '/' })).toEqual([
      join(root, 'alpha'),
      join(root, 'Alps'),
    ])
  })

  it('lists a folder’s subfolders after a slash, hidden ones only once a dot is typed', async () => {
    expect(await completeFolder(`${root}/`, { home: '/' })).toEqual(
      ['alpha', 'Alps', 'beta'].map((n) => join(root, n)),
    )
    expect(await completeFolder(`${root}/.`, { home: '/' })).toEqual([join(root, '.hidden')])
  })

  it('reads ~ and relative paths from the home folder, and completes nothing for nothing', async () => {
    expect(completionTarget('~/src/pa', { home: '/home/me' })).toEqual({
      folder: '/home/me/src',
      prefix: 'pa',
    })
    expect(await completeFolder('be', { home: root })).toEqual([join(root, 'beta')])
    expect(await completeFolder('  ', { home: root })).toEqual([])
    expect(await completeFolder(join(root, 'missing', 'x'), { home: root })).toEqual([])
  })
})

describe('a new session without a folder', () => {
  it('is refused with no_workspace when nothing names one, and not in the folder Parley started in', async () => {
    const rig = makeRig({ turns: [{ steps: [{ say: 'hi' }] }] })
    const runtime = await startRuntime(rig, { workspace: undefined })
    try {
      expect(await runtime.createSession({})).toMatchObject({ ok: false, reason: 'no_workspace' })
      const named = await runtime.createSession({ workspace: rig.workspace })
      expect(named).toMatchObject({ ok: true, session: { workspace: rig.workspace } })
      expect((await runtime.listProjects({})).projects.map((p) => p.path)).toEqual([rig.workspace])
    } finally {
      await runtime.close()
    }
  })

  it('uses the terminal’s current folder when the host gives one, after Settings', async () => {
    const rig = makeRig({ turns: [{ steps: [{ say: 'hi' }] }] })
    const runtime = await startRuntime(rig, { workspace: undefined, currentFolder: rig.dir })
    try {
      expect(await runtime.createSession({})).toMatchObject({ session: { workspace: rig.dir } })
      await runtime.updateSettings({ defaultWorkspace: rig.workspace })
      expect(await runtime.createSession({})).toMatchObject({
        session: { workspace: rig.workspace },
      })
    } finally {
      await runtime.close()
    }
  })

  it('keeps the demo in its scratch folder in the data folder', async () => {
    const rig = makeRig({ turns: [] })
    const runtime = await startRuntime(rig, { workspace: undefined, scenarioPath: undefined })
    try {
      expect(await runtime.createSession({})).toMatchObject({
        session: { workspace: join(rig.dataDir, 'demo-workspace') },
      })
    } finally {
      await runtime.close()
    }
  })
})

describe('a paired device', () => {
  it('may not browse folders, list projects or open the picker', () => {
    for (const method of ['listProjects', 'completeFolder', 'pickFolder'])
      expect(refuseForDevice(method, {})).toMatchObject({ ok: false, reason: 'forbidden' })
  })
})
