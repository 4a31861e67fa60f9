import { expect, test } from 'vitest'
import { makeKey, splitTypedChunk } from './make-key'

test('keys typed together with Enter are the text, then an Enter press', () => {
  expect(splitTypedChunk('hello\r', makeKey())).toEqual([
    { input: 'hello', key: makeKey() },
    { input: '\r', key: makeKey({ return: true }) },
  ])
})

test('a Tab typed together with other keys is a Tab press between them', () => {
  expect(splitTypedChunk('2\t 3', makeKey())).toEqual([
    { input: '2', key: makeKey() },
    { input: '\t', key: makeKey({ tab: true }) },
    { input: ' 3', key: makeKey() },
  ])
})

test('a Ctrl key typed together with text is that Ctrl key, not a character of the text', () => {
  expect(splitTypedChunk('3\x13', makeKey())).toEqual([
    { input: '3', key: makeKey() },
    { input: 's', key: makeKey({ ctrl: true }) },
  ])
  expect(splitTypedChunk('a\nb', makeKey())).toEqual([
    { input: 'a', key: makeKey() },
    { input: '\n', key: makeKey() },
    { input: 'b', key: makeKey() },
  ])
})

test('a single key or a chunk without Enter passes through unchanged', () => {
  const enter = makeKey({ return: true })
  expect(splitTypedChunk('\r', enter)).toEqual([{ input: '\r', key: enter }])
  expect(splitTypedChunk('abc', makeKey())).toEqual([{ input: 'abc', key: makeKey() }])
})
