import { afterEach, describe, expect, test } from 'vitest'
import { createFakeBridge } from './testing/fake-bridge'
import { logged } from './testing/fixtures'
import { waitForFrame } from './testing/ink-driver'
import { startApp, unmountApps } from './testing/start-app'

afterEach(unmountApps)

describe('code in a reply at 44 columns', () => {
  test('a long line of code is printed as one line, so a copy of it is the code as written', async () => {
    const { app, fake } = startApp(createFakeBridge(), { size: { columns: 44, rows: 12 } })
    await waitForFrame(app, 'Message')
    const line = 'const total = items.reduce((sum, item) => sum + item.price * item.count, 0)'
    const text = ['Here:', '', '```ts', line, '  .toFixed(2)', '```', '', 'Done.'].join('\n')
    fake.emit(logged({ type: 'assistant_text', at: 1, turnId: 't1', step: 0, text }))
    fake.emit(logged({ type: 'turn_end', at: 2, turnId: 't1', reason: 'completed' }))
    const frame = await waitForFrame(app, 'Done.')
    expect(frame.split('\n')).toContain(`    ${line}`)
    expect(frame).toContain('      .toFixed(2)')
  })
})
