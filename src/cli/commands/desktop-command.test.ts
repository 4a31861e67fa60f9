import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { desktopCommand, type DesktopDeps } from './desktop-command'
import type { CliOptions } from '../parse-cli'

let root: string
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'parley-app-'))
})
afterEach(async () => {
  await rm(root, { recursive: true, force: true })
})

const options: CliOptions = {
  json: false,
  positionals: [],
  dataDir: '/data',
  scenario: 'demo.json',
}

function deps(overrides: Partial<DesktopDeps>) {
  const seen = {
    stderr: [] as string[],
    served: [] as CliOptions[],
    launched: [] as [string, string[]][],
    installs: 0,
  }
  const all: DesktopDeps = {
    locate: () => ({ ok: true, binary: '/bin/electron' }),
    install: async () => {
      seen.installs += 1
      return { ok: false, reason: 'download failed: ENOTFOUND github.com' }
    },
    appRoot: root,
    launch: async (binary, args) => {
      seen.launched.push([binary, args])
      return 0
    },
    serve: async (served) => {
      seen.served.push(served)
      return 0
    },
    stderr: (text) => seen.stderr.push(text),
    ...overrides,
  }
  return { all, seen }
}

async function built() {
  await mkdir(join(root, 'out/main'), { recursive: true })
  await writeFile(join(root, 'out/main/index.js'), '')
}

describe('parley desktop', () => {
  it('falls back to the web host with one line saying why the download failed and how to get Electron later', async () => {
    await built()
    const { all, seen } = deps({
      locate: () => ({ ok: false, reason: 'not installed', downloadable: true }),
    })
    expect(await desktopCommand(options, all)).toBe(0)
    expect(seen.stderr).toEqual([
      "Electron can't start here (download failed: ENOTFOUND github.com; get it later with `npx install-electron` in the Parley folder); serving the same UI in your browser instead.\n",
    ])
    expect(seen.served).toEqual([options])
    expect(seen.launched).toEqual([])
  })

  it('downloads a missing binary, then starts it', async () => {
    await built()
    let installed = false
    const { all, seen } = deps({
      locate: () =>
        installed
          ? { ok: true, binary: '/bin/electron' }
          : { ok: false, reason: 'not installed', downloadable: true },
      install: async () => {
        installed = true
        return { ok: true }
      },
    })
    expect(await desktopCommand(options, all)).toBe(0)
    expect(seen.launched.map(([binary]) => binary)).toEqual(['/bin/electron'])
    expect(seen.served).toEqual([])
  })

  it('does not download when a download cannot help (no display)', async () => {
    await built()
    const { all, seen } = deps({
      locate: () => ({ ok: false, reason: 'no display', downloadable: false }),
    })
    await desktopCommand(options, all)
    expect(seen.installs).toBe(0)
    expect(seen.stderr.join('')).toContain('(no display)')
    expect(seen.served).toHaveLength(1)
  })

  it('falls back when the app is not built', async () => {
    const { all, seen } = deps({})
    await desktopCommand(options, all)
    expect(seen.stderr.join('')).toContain('not built')
    expect(seen.served).toHaveLength(1)
  })

  it('starts Electron on the app with absolute --data-dir and --scenario, and returns its exit code', async () => {
    await built()
    const { all, seen } = deps({
      launch: async (binary, args) => {
        seen.launched.push([binary, args])
        return 3
      },
    })
    expect(await desktopCommand(options, all)).toBe(3)
    expect(seen.launched).toEqual([
      [
        '/bin/electron',
        [root, '--data-dir', '/data', '--scenario', join(process.cwd(), 'demo.json')],
      ],
    ])
    expect(seen.served).toEqual([])
  })

  it('hands --workspace to Electron as an absolute path', async () => {
    await built()
    await mkdir(join(root, 'ws'))
    const { all, seen } = deps({})
    await desktopCommand({ ...options, workspace: join(root, 'ws') }, all)
    expect(seen.launched[0]?.[1]).toEqual(expect.arrayContaining(['--workspace', join(root, 'ws')]))
  })

  it('refuses a --workspace that is not a folder before anything starts', async () => {
    await built()
    const { all, seen } = deps({})
    expect(await desktopCommand({ ...options, workspace: join(root, 'nope') }, all)).toBe(2)
    expect(seen.stderr).toEqual([
      `parley desktop: --workspace ${join(root, 'nope')} is not a folder\n`,
    ])
    expect(seen.launched).toEqual([])
  })

  it('falls back when Electron cannot be spawned at all', async () => {
    await built()
    const { all, seen } = deps({
      launch: async () => {
        throw new Error('spawn /bin/electron EACCES')
      },
    })
    expect(await desktopCommand(options, all)).toBe(0)
    expect(seen.stderr).toEqual([
      "Electron can't start here (spawn /bin/electron EACCES); serving the same UI in your browser instead.\n",
    ])
    expect(seen.served).toHaveLength(1)
  })
})
