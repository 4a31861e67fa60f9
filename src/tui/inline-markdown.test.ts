import { expect, test } from 'vitest'
import { inlineMarkdown } from './inline-markdown'

test('bold and inline code lose their markers and keep their emphasis', () => {
  expect(inlineMarkdown('I am the **demo agent**, run `npm test`.')).toEqual([
    { text: 'I am the ' },
    { text: 'demo agent', bold: true },
    { text: ', run ' },
    { text: 'npm test', code: true },
    { text: '.' },
  ])
})

test('a heading is shown bold without its hashes; other lines stay as written', () => {
  expect(inlineMarkdown('## Plan\n- step *one*')).toEqual([
    { text: 'Plan', bold: true },
    { text: '\n' },
    { text: '- step *one*' },
  ])
})

test('unpaired markers are left alone', () => {
  expect(inlineMarkdown('2 ** 3 and a ` tick')).toEqual([{ text: '2 ** 3 and a ` tick' }])
})
