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
  it('is the program, plus the subcommand of tools whose subcommand changes what they do, with any files in the workspace', async () => {
    const ws = workspace()
    const scope = async (command: string) =>
      (await describeToolCall('run_command', { command }, { workspace: ws, sandboxed: true }))
        .rememberScope
    expect(await scope('echo one')).toEqual(['`echo` with any files in the workspace'])
    expect(await scope('npm run build')).toEqual([
      '`npm run build`, whatever it runs then, in the sandbox, with any files in the workspace',
    ])
    expect(await scope('rm -rf build')).toBeNull()
    expect(await scope('git push --force')).toBeNull()
  })

  it('is the exact command for an option not known to be harmless, or a program named by its path', async () => {
    const ws = workspace()
    const scope = async (command: string) =>
      (await describeToolCall('run_command', { command }, { workspace: ws, sandboxed: true }))
        .rememberScope
    expect(await scope('npm test -- --watch')).toEqual(['this exact command `npm test -- --watch`'])
    expect(await scope('/usr/bin/git status')).toEqual(['this exact command `/usr/bin/git status`'])
  })

  it('is the real path for file edits, and a destructive command is high risk', async () => {
    const ws = workspace()
    expect(
      await describeToolCall(
        'edit_file',
        { path: 'a.ts', old_text: 'x', new_text: 'y' },
        { workspace: ws },
      ),
    ).toMatchObject({ rememberScope: ['a.ts'], summary: 'Edit a.ts' })
    expect(
      await describeToolCall('run_command', { command: 'rm -rf build' }, { workspace: ws }),
    ).toMatchObject({
      risk: 'high',
      rememberScope: null,
    })
    expect(
      await describeToolCall('run_command', { command: 'npm test' }, { workspace: ws }),
    ).toMatchObject({
      risk: 'medium',
    })
  })
})
