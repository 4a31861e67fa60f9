import { describe, expect, it, test } from 'vitest'
import { errorMessage, plainError } from './plain-error'

test('an error message loses the SDK class names in it', () => {
  expect(plainError('AI_APICallError: Cannot connect to API: bad port')).toBe(
    'Cannot connect to API: bad port',
  )
  expect(plainError('Failed after 3 attempts. Last error: AI_RetryError: x')).toBe(
    'Failed after 3 attempts. Last error: x',
  )
  expect(plainError('TypeError: x is undefined')).toBe('x is undefined')
})

test('a message that is already plain, or only a class name, is kept', () => {
  expect(plainError('The server is busy; try again later.')).toBe(
    'The server is busy; try again later.',
  )
  expect(plainError('AI_APICallError: ')).toBe('AI_APICallError: ')
})

describe('errorMessage', () => {
  it('gives an Error its message and anything else thrown as text', () => {
    expect(errorMessage(new TypeError('bad input'))).toBe('bad input')
    expect(errorMessage('plain string')).toBe('plain string')
    expect(errorMessage(42)).toBe('42')
  })
})
