import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { describeToolCall } from './tool-intent'

const workspace = () => {
  const dir = mkdtempSync(join(tmpdir(), 'parley-intent-'))
  writeFileSync(join(dir, 'a.ts'), 'const x = 1\n')
  return dir
}

describe('what "remember for this turn" covers', () => {
  it('is the program, plus the subcommand of tools whose subcommand changes what they do', async () => {
    const ws = workspace()
    const scope = async (command: string) =>
      (await describeToolCall('run_command', { command }, ws)).rememberScope
    expect(await scope('echo one')).toEqual(['echo'])
    expect(await scope('npm test -- --watch')).toEqual(['npm test'])
    expect(await scope('/usr/bin/git status')).toEqual(['/usr/bin/git status'])
    expect(await scope('npm run build')).toEqual(['npm run build'])
    expect(await scope('rm -rf build')).toBeNull()
    expect(await scope('git push --force')).toBeNull()
  })

  it('is the real path for file edits, and a destructive command is high risk', async () => {
    const ws = workspace()
    expect(
      await describeToolCall('edit_file', { path: 'a.ts', old_text: 'x', new_text: 'y' }, ws),
    ).toMatchObject({ rememberScope: ['a.ts'], summary: 'Edit a.ts' })
    expect(await describeToolCall('run_command', { command: 'rm -rf build' }, ws)).toMatchObject({
      risk: 'high',
      rememberScope: null,
    })
    expect(await describeToolCall('run_command', { command: 'npm test' }, ws)).toMatchObject({
      risk: 'medium',
    })
  })
})
