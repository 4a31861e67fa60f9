import { expect, test } from 'vitest'
import { summarizeToolInput, summarizeToolResult } from './tool-summary'

test('a tool line names the command, the path or the question count', () => {
  expect(summarizeToolInput('run_command', { command: 'npm test' })).toBe('npm test')
  expect(summarizeToolInput('read_file', { path: 'src/a.ts' })).toBe('src/a.ts')
  expect(summarizeToolInput('AskUserQuestion', { questions: [{}] })).toBe('1 question')
  expect(summarizeToolInput('list_files', {})).toBe('.')
})

test('a multi-line command stays on one line with its hidden characters shown', () => {
  expect(summarizeToolInput('run_command', { command: 'a\nb\u001b' })).toBe('a ⏎ b\\x1B')
})

test('an error result shows its message; a plain success shows nothing', () => {
  expect(summarizeToolResult('read_file', { error: 'missing' }, true)).toBe('missing')
  expect(summarizeToolResult('read_file', { content: 'x' }, false)).toBeUndefined()
})
