import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { APP_PAGE_URL } from './app-protocol'
import { startDesktop } from './start-desktop'
import { createFakeElectron } from './testing/fake-electron'
import { createFakeRuntime } from './testing/fake-runtime'
import { restoredWindowState } from './window-state'

const dirs: string[] = []
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

/** One launch of the desktop host on the fake Electron, keeping its window state in `file`. */
function launch(file: string, displays = [{ x: 0, y: 0, width: 1920, height: 1080 }]) {
  const electron = createFakeElectron(APP_PAGE_URL)
  electron.displays = displays
  startDesktop({
    electron,
    runtime: createFakeRuntime(),
    preloadPath: '/p',
    rendererFile: '/r/index.html',
    platform: 'linux',
    windowStateFile: file,
  })
  const window = electron.windows[0]
  if (!window) throw new Error('no window')
  return window
}

describe("the window's size and place", () => {
  it('are kept in the data folder when the window closes and restored at the next launch', () => {
    const dir = mkdtempSync(join(tmpdir(), 'parley-window-'))
    dirs.push(dir)
    const file = join(dir, 'window-state.json')
    const first = launch(file)
    expect(first.options).toMatchObject({ width: 1200, height: 820 })
    first.bounds = { x: 300, y: 200, width: 1000, height: 700 }
    first.maximized = true
    first.events.emit('close')
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({
      x: 300,
      y: 200,
      width: 1000,
      height: 700,
      maximized: true,
    })
    const second = launch(file)
    expect(second.options).toMatchObject({ x: 300, y: 200, width: 1000, height: 700 })
    expect(second.maximized).toBe(true)
  })

  it('are not restored onto a display that is gone: the window opens at its default size', () => {
    const dir = mkdtempSync(join(tmpdir(), 'parley-window-'))
    dirs.push(dir)
    const file = join(dir, 'window-state.json')
    const first = launch(file, [
      { x: 0, y: 0, width: 1920, height: 1080 },
      { x: 1920, y: 0, width: 1920, height: 1080 },
    ])
    first.bounds = { x: 2200, y: 100, width: 1000, height: 700 }
    first.events.emit('close')
    const second = launch(file)
    expect(second.options.x).toBeUndefined()
    expect(second.options).toMatchObject({ width: 1200, height: 820 })
  })

  it('ignore a saved state that is not one (hand-edited, truncated)', () => {
    const area = [{ x: 0, y: 0, width: 1920, height: 1080 }]
    expect(restoredWindowState(null, area)).toBeNull()
    expect(restoredWindowState({ x: 0, y: 0, width: 'big' }, area)).toBeNull()
    expect(
      restoredWindowState({ x: 10, y: 10, width: 900, height: 600, maximized: false }, area),
    ).toEqual({ x: 10, y: 10, width: 900, height: 600, maximized: false })
  })
})
