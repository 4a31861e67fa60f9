import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { electronPackageDir, locateElectron } from './locate-electron'

let pkg: string
beforeEach(async () => {
  pkg = await mkdtemp(join(tmpdir(), 'parley-electron-pkg-'))
})
afterEach(async () => {
  await rm(pkg, { recursive: true, force: true })
})

async function installBinary(relative = 'electron') {
  await writeFile(join(pkg, 'path.txt'), relative)
  await mkdir(join(pkg, 'dist'), { recursive: true })
  await writeFile(join(pkg, 'dist', relative), '#!/bin/sh\n')
}

describe('locateElectron', () => {
  it('says the binary is not installed, and can be downloaded, when the package never fetched it', () => {
    expect(locateElectron({ packageDir: pkg, env: { DISPLAY: ':0' }, platform: 'linux' })).toEqual({
      ok: false,
      reason: 'the Electron binary is not installed',
      downloadable: true,
    })
  })

  it('offers no download on Linux without a display, where Electron could not open anyway', () => {
    expect(locateElectron({ packageDir: pkg, env: {}, platform: 'linux' })).toMatchObject({
      ok: false,
      downloadable: false,
    })
  })

  it('says so when path.txt names a binary that is missing', async () => {
    await writeFile(join(pkg, 'path.txt'), 'electron')
    expect(
      locateElectron({ packageDir: pkg, env: { DISPLAY: ':0' }, platform: 'linux' }),
    ).toMatchObject({
      ok: false,
      reason: 'the Electron binary is not installed',
      downloadable: true,
    })
  })

  it('finds the downloaded binary when there is a display', async () => {
    await installBinary()
    expect(
      locateElectron({ packageDir: pkg, env: { WAYLAND_DISPLAY: 'wayland-0' }, platform: 'linux' }),
    ).toEqual({
      ok: true,
      binary: join(pkg, 'dist', 'electron'),
    })
    expect(locateElectron({ packageDir: pkg, env: {}, platform: 'darwin' })).toMatchObject({
      ok: true,
    })
  })

  it('refuses Linux without DISPLAY or WAYLAND_DISPLAY', async () => {
    await installBinary()
    expect(locateElectron({ packageDir: pkg, env: {}, platform: 'linux' })).toEqual({
      ok: false,
      reason: 'no display: DISPLAY and WAYLAND_DISPLAY are unset',
      downloadable: false,
    })
  })

  it('honours ELECTRON_OVERRIDE_DIST_PATH like the electron package does', async () => {
    const dist = join(pkg, 'custom')
    await mkdir(dist)
    await writeFile(join(dist, 'electron'), '')
    expect(
      locateElectron({
        packageDir: pkg,
        env: { ELECTRON_OVERRIDE_DIST_PATH: dist },
        platform: 'win32',
      }),
    ).toEqual({ ok: true, binary: join(dist, 'electron') })
  })

  it('reports a missing electron package', () => {
    expect(locateElectron({ packageDir: null, env: {}, platform: 'linux' })).toMatchObject({
      ok: false,
    })
    expect(electronPackageDir(`file://${pkg}/x.js`, {})).toBeNull()
    expect(electronPackageDir(import.meta.url, {})).toMatch(/node_modules[/\\]electron$/)
    expect(electronPackageDir(import.meta.url, { PARLEY_ELECTRON_DIR: pkg })).toBe(pkg)
  })
})
