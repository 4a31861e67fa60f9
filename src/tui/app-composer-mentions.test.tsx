import { afterEach, describe, expect, test } from 'vitest'
import { createFakeBridge } from './testing/fake-bridge'
import { KEYS, plainFrame, press, waitForFrame } from './testing/ink-driver'
import { startApp, unmountApps } from './testing/start-app'

afterEach(() => unmountApps())

describe('!command: a command the person runs', () => {
  test('runs through the bridge (never the model), shows its output, and goes with the next message', async () => {
    const fake = createFakeBridge({
      commands: { 'ls -1': { output: 'a.txt\nb.txt\n', exitCode: 0 } },
    })
    const { app } = startApp(fake)
    await waitForFrame(app, 'Message')
    await press(app, '!ls -1', '› !ls -1')
    const frame = await press(app, KEYS.enter, '$ ls -1 · exit 0')
    expect(frame).toMatch(/\$ ls -1 · exit 0\n\s*a\.txt\n\s*b\.txt/)
    await waitForFrame(app, 'the output of 1 command goes with your next message')
    expect(fake.callsOf('runUserCommand')).toEqual([{ sessionId: 's1', command: 'ls -1' }])
    expect(fake.callsOf('send')).toEqual([])

    await press(app, 'what changed?', '› what changed?')
    await press(app, KEYS.enter, (f) => !f.includes('goes with your next message'))
    expect(fake.callsOf('send').map((s) => s.text)).toEqual([
      'I ran `ls -1` myself (exit 0):\n```\na.txt\nb.txt\n```\n\nwhat changed?',
    ])
    // Only once: the message after carries nothing more.
    await press(app, 'and now?', '› and now?')
    await press(app, KEYS.enter, '› ')
    await waitForFrame(app, () => fake.callsOf('send').length === 2)
    expect(fake.callsOf('send')[1]?.text).toBe('and now?')
  })

  test('a command that fails says how it ended', async () => {
    const { app } = startApp(createFakeBridge())
    await waitForFrame(app, 'Message')
    await press(app, '!nosuch', '› !nosuch')
    const frame = await press(app, KEYS.enter, '$ nosuch · exit 127')
    expect(frame).toContain('command not found')
  })
})

describe('@ file completion', () => {
  const files = ['src/parser.ts', 'src/app.ts', 'docs/parley.md', 'src/']

  test('@par lists the files whose letters match; Tab completes and the file goes with the message', async () => {
    const fake = createFakeBridge({ files })
    const { app } = startApp(fake)
    await waitForFrame(app, 'Message')
    let frame = await press(app, 'look at @par', '❯ @src/parser.ts')
    expect(frame).toContain('  @docs/parley.md')
    expect(frame).not.toContain('@src/app.ts')
    await press(app, KEYS.down, '❯ @docs/parley.md')
    await press(app, KEYS.up, '❯ @src/parser.ts')
    frame = await press(app, KEYS.tab, '› look at @src/parser.ts')
    expect(frame).not.toContain('❯ @')
    expect(fake.callsOf('searchWorkspaceFiles').at(-1)).toMatchObject({
      sessionId: 's1',
      query: 'par',
    })
    await press(app, 'please', '› look at @src/parser.ts please')
    await press(app, KEYS.enter, (f) => !f.includes('please'))
    expect(fake.callsOf('send')).toEqual([
      {
        sessionId: 's1',
        text: 'look at @src/parser.ts please',
        attachments: [{ kind: 'file', path: 'src/parser.ts' }],
      },
    ])
  })

  test('Enter on the list completes instead of sending; a mention taken out of the text is not attached', async () => {
    const fake = createFakeBridge({ files })
    const { app } = startApp(fake)
    await waitForFrame(app, 'Message')
    await press(app, '@pars', '❯ @src/parser.ts')
    await press(app, KEYS.enter, '› @src/parser.ts')
    expect(fake.callsOf('send')).toEqual([])
    await press(app, KEYS.ctrlU, (f) => !f.includes('@src/parser.ts'))
    await press(app, 'never mind', '› never mind')
    await press(app, KEYS.enter, (f) => !f.includes('› never mind'))
    expect(fake.callsOf('send')).toEqual([{ sessionId: 's1', text: 'never mind' }])
  })

  test('Esc closes the list and leaves the text as typed', async () => {
    const { app } = startApp(createFakeBridge({ files }))
    await waitForFrame(app, 'Message')
    await press(app, 'see @doc', '❯ @docs/parley.md')
    const frame = await press(app, KEYS.escape, (f) => !f.includes('❯ @'))
    expect(frame).toContain('› see @doc')
    expect(plainFrame(app)).not.toContain('@docs/parley.md')
  })
})
