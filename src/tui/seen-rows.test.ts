import { describe, expect, test } from 'vitest'
import { allSeen, markSeen, noRowsSeen } from './seen-rows'

describe('rows of a prompt that have been on screen', () => {
  test('rows count as seen once shown, now or earlier', () => {
    const seen = markSeen(noRowsSeen(40), 40, [[0, 3]])
    expect(allSeen(seen, 40, [[3, 6]], 6)).toBe(true)
    expect(allSeen(seen, 40, [[4, 6]], 6)).toBe(false)
  })

  test('nothing new shown keeps the same object', () => {
    const seen = markSeen(noRowsSeen(40), 40, [[0, 3]])
    expect(markSeen(seen, 40, [[1, 2]])).toBe(seen)
  })

  test('a new width forgets what was seen: the rows are wrapped anew', () => {
    const seen = markSeen(noRowsSeen(40), 40, [[0, 6]])
    expect(allSeen(seen, 30, [[0, 2]], 6)).toBe(false)
    expect(markSeen(seen, 30, [[0, 2]]).rows.size).toBe(2)
  })
})
