import chalk from 'chalk'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { createFakeBridge } from './testing/fake-bridge'
import { added, permission } from './testing/fixtures'
import { waitForFrame } from './testing/ink-driver'
import { startApp, unmountApps } from './testing/start-app'
import { colorsWanted } from './colors'

afterEach(unmountApps)

// ink colours through chalk, which finds no colour terminal under the test runner.
const level = chalk.level
beforeAll(() => {
  chalk.level = 1
})
afterAll(() => {
  chalk.level = level
})

// SGR parameters that set a colour: 30–38 and 90–97 (text), 40–48 and 100–107 (background).
const COLOUR_PARAM = /^(3[0-8]|9[0-7]|4[0-8]|10[0-7])$/
// eslint-disable-next-line no-control-regex -- reading escape sequences is the point
const SGR = /\u001b\[([0-9;]*)m/g
const colourCodes = (frame: string) =>
  [...frame.matchAll(SGR)].filter((m) => (m[1] ?? '').split(';').some((p) => COLOUR_PARAM.test(p)))

describe('colours', () => {
  test('NO_COLOR turns colour off; FORCE_COLOR decides when set, over NO_COLOR', () => {
    expect(colorsWanted({})).toBe(true)
    expect(colorsWanted({ NO_COLOR: '1' })).toBe(false)
    expect(colorsWanted({ NO_COLOR: '' })).toBe(true)
    expect(colorsWanted({ NO_COLOR: '1', FORCE_COLOR: '1' })).toBe(true)
    expect(colorsWanted({ FORCE_COLOR: '0' })).toBe(false)
    expect(colorsWanted({ FORCE_COLOR: 'false' })).toBe(false)
    expect(colorsWanted({ FORCE_COLOR: '' })).toBe(true)
  })

  test('without colours the screen has no colour escape codes, and keeps its other styles', async () => {
    const frames = await Promise.all(
      [true, false].map(async (colors) => {
        const fake = createFakeBridge()
        const { app } = startApp(fake, { colors })
        await waitForFrame(app, 'Message')
        fake.emit(added(permission({ detail: 'rm -rf build' })))
        await waitForFrame(app, 'Permission request')
        return app.lastFrame() ?? ''
      }),
    )
    const [coloured = '', plain = ''] = frames
    expect(colourCodes(coloured).length).toBeGreaterThan(0)
    expect(colourCodes(plain)).toEqual([])
    // Bold and dim are not colour: the prompt's title and hints keep them.
    expect(plain).toMatch(new RegExp(`${String.fromCharCode(27)}\\[(1|2)m`))
  })
})
