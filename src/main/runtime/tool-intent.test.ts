import { describe, expect, it } from 'vitest'
import { commandPrefix, describeToolCall } from './tool-intent'

describe('what "remember for this turn" covers', () => {
  it('is the program, plus the subcommand of tools whose subcommand changes what they do', () => {
    expect(commandPrefix('echo one')).toBe('echo')
    expect(commandPrefix('echo two && ls')).toBe('echo')
    expect(commandPrefix('rm -rf build')).toBe('rm')
    expect(commandPrefix('npm test -- --watch')).toBe('npm test')
    expect(commandPrefix('git push --force')).toBe('git push')
    expect(commandPrefix('/usr/bin/git status')).toBe('/usr/bin/git status')
  })

  it('is the path for file edits, and a destructive command is high risk', () => {
    expect(
      describeToolCall('edit_file', { path: 'a.ts', old_text: 'x', new_text: 'y' }, '/tmp'),
    ).toMatchObject({
      intent: 'files: a.ts',
      summary: 'Edit a.ts',
    })
    expect(describeToolCall('run_command', { command: 'rm -rf build' }, '/tmp')).toMatchObject({
      risk: 'high',
      intent: 'run_command: rm',
    })
    expect(describeToolCall('run_command', { command: 'npm test' }, '/tmp')).toMatchObject({
      risk: 'medium',
    })
  })
})
