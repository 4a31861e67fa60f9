import { describe, expect, test } from 'vitest'
import { attentionBytes, desktopEscape, signalKind, tmuxPassthrough } from './attention-signal'

const BEL = '\u0007'
const ESC = '\u001b'
const bytes = (env: Record<string, string>, isTTY = true, choice = 'auto' as const) =>
  attentionBytes({
    choice,
    env,
    isTTY,
    title: 'Fix the build needs your input',
    body: 'Run `npm test`',
  })

describe('what a terminal is sent when a prompt arrives', () => {
  test.each([
    [{ TERM_PROGRAM: 'iTerm.app' }, 'osc9'],
    [{ TERM_PROGRAM: 'WezTerm' }, 'osc9'],
    [{ TERM_PROGRAM: 'ghostty' }, 'osc9'],
    [{ TERM: 'xterm-kitty' }, 'osc9'],
    [{ TERM: 'foot' }, 'osc777'],
    [{ TERM: 'xterm-256color' }, null],
    [{ TERM_PROGRAM: 'Apple_Terminal' }, null],
  ])('%o shows desktop notifications by %s', (env, escape) => {
    expect(desktopEscape(env)).toBe(escape)
  })

  test('a terminal known to show notifications gets the bell and OSC 9 with who waits and what is asked', () => {
    expect(bytes({ TERM_PROGRAM: 'iTerm.app' })).toBe(
      `${BEL}${ESC}]9;Fix the build needs your input: Run \`npm test\`${BEL}`,
    )
  })

  test('foot gets OSC 777 with a title and a body', () => {
    expect(bytes({ TERM: 'foot' })).toBe(
      `${BEL}${ESC}]777;notify;Fix the build needs your input;Run \`npm test\`${BEL}`,
    )
  })

  test('inside tmux the notification is wrapped for passthrough; the bell is not', () => {
    const sent = bytes({ TERM_PROGRAM: 'WezTerm', TMUX: '/tmp/tmux-0/default,1,0' })
    expect(sent.startsWith(`${BEL}${ESC}Ptmux;${ESC}${ESC}]9;`)).toBe(true)
    expect(sent.endsWith(`${BEL}${ESC}\\`)).toBe(true)
    expect(tmuxPassthrough(`${ESC}]9;x${BEL}`)).toBe(`${ESC}Ptmux;${ESC}${ESC}]9;x${BEL}${ESC}\\`)
  })

  test('an unknown terminal gets the bell only; TERM=dumb only the bell even when desktop is chosen', () => {
    expect(bytes({ TERM: 'xterm-256color' })).toBe(BEL)
    expect(
      attentionBytes({
        choice: 'desktop',
        env: { TERM: 'dumb' },
        isTTY: true,
        title: 't',
        body: 'b',
      }),
    ).toBe(BEL)
  })

  test('nothing goes into a pipe, and nothing when off', () => {
    expect(bytes({ TERM_PROGRAM: 'iTerm.app' }, false)).toBe('')
    expect(signalKind('off', { TERM_PROGRAM: 'iTerm.app' }, true)).toBe('none')
    expect(signalKind('bell', { TERM_PROGRAM: 'iTerm.app' }, true)).toBe('bell')
  })

  test('what is asked cannot end the escape early: control characters and ; are taken out', () => {
    const sent = attentionBytes({
      choice: 'auto',
      env: { TERM: 'foot' },
      isTTY: true,
      title: 'a;b',
      body: `rm -rf /${BEL}${ESC}]0;owned${BEL}`,
    })
    expect(sent).toBe(`${BEL}${ESC}]777;notify;a b;rm -rf / ]0 owned${BEL}`)
  })
})
