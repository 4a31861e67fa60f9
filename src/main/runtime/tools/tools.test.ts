import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  editFileTool,
  listFilesTool,
  readFileTool,
  searchFilesTool,
  writeFileTool,
} from './file-tools'
import { BoundedOutput, runCommandTool } from './run-command-tool'
import type { ToolContext } from './tool-types'
import { NO_SANDBOX } from '../sandbox/command-sandbox'
import { NO_GRANT } from '../sandbox/sandbox-policy'

function workspace(): ToolContext {
  const dir = mkdtempSync(join(tmpdir(), 'parley-ws-'))
  mkdirSync(join(dir, 'src'))
  writeFileSync(join(dir, 'src', 'a.ts'), 'const a = 1\nexport default a\n')
  return {
    workspace: dir,
    call: { sessionId: 's', turnId: 't', toolCallId: 'c' },
    signal: new AbortController().signal,
    commandEnv: async () => process.env,
    sandbox: NO_SANDBOX,
    grant: NO_GRANT,
    askUser: () => Promise.reject(new Error('not here')),
    runChild: () => Promise.reject(new Error('not here')),
  }
}

describe('file tools', () => {
  it('read, list, search, write and edit inside the workspace', async () => {
    const ctx = workspace()
    expect(await readFileTool.execute({ path: 'src/a.ts' }, ctx)).toEqual({
      path: 'src/a.ts',
      content: 'const a = 1\nexport default a\n',
    })
    expect(await listFilesTool.execute({}, ctx)).toMatchObject({
      entries: [{ name: 'src', type: 'dir' }],
    })
    symlinkSync(join(ctx.workspace, 'src'), join(ctx.workspace, 'src-link'))
    expect(await listFilesTool.execute({}, ctx)).toMatchObject({
      entries: [
        { name: 'src', type: 'dir' },
        { name: 'src-link', type: 'dir' },
      ],
    })
    expect(await searchFilesTool.execute({ query: 'default a' }, ctx)).toMatchObject({
      matches: [{ file: 'src/a.ts', line: 2 }],
    })
    await writeFileTool.execute({ path: 'new/b.txt', content: 'hi' }, ctx)
    expect(readFileSync(join(ctx.workspace, 'new/b.txt'), 'utf8')).toBe('hi')
    await editFileTool.execute({ path: 'src/a.ts', old_text: 'a = 1', new_text: 'a = 2' }, ctx)
    expect(readFileSync(join(ctx.workspace, 'src/a.ts'), 'utf8')).toContain('a = 2')
  })

  it('refuses paths that escape the workspace, including through a symlink', async () => {
    const ctx = workspace()
    symlinkSync(tmpdir(), join(ctx.workspace, 'escape'))
    await expect(readFileTool.execute({ path: '../../etc/passwd' }, ctx)).rejects.toThrow(
      /outside the workspace/,
    )
    await expect(readFileTool.execute({ path: '/etc/passwd' }, ctx)).rejects.toThrow(
      /outside the workspace/,
    )
    await expect(
      writeFileTool.execute({ path: 'escape/x.txt', content: 'x' }, ctx),
    ).rejects.toThrow(/outside the workspace/)
  })

  it('takes a `..` after a symlinked folder from where the link leads, as the kernel does', async () => {
    const ctx = workspace()
    const outside = mkdtempSync(join(tmpdir(), 'parley-outside-'))
    mkdirSync(join(outside, 'deep'))
    writeFileSync(join(outside, 'secret.txt'), 'outside')
    symlinkSync(join(outside, 'deep'), join(ctx.workspace, 'L'))
    await expect(readFileTool.execute({ path: 'L/../secret.txt' }, ctx)).rejects.toThrow(
      /outside the workspace/,
    )
    await expect(writeFileTool.execute({ path: 'L/../x.txt', content: 'x' }, ctx)).rejects.toThrow(
      /outside the workspace/,
    )
    expect(existsSync(join(outside, 'x.txt'))).toBe(false)
  })

  it('edit_file needs old_text to occur exactly once', async () => {
    const ctx = workspace()
    await expect(
      editFileTool.execute({ path: 'src/a.ts', old_text: 'a', new_text: 'b' }, ctx),
    ).rejects.toThrow(/occurs \d+ times/)
  })
})

describe('run_command', () => {
  it('runs in the workspace and reports the exit code', async () => {
    const ctx = workspace()
    expect(await runCommandTool.execute({ command: 'ls src; exit 3' }, ctx)).toMatchObject({
      exitCode: 3,
      output: 'a.ts\n',
    })
  })

  it('is killed when the turn is aborted', async () => {
    const ctx = workspace()
    const abort = new AbortController()
    const running = runCommandTool.execute(
      { command: 'sleep 30' },
      { ...ctx, signal: abort.signal },
    )
    abort.abort()
    expect(await running).toMatchObject({ aborted: true, exitCode: null })
  })

  it('keeps the head and tail of long output', () => {
    const out = new BoundedOutput(20)
    out.push('0123456789')
    out.push('abcdefghijklmnopqrstuvwxyz')
    expect(out.truncated).toBe(true)
    expect(out.toString()).toBe('0123456789\n… [16 characters left out] …\nqrstuvwxyz')
  })
})
