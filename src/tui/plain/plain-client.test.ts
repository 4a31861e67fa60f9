import { PassThrough } from 'node:stream'
import { describe, expect, test } from 'vitest'
import { added, logged, permission, question } from '../testing/fixtures'
import { createFakeBridge } from '../testing/fake-bridge'
import { startPlainClient } from './plain-client'

/** The plain-line client on a fake bridge, with what it wrote and a way to type lines. */
function start(fake = createFakeBridge()) {
  const input = new PassThrough()
  let written = ''
  const client = startPlainClient(fake.bridge, {
    input,
    write: (text) => {
      written += text
    },
  })
  const output = () => written
  const until = async (wanted: string | (() => boolean)) => {
    const met = typeof wanted === 'string' ? () => written.includes(wanted) : wanted
    for (let i = 0; i < 500 && !met(); i++) await new Promise((r) => setTimeout(r, 10))
    if (!met()) throw new Error(`never happened: ${String(wanted)}; output:\n${written}`)
  }
  const type = (line: string) => input.write(`${line}\n`)
  return { fake, client, output, until, type, input }
}

describe('the plain-line client (TERM=dumb, Emacs shell-mode)', () => {
  test('writes lines only: no escape sequence, a settled reply printed once, whole', async () => {
    const { fake, output, until, type } = start()
    // Typed before the session is open: sent once it is.
    type('hello')
    await until('/quit leaves')
    await until(() => fake.callsOf('send').length === 1)
    expect(fake.callsOf('send')[0]).toEqual({ sessionId: 's1', text: 'hello' })
    fake.emit({ type: 'turn_started', sessionId: 's1', turnId: 't1' })
    fake.emit({ type: 'text_delta', sessionId: 's1', turnId: 't1', step: 0, text: 'Hi' })
    fake.emit(
      logged({
        type: 'assistant_text',
        at: 1,
        turnId: 't1',
        step: 0,
        text: 'Hi there.\nTwo **lines** \u001b[2J',
      }),
    )
    await until('Two **lines**')
    // eslint-disable-next-line no-control-regex -- the point: no escape byte at all
    expect(output()).not.toMatch(/\u001b/)
    expect(output()).toContain('Hi there.\nTwo **lines** [U+001B][2J\n')
    expect(output().match(/Hi there\./g)).toHaveLength(1)
  })

  test('a permission is numbered lines; "2 note" denies with the note', async () => {
    const { fake, until, type } = start()
    await until('/quit leaves')
    fake.emit(added(permission()))
    await until('Answer 1 or 2:')
    type('yes')
    await until('Type 1 to allow or 2 to deny.')
    type('2 use make clean')
    await until(() => fake.callsOf('respondToPermission').length === 1)
    expect(fake.callsOf('respondToPermission')[0]).toEqual({
      requestId: 'p1',
      decision: 'deny',
      note: 'use make clean',
    })
  })

  test('questions are asked one after the other; Other takes the text after its number', async () => {
    const { fake, output, until, type } = start()
    await until('/quit leaves')
    fake.emit(added(question()))
    await until('Question 1 of 2')
    expect(output()).toContain(
      '  1. TypeScript — typed JavaScript\n  2. Rust — fast and safe\n  3. Other',
    )
    type('2')
    await until('Question 2 of 2')
    type('3 helix')
    await until(() => fake.callsOf('respondToQuestion').length === 1)
    expect(fake.callsOf('respondToQuestion')[0]).toEqual({
      requestId: 'q1',
      answers: ['Rust', 'helix'],
    })
  })

  test('!command runs through the bridge and prints its output; /quit says what still waits', async () => {
    const fake = createFakeBridge({
      commands: { pwd: { output: '/home/me/project\n', exitCode: 0 } },
    })
    const { client, until, type } = start(fake)
    await until('/quit leaves')
    type('!pwd')
    await until('$ pwd · exit 0\n/home/me/project\n')
    fake.emit(added(permission()))
    await until('Answer 1 or 2:')
    client.interrupt()
    expect(await client.ended).toEqual({
      code: 0,
      sessionId: 's1',
      waiting: 'A permission request waits for your answer in this session.',
    })
  })
})
