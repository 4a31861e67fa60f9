import { describe, expect, test } from 'vitest'
import { commandSuggestions, parseComposerInput } from './slash-commands'

describe('slash commands', () => {
  test('a known command is run with its argument', () => {
    expect(parseComposerInput('/mode execute')).toEqual({
      kind: 'command',
      name: 'mode',
      arg: 'execute',
    })
    expect(parseComposerInput(' /exit ')).toEqual({ kind: 'command', name: 'quit', arg: '' })
  })

  test('a path or ordinary text is a message; an unknown word is reported', () => {
    expect(parseComposerInput('/etc/hosts is broken')).toEqual({ kind: 'message' })
    expect(parseComposerInput('hello /help')).toEqual({ kind: 'message' })
    expect(parseComposerInput('/frobnicate')).toEqual({ kind: 'unknown', name: 'frobnicate' })
  })

  test('suggestions follow what is typed', () => {
    expect(commandSuggestions('/m').map((c) => c.name)).toEqual(['mode', 'model', 'mcp'])
    expect(commandSuggestions('/').length).toBeGreaterThan(5)
    expect(commandSuggestions('/mode x')).toEqual([])
  })
})
