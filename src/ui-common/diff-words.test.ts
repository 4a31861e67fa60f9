import { describe, expect, it } from 'vitest'
import type { DiffRow } from './diff-view'
import { changedWords } from './diff-words'

const del = (text: string, oldNo = 1): DiffRow => ({ kind: 'del', oldNo, newNo: null, text })
const add = (text: string, newNo = 1): DiffRow => ({ kind: 'add', oldNo: null, newNo, text })
const ctx = (text: string): DiffRow => ({ kind: 'ctx', oldNo: 1, newNo: 1, text })
const changed = (segments: { text: string; changed: boolean }[] | undefined) =>
  segments?.filter((s) => s.changed).map((s) => s.text)

describe('the words that changed within a changed line', () => {
  it('marks only the changed value of `port = 8080` → `port = 9090`, on both sides', () => {
    const marks = changedWords([ctx('name = parley'), del('port = 8080'), add('port = 9090')])
    expect(changed(marks.get(1))).toEqual(['8080'])
    expect(changed(marks.get(2))).toEqual(['9090'])
    expect(
      marks
        .get(2)
        ?.map((s) => s.text)
        .join(''),
    ).toBe('port = 9090')
    expect(marks.has(0)).toBe(false)
  })

  it('pairs the n-th removed line with the n-th added one in a run, and leaves unpaired lines alone', () => {
    const marks = changedWords([
      del('a = 1'),
      del('b = 2'),
      add('a = 10'),
      add('b = 20'),
      add('c = 3'),
    ])
    expect(changed(marks.get(0))).toEqual(['1'])
    expect(changed(marks.get(3))).toEqual(['20'])
    expect(marks.has(4)).toBe(false)
  })

  it('marks nothing within a rewrite that shares too little', () => {
    expect(changedWords([del('const x = compute()'), add('return fetchAll(items)')]).size).toBe(0)
  })
})
