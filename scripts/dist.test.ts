import { spawnSync } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

describe('npm run dist without the Electron binary', () => {
  it('fails with one clear line instead of trying to download', () => {
    const emptyElectron = mkdtempSync(join(tmpdir(), 'parley-no-electron-'))
    const env: NodeJS.ProcessEnv = { ...process.env, PARLEY_ELECTRON_DIR: emptyElectron }
    delete env.ELECTRON_OVERRIDE_DIST_PATH
    const result = spawnSync(process.execPath, [join(__dirname, 'dist.mjs')], {
      env,
      encoding: 'utf8',
    })
    expect(result.status).toBe(1)
    expect(result.stdout).toBe('')
    expect(result.stderr.trim().split('\n')).toEqual([
      expect.stringContaining('the Electron binary is not installed'),
    ])
  })
})
