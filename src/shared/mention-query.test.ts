import { describe, expect, it } from 'vitest'
import { insertMention, mentionQuery } from './mention-query'

describe('an @ mention being typed', () => {
  it('starts at an @ at the start or after a space and runs to the caret', () => {
    expect(mentionQuery('@', 1)).toEqual({ start: 0, query: '' })
    expect(mentionQuery('look at @src/ma', 15)).toEqual({ start: 8, query: 'src/ma' })
    expect(mentionQuery('look at @src/ma and more', 15)).toEqual({ start: 8, query: 'src/ma' })
  })

  it('is not an e-mail address, nor a word the caret has left', () => {
    expect(mentionQuery('me@example.com', 14)).toBeNull()
    expect(mentionQuery('@src/a.ts then', 14)).toBeNull()
  })

  it('is replaced by the chosen path and a space; a folder is typed on into', () => {
    const text = 'see @ma please'
    const mention = mentionQuery(text, 7)
    expect(mention).not.toBeNull()
    if (mention === null) return
    expect(insertMention(text, 7, mention, 'src/main.ts')).toEqual({
      text: 'see @src/main.ts please',
      caret: 17,
    })
    expect(insertMention('@s', 2, { start: 0, query: 's' }, 'src/')).toEqual({
      text: '@src/',
      caret: 5,
    })
  })
})
