import { describe, expect, test } from 'vitest'
import { PINNED_TOOLS, toolCategory } from './pinned-tools'
import { jsonText, toolCallSummary, toolErrorText, toolOutputText } from './tool-summary'

const parley = (tool: string, input: Parameters<typeof toolCallSummary>[0]['input']) =>
  toolCallSummary({ tool, input, origin: 'parley' })

describe('a tool call in one line', () => {
  test('a pinned tool names its path, command, query, task or question count', () => {
    expect(parley('run_command', { command: 'npm test' })).toBe('npm test')
    expect(parley('read_file', { path: 'src/a.ts' })).toBe('src/a.ts')
    expect(parley('edit_file', { path: 'src/a.ts', old_text: 'a', new_text: 'b' })).toBe('src/a.ts')
    expect(parley('search_files', { query: 'TODO', path: 'src' })).toBe('TODO')
    expect(parley('Task', { description: 'Write the tests', prompt: '…' })).toBe('Write the tests')
    expect(parley('AskUserQuestion', { questions: [{}] })).toBe('1 question')
    expect(parley('AskUserQuestion', { questions: [{}, {}] })).toBe('2 questions')
    // Without a path, list_files lists the workspace root.
    expect(parley('list_files', {})).toBe('.')
  })

  test('a pinned tool called with a malformed input shows that input', () => {
    expect(parley('read_file', { path: 7 })).toBe('{"path":7}')
    expect(parley('run_command', 'rm -rf /')).toBe('"rm -rf /"')
  })

  test('an MCP server’s tool is described by the usual fields of its input, else the input', () => {
    expect(parley('mcp__fs__read', { path: 'notes.md', encoding: 'utf8' })).toBe('notes.md')
    expect(parley('mcp__web__fetch', { url: 'https://example.com' })).toBe('https://example.com')
    expect(parley('mcp__calc__add', { a: 1, b: 2 })).toBe('{"a":1,"b":2}')
    expect(parley('mcp__everything__trigger-elicitation-request', {})).toBe('')
  })

  test('an ACP agent’s call is described by the files it touches, else its kind', () => {
    const agent = (input: Parameters<typeof toolCallSummary>[0]['input']) =>
      toolCallSummary({ tool: 'Edit README.md', input, origin: 'agent' })
    expect(agent({ kind: 'edit', locations: ['/ws/README.md:3', '/ws/b.md'], content: [] })).toBe(
      '/ws/README.md:3, /ws/b.md',
    )
    expect(agent({ kind: 'think', locations: [], content: [] })).toBe('think')
  })

  test('a huge input is cut, never inside a character', () => {
    const summary = parley('run_command', { command: `${'x'.repeat(498)}😀😀` })
    expect(summary.length).toBeLessThanOrEqual(500)
    expect(summary.endsWith('x…')).toBe(true)
  })

  test('every pinned tool has a category; any other tool is another program’s', () => {
    expect(Object.keys(PINNED_TOOLS).sort()).toEqual([
      'AskUserQuestion',
      'Task',
      'edit_file',
      'list_files',
      'read_file',
      'run_command',
      'search_files',
      'write_file',
    ])
    expect(toolCategory('write_file')).toBe('edit')
    expect(toolCategory('run_command')).toBe('command')
    expect(toolCategory('mcp__fs__write')).toBe('external')
    expect(toolCategory('toString')).toBe('external')
  })
})

describe('a result in words', () => {
  test('an error result shows its message, else the result itself', () => {
    expect(toolErrorText({ error: 'missing' })).toBe('missing')
    expect(toolErrorText('plain failure')).toBe('plain failure')
    expect(toolErrorText({ code: 3 })).toBe('{"code":3}')
    expect(toolErrorText(undefined)).toBe('')
  })

  test('a tool output is readable text: command output with a failing exit code, a file, or JSON', () => {
    expect(toolOutputText({ exitCode: 2, output: 'boom\n' })).toBe('boom\n(exit code 2)')
    expect(toolOutputText({ exitCode: 0, output: 'fine\n' })).toBe('fine\n')
    expect(toolOutputText({ path: 'a', content: 'text' })).toBe('text')
    expect(toolOutputText({ bytes: 3 })).toBe('{\n  "bytes": 3\n}')
    expect(jsonText({ bytes: 3 })).toBe('{\n  "bytes": 3\n}')
    expect(jsonText('as is')).toBe('as is')
  })
})
