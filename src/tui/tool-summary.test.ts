import { expect, test } from 'vitest'
import { plainError, summarizeToolInput, summarizeToolResult, toolOutputText } from './tool-summary'

test('a tool line names the command, the path or the question count', () => {
  expect(summarizeToolInput('run_command', { command: 'npm test' })).toBe('npm test')
  expect(summarizeToolInput('read_file', { path: 'src/a.ts' })).toBe('src/a.ts')
  expect(summarizeToolInput('AskUserQuestion', { questions: [{}] })).toBe('1 question')
  expect(summarizeToolInput('list_files', {})).toBe('.')
  expect(summarizeToolInput('mcp__everything__trigger-elicitation-request', {})).toBe('')
})

test('a multi-line command stays on one line with its hidden characters shown', () => {
  expect(summarizeToolInput('run_command', { command: 'a\nb\u001b' })).toBe('a ⏎ b\\x1B')
})

test('an error result shows its message; a plain success shows nothing', () => {
  expect(summarizeToolResult('read_file', { error: 'missing' }, true)).toBe('missing')
  expect(summarizeToolResult('read_file', { content: 'x' }, false)).toBeUndefined()
})

test('a tool output is readable text: command output with a failing exit code, or JSON', () => {
  expect(toolOutputText({ exitCode: 2, output: 'boom\n' })).toBe('boom\n(exit code 2)')
  expect(toolOutputText({ exitCode: 0, output: 'fine\n' })).toBe('fine\n')
  expect(toolOutputText({ path: 'a', content: 'text' })).toBe('text')
  expect(toolOutputText({ bytes: 3 })).toBe('{\n  "bytes": 3\n}')
})

test('an error message loses the SDK class name in front of it', () => {
  expect(plainError('AI_APICallError: Too Many Requests')).toBe('Too Many Requests')
  expect(plainError('TypeError: x is undefined')).toBe('x is undefined')
  expect(plainError('The server is busy; try again later.')).toBe(
    'The server is busy; try again later.',
  )
})

test('AskUserQuestion answers are listed, a multi-select question’s labels together', () => {
  const output = {
    answers: [
      { question: 'A?', answer: 'Rust' },
      { question: 'B?', answer: ['Linux', 'macOS'] },
      { question: 'C?', answer: null },
    ],
  }
  expect(summarizeToolResult('AskUserQuestion', output, false)).toBe('Rust · Linux, macOS · —')
})
