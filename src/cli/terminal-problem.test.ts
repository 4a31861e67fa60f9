import { describe, expect, test } from 'vitest'
import { terminalProblem } from './terminal-problem'

const terminal = { stdinIsTTY: true, stdoutIsTTY: true, term: 'xterm-256color' }

describe('where parley tui can draw', () => {
  test('a real terminal is fine', () => {
    expect(terminalProblem(terminal)).toBeUndefined()
    expect(terminalProblem({ ...terminal, term: undefined })).toBeUndefined()
  })

  test('output into a pipe names parley run', () => {
    expect(terminalProblem({ ...terminal, stdoutIsTTY: false })).toMatch(
      /output is not a terminal.*parley run "prompt"/,
    )
  })

  test('a dumb terminal is told what works there instead of getting boxes', () => {
    expect(terminalProblem({ ...terminal, term: 'dumb' })).toMatch(/TERM=dumb.*parley run/)
  })
})
