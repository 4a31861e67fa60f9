import { describe, expect, it } from 'vitest'
import { safeHref } from './safe-href'
import { shortPath } from './short-path'
import { toolSummary } from './tool-summary'

describe('safeHref', () => {
  it('allows only absolute http, https and mailto links', () => {
    expect(safeHref('https://example.com/a')).toBe('https://example.com/a')
    expect(safeHref('mailto:a@b.c')).toBe('mailto:a@b.c')
    expect(safeHref('javascript:alert(1)')).toBeUndefined()
    expect(safeHref('file:///etc/passwd')).toBeUndefined()
    expect(safeHref('/settings')).toBeUndefined()
    expect(safeHref('data:text/html,hi')).toBeUndefined()
  })
})

describe('toolSummary', () => {
  it('names what a tool call does in one line', () => {
    // A line break starts another command: it is shown, not folded into a space.
    expect(toolSummary('run_command', { command: 'npm\n test' })).toBe('npm ↵ test')
    expect(toolSummary('run_command', { command: 'npm   test' })).toBe('npm test')
    expect(toolSummary('edit_file', { path: 'src/a.ts', old_text: 'a', new_text: 'b' })).toBe(
      'src/a.ts',
    )
    expect(toolSummary('custom', { a: 1 })).toBe('{"a":1}')
    expect(toolSummary('run_command', { command: 'echo \u202Eexe.txt' })).toBe(
      'echo ⟨U+202E⟩exe.txt',
    )
  })
})

describe('shortPath', () => {
  it('keeps the last two segments of a long path', () => {
    expect(shortPath('/tmp/parley/work/app')).toBe('…/work/app')
    expect(shortPath('/work/app')).toBe('/work/app')
    expect(shortPath('C:\\Users\\me\\code')).toBe('…/me/code')
  })
})
