import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import {
  flowItems,
  lineText,
  lineWidth,
  safeSpans,
  truncateLine,
  truncateLineStart,
  wrapLine,
  wrapSpans,
} from './styled-text'

const rows = (text: string, width: number, options = {}) =>
  wrapSpans([{ text }], width, options).map(lineText)

describe('wrapping text into terminal rows', () => {
  test('a wrapped row never starts with the space it was broken at', () => {
    expect(rows('the quick brown fox jumps', 10)).toEqual(['the quick', 'brown fox', 'jumps'])
  })

  test('a word longer than the row is broken, not pushed past the edge', () => {
    expect(rows('a verylongwordindeed b', 8)).toEqual(['a', 'verylong', 'wordinde', 'ed b'])
  })

  test('wide characters count two columns, so a row never overflows or leaves a blank row', () => {
    const text = '日本語のオプションの説明文です'
    const wrapped = rows(text, 9)
    expect(wrapped.join('')).toBe(text)
    expect(wrapped).toHaveLength(4)
    for (const row of wrapped) {
      expect(lineWidth([{ text: row }])).toBeLessThanOrEqual(9)
      expect(row).not.toBe('')
    }
  })

  test('an indented line keeps its indent on every continuation row with indent auto', () => {
    expect(rows('    return compute(a, b) + other', 18, { indent: 'auto' })).toEqual([
      '    return',
      '    compute(a, b)',
      '    + other',
    ])
  })

  test('char mode keeps every character, spaces at the break included (code stays verbatim)', () => {
    const code = 'def f(*args, **kwargs):  # pass **everything**'
    const wrapped = rows(code, 12, { mode: 'char' })
    expect(wrapped.join('')).toBe(code)
    for (const row of wrapped) expect([...row].length).toBeLessThanOrEqual(12)
  })

  test('line breaks start new rows and an empty line stays an empty row', () => {
    expect(rows('one\n\ntwo', 20)).toEqual(['one', '', 'two'])
  })

  test('a cursor on a space (an inverse space) survives a break', () => {
    const line = [{ text: 'hello world' }, { text: ' ', style: { inverse: true } }]
    expect(wrapLine(line, 11).map(lineText)).toEqual(['hello', 'world '])
  })

  test('styles survive wrapping', () => {
    const line = [{ text: 'plain ' }, { text: 'bold words here', style: { bold: true } }]
    const [first, second] = wrapLine(line, 12)
    expect(first).toEqual([{ text: 'plain ' }, { text: 'bold', style: { bold: true } }])
    expect(second).toEqual([{ text: 'words here', style: { bold: true } }])
  })

  test('property: no row is wider than the width, and word mode only drops spaces', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom('a', 'b', ' ', '日', 'é', 'x', '👍') }),
        fc.integer({ min: 2, max: 30 }),
        (text, width) => {
          const wrapped = wrapSpans([{ text }], width)
          for (const row of wrapped) expect(lineWidth(row)).toBeLessThanOrEqual(width)
          expect(wrapped.map(lineText).join('').replace(/ /g, '')).toBe(text.replace(/ /g, ''))
          const chars = wrapSpans([{ text }], width, { mode: 'char' })
          expect(chars.map(lineText).join('')).toBe(text)
        },
      ),
    )
  })
})

describe('safe spans', () => {
  test('hidden characters become visible escapes drawn inverse red', () => {
    expect(safeSpans('rm \u202Ex', { bold: true })).toEqual([
      { text: 'rm ', style: { bold: true } },
      { text: '\\u202E', style: { bold: true, inverse: true, color: 'red' } },
      { text: 'x', style: { bold: true } },
    ])
  })
})

describe('fitting rows', () => {
  test('truncation ends with an ellipsis and respects wide characters', () => {
    expect(lineText(truncateLine([{ text: 'abcdefgh' }], 5))).toBe('abcd…')
    expect(lineText(truncateLine([{ text: '日本語です' }], 5))).toBe('日本…')
    expect(lineText(truncateLineStart([{ text: '/home/me/project' }], 9))).toBe('…/project')
  })

  test('items flow onto as many rows as they need and never break in the middle', () => {
    const items = ['Enter send', 'Alt+Enter newline', 'Shift+Tab mode', '^C stop'].map((t) => [
      { text: t },
    ])
    expect(flowItems(items, 32).map(lineText)).toEqual([
      'Enter send · Alt+Enter newline',
      'Shift+Tab mode · ^C stop',
    ])
    expect(flowItems(items, 32, { maxLines: 1 }).map(lineText)).toEqual([
      'Enter send · Alt+Enter newline',
    ])
  })
})

describe('verbatim wrapping', () => {
  test('breaks at spaces and keeps every one of them at the end of the row', () => {
    const command = 'echo one && echo two  &&  echo three'
    const wrapped = rows(command, 12, { mode: 'verbatim' })
    expect(wrapped.join('')).toBe(command)
    expect(wrapped[0]).toBe('echo one && ')
    for (const row of wrapped) expect([...row].length).toBeLessThanOrEqual(12)
  })

  test('a break that lands exactly at the width leaves no blank row: the space starts the next one', () => {
    expect(rows('abcdefghij klm', 10, { mode: 'verbatim' })).toEqual(['abcdefghij', ' klm'])
    expect(rows('abcdefghij   klm', 10, { mode: 'verbatim' })).toEqual(['abcdefghij', '   klm'])
  })

  test('a wrapped line of indented code keeps its indent on every row', () => {
    const code = '        return compute(first_argument, second_argument)'
    const wrapped = rows(code, 30, { mode: 'verbatim', indent: 'auto' })
    expect(wrapped.length).toBeGreaterThan(1)
    for (const row of wrapped) expect(row.startsWith('        ')).toBe(true)
    expect(wrapped.map((r, i) => (i === 0 ? r : r.slice(8))).join('')).toBe(code)
  })

  test('CJK text breaks between characters instead of leaving a row short', () => {
    expect(rows('日本 — 日本語の説明文です', 10)).toEqual(['日本 — 日', '本語の説明', '文です'])
  })

  test('property: verbatim keeps every character and respects the width', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom('a', 'b', ' ', '日', '-', '👍') }),
        fc.integer({ min: 2, max: 30 }),
        (text, width) => {
          const wrapped = wrapSpans([{ text }], width, { mode: 'verbatim' })
          expect(wrapped.map(lineText).join('')).toBe(text)
          for (const row of wrapped) expect(lineWidth(row)).toBeLessThanOrEqual(width)
        },
      ),
    )
  })
})
