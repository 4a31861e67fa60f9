import { describe, expect, test } from 'vitest'
import { layoutFrame } from './prompt-frame'
import { lineText, type StyledLine } from './styled-text'

const rows = (prefix: string, n: number): StyledLine[] =>
  Array.from({ length: n }, (_, i) => [{ text: `${prefix}${i + 1}` }])
const parts = { header: rows('h', 2), body: rows('b', 30), footer: rows('f', 3) }

describe('fitting a prompt into the terminal', () => {
  test('header and footer always show; the body scrolls in the rows left', () => {
    const layout = layoutFrame(parts, 14, { top: 5 })
    const text = layout.lines.map(lineText)
    expect(text).toHaveLength(12)
    expect(text.slice(0, 2)).toEqual(['h1', 'h2'])
    expect(text.slice(-3)).toEqual(['f1', 'f2', 'f3'])
    expect(text.slice(2, 8)).toEqual(['b6', 'b7', 'b8', 'b9', 'b10', 'b11'])
    expect(text[8]).toBe('lines 6–11 of 30 · PgUp/PgDn scroll')
  })

  test('the focus rows are kept in view', () => {
    const layout = layoutFrame(parts, 14, { focus: [20, 22] })
    expect(layout.lines.map(lineText)).toContain('b22')
    expect(layout.lines.map(lineText)).not.toContain('b15')
  })

  test('a pinned tail stays in view wherever the window is', () => {
    const text = layoutFrame(parts, 16, { pinTail: 2 }).lines.map(lineText)
    expect(text.slice(2, 10)).toEqual([
      'b1',
      'b2',
      'b3',
      'b4',
      'b5',
      '⋮ 23 more rows',
      'b29',
      'b30',
    ])
    expect(text[10]).toBe('lines 1–5 and 29–30 of 30 · PgUp/PgDn scroll')
    // A short prompt gives the tail at most a third of its rows.
    const short = layoutFrame(parts, 14, { pinTail: 2 }).lines.map(lineText)
    expect(short.slice(2, 8)).toEqual(['b1', 'b2', 'b3', 'b4', '⋮ 25 more rows', 'b30'])
  })

  test('a body that fits is shown whole, with no indicator', () => {
    const small = { header: rows('h', 1), body: rows('b', 2), footer: rows('f', 1) }
    expect(layoutFrame(small, 20).lines.map(lineText)).toEqual(['h1', 'b1', 'b2', 'f1'])
  })

  test('a pinned head (what is asked) stays in view above the focus, a marker between them', () => {
    const text = layoutFrame(parts, 14, { pinHead: 2, focus: [20, 21] }).lines.map(lineText)
    expect(text.slice(2, 5)).toEqual(['b1', 'b2', '⋮ 16 more rows'])
    expect(text).toContain('b21')
    expect(text).toContain('lines 1–2 and 19–21 of 30 · PgUp/PgDn scroll')
  })

  test('the compact header and footer take over when the full ones would leave the body no room', () => {
    const compact = { header: rows('H', 1), footer: rows('F', 1) }
    const text = layoutFrame({ ...parts, compact }, 9, {}).lines.map(lineText)
    expect(text).toEqual(['H1', 'b1', 'b2', 'b3', 'b4', 'lines 1–4 of 30 · PgUp/PgDn scroll', 'F1'])
    // With room for the full ones, they are used.
    expect(layoutFrame({ ...parts, compact }, 14).lines.map(lineText)[0]).toBe('h1')
  })

  test('paging down from the top shows every row once at least, with pins on both ends', () => {
    const seen = new Set<number>()
    let top = 0
    for (let i = 0; i < 40; i++) {
      const layout = layoutFrame(parts, 12, { top, pinHead: 2, pinTail: 2 })
      for (const [a, b] of layout.shown) for (let r = a; r < b; r++) seen.add(r)
      if (layout.top === layout.maxTop) break
      top = layout.top + layout.page
    }
    expect(seen.size).toBe(30)
  })
})
