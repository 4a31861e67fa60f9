import { createTwoFilesPatch } from 'diff'
import { describe, expect, it } from 'vitest'
import { MAX_DIFF_ROWS, diffStatText, diffView } from './diff-view'

const patch = (before: string, after: string) =>
  createTwoFilesPatch('a/app.ts', 'b/app.ts', before, after, '', '', { context: 3 })

describe('the permission diff', () => {
  it('numbers both sides, drops the headers and counts what changes', () => {
    const before = 'one\ntwo\nthree\nfour\n'
    const after = 'one\nTWO\nthree\nfour\nfive\n'
    const view = diffView(patch(before, after))
    expect(view.kind).toBe('changes')
    if (view.kind !== 'changes') return
    expect(view.added).toBe(2)
    expect(view.removed).toBe(1)
    expect(view.hunks[0]?.rows).toEqual([
      { kind: 'ctx', oldNo: 1, newNo: 1, text: 'one' },
      { kind: 'del', oldNo: 2, newNo: null, text: 'two' },
      { kind: 'add', oldNo: null, newNo: 2, text: 'TWO' },
      { kind: 'ctx', oldNo: 3, newNo: 3, text: 'three' },
      { kind: 'ctx', oldNo: 4, newNo: 4, text: 'four' },
      { kind: 'add', oldNo: null, newNo: 5, text: 'five' },
    ])
    const texts = view.hunks.flatMap((h) => h.rows.map((r) => r.text))
    expect(texts.some((t) => t.includes('===') || t.startsWith('--') || t.startsWith('++'))).toBe(
      false,
    )
    expect(diffStatText(view)).toBe('+2 −1')
  })

  it('says "No changes" for a write that changes nothing', () => {
    const view = diffView(patch('same\n', 'same\n'))
    expect(view).toEqual({ kind: 'no_change' })
    expect(diffStatText(view)).toBe('No changes')
  })

  it('shows a new file as its content', () => {
    const view = diffView(patch('', '# Title\n\nBody\n'))
    expect(view).toEqual({ kind: 'new_file', lines: ['# Title', '', 'Body'] })
    expect(diffStatText(view)).toBe('New file, 3 lines')
  })

  it('keeps a missing final newline as a note, not as a line of the file', () => {
    const view = diffView(patch('a\nb', 'a\nc'))
    if (view.kind !== 'changes') throw new Error(view.kind)
    expect(view.hunks[0]?.rows.filter((r) => r.kind === 'note')).toHaveLength(2)
    expect(view.added).toBe(1)
  })

  it('shows text that is not a patch as it is', () => {
    const text = '--- old_text\nfoo\n+++ new_text\nbar'
    expect(diffView(text)).toEqual({ kind: 'text', text })
    expect(diffView('plain words')).toEqual({ kind: 'text', text: 'plain words' })
    expect(diffStatText(diffView('plain words'))).toBeNull()
  })

  it('falls back to the whole text for a diff too long to draw row by row', () => {
    const big = Array.from({ length: MAX_DIFF_ROWS + 10 }, (_, i) => `line ${i}`).join('\n')
    const text = patch('x\n', `${big}\n`)
    expect(diffView(text)).toEqual({ kind: 'text', text })
  })
})
