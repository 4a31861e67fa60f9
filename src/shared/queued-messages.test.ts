import { describe, expect, it } from 'vitest'
import {
  EMPTY_MESSAGE_QUEUE,
  cancelQueuedMessage,
  editQueuedMessage,
  queueMessage,
  queuedAsDraft,
  takeNextQueued,
} from './queued-messages'

const first = { id: 'q1', text: 'then run the tests' }
const second = { id: 'q2', text: 'and commit' }

describe('queued messages', () => {
  it('keeps messages typed during a turn in the order they were typed', () => {
    const queue = queueMessage(queueMessage(EMPTY_MESSAGE_QUEUE, first), second)
    expect(queue.map((m) => m.text)).toEqual(['then run the tests', 'and commit'])
  })

  it('does not queue a blank message or the same message twice', () => {
    const queue = queueMessage(EMPTY_MESSAGE_QUEUE, first)
    expect(queueMessage(queue, { id: 'q3', text: '  \n' })).toBe(queue)
    expect(queueMessage(queue, first)).toBe(queue)
  })

  it('sends nothing while the turn runs, then the oldest message once it has ended', () => {
    const queue = queueMessage(queueMessage(EMPTY_MESSAGE_QUEUE, first), second)
    expect(takeNextQueued(queue, true)).toBeUndefined()
    const taken = takeNextQueued(queue, false)
    expect(taken?.next).toEqual(first)
    expect(taken?.rest).toEqual([second])
    expect(takeNextQueued(EMPTY_MESSAGE_QUEUE, false)).toBeUndefined()
  })

  it('edits a queued message in place, and an edit to blank cancels it', () => {
    const queue = queueMessage(queueMessage(EMPTY_MESSAGE_QUEUE, first), second)
    expect(editQueuedMessage(queue, 'q1', 'run the linter')[0]?.text).toBe('run the linter')
    expect(editQueuedMessage(queue, 'q1', first.text)).toBe(queue)
    expect(editQueuedMessage(queue, 'q1', ' ')).toEqual([second])
  })

  it('cancels a queued message and ignores an id that was already sent', () => {
    const queue = queueMessage(EMPTY_MESSAGE_QUEUE, first)
    expect(cancelQueuedMessage(queue, 'q1')).toEqual([])
    expect(cancelQueuedMessage(queue, 'gone')).toBe(queue)
  })

  it('a stopped turn puts its queue back as a draft, oldest first, before what is typed', () => {
    const queue = queueMessage(queueMessage(EMPTY_MESSAGE_QUEUE, first), second)
    expect(queuedAsDraft(queue, 'and push')).toBe('then run the tests\nand commit\nand push')
    expect(queuedAsDraft(queue, '')).toBe('then run the tests\nand commit')
  })
})
