import { describe, expect, test } from 'vitest'
import { oneLine, showHidden, visibleSegments } from './visible-text'

describe('visible text', () => {
  test('an escape sequence in a command is shown, not executed by the terminal', () => {
    expect(showHidden('echo \u001b[2Jhi')).toBe('echo \\x1B[2Jhi')
  })

  test('a bidi override that would reorder a command is shown as an escape', () => {
    expect(showHidden('rm -rf \u202Eexe.txt')).toBe('rm -rf \\u202Eexe.txt')
  })

  test('zero-width characters and a lone carriage return become visible', () => {
    expect(showHidden('a\u200Bb\rc')).toBe('a\\u200Bb\\x0Dc')
  })

  test('ordinary text, newlines and CRLF line ends stay readable', () => {
    expect(showHidden('line 1\r\nline 2\n\tdone ✓ 日本')).toBe('line 1\nline 2\n  done ✓ 日本')
  })

  test('escapes are flagged so the view can highlight them', () => {
    expect(visibleSegments('a\u0007b')).toEqual([
      { text: 'a', hidden: false },
      { text: '\\x07', hidden: true },
      { text: 'b', hidden: false },
    ])
  })

  test('a one-line summary marks line breaks and is cut with an ellipsis', () => {
    expect(oneLine('first\nsecond')).toBe('first ⏎ second')
    expect(oneLine('abcdefghij', 5)).toBe('abcd…')
  })
})
