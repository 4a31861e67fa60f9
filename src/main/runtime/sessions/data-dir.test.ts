import { readFileSync } from 'node:fs'
import { homedir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { defaultDataDir } from './data-dir'

const root = join(import.meta.dirname, '..', '..', '..', '..')
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  productName?: string
}

describe('the default data folder', () => {
  it("is named by package.json's productName on every platform", () => {
    expect(manifest.productName).toBe('Parley')
    expect(defaultDataDir({}, 'linux')).toBe(join(homedir(), '.config', 'Parley'))
    expect(defaultDataDir({ XDG_CONFIG_HOME: '/x' }, 'linux')).toBe(join('/x', 'Parley'))
    expect(defaultDataDir({}, 'darwin')).toBe(
      join(homedir(), 'Library', 'Application Support', 'Parley'),
    )
    expect(defaultDataDir({ APPDATA: 'C:/Users/a/AppData/Roaming' }, 'win32')).toBe(
      join('C:/Users/a/AppData/Roaming', 'Parley'),
    )
  })

  it('is the one name: the installer configuration does not name the product again', () => {
    const builderConfig = readFileSync(join(root, 'electron-builder.yml'), 'utf8')
    expect(builderConfig).not.toMatch(/^productName:/m)
  })

  it('is the one the desktop app uses too: its entry asks defaultDataDir, not Electron', () => {
    const entry = readFileSync(join(root, 'src', 'main', 'index.ts'), 'utf8')
    expect(entry).toContain('args.dataDir ?? defaultDataDir()')
    expect(entry).not.toContain("getPath('userData')")
  })

  it('gives way to PARLEY_DATA_DIR', () => {
    expect(defaultDataDir({ PARLEY_DATA_DIR: '/d' }, 'linux')).toBe('/d')
  })
})
