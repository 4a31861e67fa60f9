import { describe, expect, it } from 'vitest'
import { parseDesktopArgs } from './desktop-args'

describe('parseDesktopArgs', () => {
  it('reads --data-dir and --scenario among Electron and Chromium switches', () => {
    expect(
      parseDesktopArgs(
        [
          'out/main/index.js',
          '--no-sandbox',
          '--data-dir',
          '/d',
          '--scenario=/s.json',
          '--inspect',
        ],
        {},
      ),
    ).toEqual({ dataDir: '/d', scenarioPath: '/s.json' })
  })

  it('reads --workspace, the folder new sessions work in', () => {
    expect(parseDesktopArgs(['.', '--workspace', '/w'], {})).toEqual({ workspace: '/w' })
  })

  it('falls back to PARLEY_DATA_DIR, and the flag wins over it', () => {
    expect(parseDesktopArgs([], { PARLEY_DATA_DIR: '/env' })).toEqual({ dataDir: '/env' })
    expect(parseDesktopArgs(['--data-dir=/flag'], { PARLEY_DATA_DIR: '/env' })).toEqual({
      dataDir: '/flag',
    })
  })

  it('leaves both unset when nothing (or an empty value) is given', () => {
    expect(parseDesktopArgs(['.'], {})).toEqual({})
    expect(parseDesktopArgs(['--data-dir='], { PARLEY_DATA_DIR: '' })).toEqual({})
  })
})
