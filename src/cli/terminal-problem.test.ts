import { describe, expect, test } from 'vitest'
import { terminalProblem, wantsPlainLines } from './terminal-problem'

const terminal = { stdinIsTTY: true, stdoutIsTTY: true, term: 'xterm-256color' }

describe('where parley tui can draw', () => {
  test('a real terminal is fine', () => {
    expect(terminalProblem(terminal)).toBeUndefined()
    expect(terminalProblem({ ...terminal, term: undefined })).toBeUndefined()
    expect(wantsPlainLines(terminal)).toBe(false)
  })

  test('output into a pipe names parley run, even in a dumb terminal', () => {
    expect(terminalProblem({ ...terminal, stdoutIsTTY: false })).toMatch(
      /output is not a terminal.*parley run "prompt"/,
    )
    expect(terminalProblem({ ...terminal, term: 'dumb', stdoutIsTTY: false })).toMatch(/parley run/)
  })

  test('a dumb terminal and Emacs shell-mode get plain lines instead of a refusal', () => {
    expect(terminalProblem({ ...terminal, term: 'dumb' })).toBeUndefined()
    expect(wantsPlainLines({ ...terminal, term: 'dumb' })).toBe(true)
    expect(wantsPlainLines({ ...terminal, insideEmacs: '29.1,comint' })).toBe(true)
  })

  test('a terminal Emacs draws itself (vterm, ansi-term) gets the full client', () => {
    expect(wantsPlainLines({ ...terminal, insideEmacs: 'vterm' })).toBe(false)
    expect(
      wantsPlainLines({ ...terminal, term: 'eterm-color', insideEmacs: '29.1,term:0.96' }),
    ).toBe(false)
  })
})
