import { describe, expect, test } from 'vitest'
import {
  USER_COMMANDS_CONTEXT_MAX,
  userCommandContext,
  userCommandOf,
  withUserCommands,
} from './user-command'

describe('a command the person runs from the message box', () => {
  test('is the text after a leading !, and a lone ! is no command', () => {
    expect(userCommandOf('  !git status ')).toBe('git status')
    expect(userCommandOf('! ls')).toBe('ls')
    expect(userCommandOf('!')).toBeNull()
    expect(userCommandOf('hello !ls')).toBeNull()
  })

  test('goes to the agent fenced, with how it ended, even when its output holds a fence', () => {
    const context = userCommandContext('cat README.md', {
      exitCode: null,
      signal: 'SIGTERM',
      output: 'a\n```\nb\n',
      timedOut: false,
    })
    expect(context).toBe('I ran `cat README.md` myself (killed by SIGTERM):\n````\na\n```\nb\n````')
    expect(
      userCommandContext('true', { exitCode: 0, signal: null, output: '', timedOut: false }),
    ).toContain('(no output)')
  })

  test('several go with one message, oldest first; past the bound the oldest are left out', () => {
    expect(withUserCommands('hi', [])).toBe('hi')
    expect(withUserCommands('hi', ['one', 'two'])).toBe('one\n\ntwo\n\nhi')
    const big = 'x'.repeat(USER_COMMANDS_CONTEXT_MAX / 2)
    const text = withUserCommands('hi', ['first', big, big])
    expect(text.startsWith(big)).toBe(true)
    expect(text).not.toContain('first')
    expect(text.length).toBeLessThan(USER_COMMANDS_CONTEXT_MAX + 10)
  })
})
