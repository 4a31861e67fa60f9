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
  }
  const all: DesktopDeps = {
    locate: () => ({ ok: true, binary: '/bin/electron' }),
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
  it('falls back to the web host with a one-line reason when the Electron binary is missing', async () => {
    await built()
    const { all, seen } = deps({ locate: () => ({ ok: false, reason: 'binary not installed' }) })
    expect(await desktopCommand(options, all)).toBe(0)
    expect(seen.stderr).toEqual([
      "Electron can't start here (binary not installed); serving the same UI in your browser instead.\n",
    ])
    expect(seen.served).toEqual([options])
    expect(seen.launched).toEqual([])
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
