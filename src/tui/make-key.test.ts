import { expect, test } from 'vitest'
import { makeKey, splitTypedChunk } from './make-key'

test('keys typed together with Enter are the text, then an Enter press', () => {
  expect(splitTypedChunk('hello\r', makeKey())).toEqual([
    { input: 'hello', key: makeKey() },
    { input: '\r', key: makeKey({ return: true }) },
  ])
})

test('a single key or a chunk without Enter passes through unchanged', () => {
  const enter = makeKey({ return: true })
  expect(splitTypedChunk('\r', enter)).toEqual([{ input: '\r', key: enter }])
  expect(splitTypedChunk('abc', makeKey())).toEqual([{ input: 'abc', key: makeKey() }])
})
