import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

/** electron-builder's own config loader and schema validator (a dependency of electron-builder). */
interface ConfigModule {
  getConfig(projectDir: string): Promise<Record<string, unknown>>
  validateConfiguration(
    config: Record<string, unknown>,
    logger: { isEnabled: boolean; add(key: string, value: unknown): void },
  ): Promise<void>
}

const root = join(import.meta.dirname, '..', '..', '..')
const builderRequire = createRequire(createRequire(import.meta.url).resolve('electron-builder'))
const configModule = builderRequire('app-builder-lib/out/util/config/config.js') as ConfigModule

async function loadConfig() {
  return configModule.getConfig(root)
}

describe('the electron-builder configuration', () => {
  it('passes electron-builder’s own schema validation', async () => {
    const config = await loadConfig()
    await expect(
      configModule.validateConfiguration(config, { isEnabled: false, add: () => undefined }),
    ).resolves.toBeUndefined()
    // The validator is real: a misspelled option is refused.
    await expect(
      configModule.validateConfiguration(
        { ...config, linux: { tagret: ['deb'] } },
        { isEnabled: false, add: () => undefined },
      ),
    ).rejects.toThrow(/does not match the API schema/)
  })

  it('builds an AppImage and a deb on Linux, a dmg on macOS and an NSIS installer on Windows', async () => {
    const config = await loadConfig()
    expect(config).toMatchObject({
      linux: { target: ['AppImage', 'deb'] },
      mac: { target: ['dmg'] },
      win: { target: ['nsis'] },
    })
  })

  it('packs the built main, preload and renderer into an asar, and nothing from the sources', async () => {
    const config = await loadConfig()
    expect(config.asar).toBe(true)
    // electron-builder normalizes `files` to file sets: [{ filter: [...] }].
    const patterns = (config.files as Array<{ filter: string[] }>).flatMap((set) => set.filter)
    expect(patterns).toEqual(
      expect.arrayContaining(['out/main/**', 'out/preload/**', 'out/renderer/**']),
    )
    expect(patterns.some((pattern) => pattern.includes('src/'))).toBe(false)
  })

  it('sets the Electron fuses: no run-as-node, NODE_OPTIONS or inspect; asar-only with integrity checks; no extra file:// privileges', async () => {
    const config = await loadConfig()
    expect(config.electronFuses).toMatchObject({
      grantFileProtocolExtraPrivileges: false,
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
    })
  })

  it('uses a 512×512 PNG icon from resources/', async () => {
    const config = await loadConfig()
    expect(config.icon).toBe('resources/icon.png')
    const png = await readFile(join(root, 'resources', 'icon.png'))
    expect(png.subarray(0, 8)).toEqual(
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    )
    expect(png.subarray(12, 16).toString('ascii')).toBe('IHDR')
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([512, 512])
  })
})
