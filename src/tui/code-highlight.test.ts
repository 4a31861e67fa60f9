import { describe, expect, test } from 'vitest'
import { highlightCode, loadHighlighter } from './code-highlight'

const code = 'def f(*args, **kwargs):  # pass **everything**\n    return "x" + 1\n'

describe('code highlighting', () => {
  // First in this file: the grammars are loaded once per process.
  test('code is plain until the grammars are loaded, then coloured', async () => {
    expect(highlightCode(code, 'python')).toEqual([{ text: code }])
    await loadHighlighter()
    expect(highlightCode(code, 'python')).toContainEqual({
      text: 'def',
      style: { color: 'magenta' },
    })
  })

  test('colours a known language without changing a single character', () => {
    const spans = highlightCode(code, 'python')
    expect(spans.map((s) => s.text).join('')).toBe(code)
    expect(spans).toContainEqual({ text: 'def', style: { color: 'magenta' } })
    expect(spans).toContainEqual({
      text: '# pass **everything**',
      style: { color: 'gray', italic: true },
    })
    expect(spans).toContainEqual({ text: '"x"', style: { color: 'green' } })
  })

  test('an unknown or missing language is shown plain', () => {
    expect(highlightCode(code, 'no-such-language')).toEqual([{ text: code }])
    expect(highlightCode(code, undefined)).toEqual([{ text: code }])
  })
})
