import { describe, expect, it } from 'vitest'
import { revealInvisibles, revealedLine, revealedText } from './reveal-invisibles'

describe('revealInvisibles', () => {
  it('shows a right-to-left override as a visible token instead of reordering text', () => {
    expect(revealedText('rm -rf \u202Etxt.exe')).toBe('rm -rf ⟨U+202E⟩txt.exe')
  })

  it('marks zero-width, control and BOM characters but keeps newlines and tabs', () => {
    const runs = revealInvisibles('a\u200Bb\u0007c\uFEFF\n\td')
    expect(runs.filter((r) => r.kind === 'marker').map((r) => r.text)).toEqual([
      '⟨U+200B⟩',
      '⟨U+0007⟩',
      '⟨U+FEFF⟩',
    ])
    expect(revealedText('x\n\ty')).toBe('x\n\ty')
  })

  it('keeps every character of long text (nothing truncated)', () => {
    const long = 'x'.repeat(100_000)
    expect(revealedText(long)).toHaveLength(100_000)
  })
})

describe('revealedLine', () => {
  it('puts a summary on one line, with line breaks and hidden characters shown', () => {
    // A line break starts another command: it is shown, not folded into a space.
    expect(revealedLine('npm\n test')).toBe('npm ↵ test')
    expect(revealedLine('npm   test')).toBe('npm test')
    expect(revealedLine('echo \u202Eexe.txt')).toBe('echo ⟨U+202E⟩exe.txt')
    expect(revealedLine('x'.repeat(200), 10)).toBe(`${'x'.repeat(9)}…`)
  })
})
