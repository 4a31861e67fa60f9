import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { NO_GRANT } from '../sandbox/sandbox-policy'
import { NO_SANDBOX } from '../sandbox/command-sandbox'
import { listFilesTool, readFileTool, searchFilesTool, writeFileTool } from './file-tools'
import type { ToolContext } from './tool-types'

/**
 * Issue 31, items 4 and 5: the file tools against special files and against a real process that
 * changes the workspace while they run.
 */

const made: string[] = []
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true })
})
const folder = (prefix: string): string => {
  const dir = mkdtempSync(join(tmpdir(), prefix))
  made.push(dir)
  return dir
}

const contextFor = (workspace: string): ToolContext => ({
  workspace,
  call: { sessionId: 's', turnId: 't', toolCallId: 'c' },
  signal: new AbortController().signal,
  commandEnv: async () => ({}),
  sandbox: NO_SANDBOX,
  grant: NO_GRANT,
  askUser: () => Promise.reject(new Error('not here')),
  runChild: () => Promise.reject(new Error('not here')),
})

/** Settles with the call's result or error text, or 'timed out' after `ms`. */
async function settled(call: Promise<unknown>, ms = 5_000): Promise<string> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve('timed out'), ms)
  })
  try {
    return await Promise.race([
      call.then(
        (value) => JSON.stringify(value),
        (error: unknown) => `error: ${(error as Error).message}`,
      ),
      timeout,
    ])
  } finally {
    clearTimeout(timer)
  }
}

describe('the file tools refuse FIFOs, sockets and devices by type (item 4)', () => {
  let workspace: string
  beforeAll(() => {
    workspace = folder('parley-fifo-')
    writeFileSync(join(workspace, 'a.txt'), 'needle here\n')
    // More FIFOs than libuv has threads: one blocked open each would starve every later fs call.
    for (const name of ['p1', 'p2', 'p3', 'p4', 'p5', 'p6'])
      execFileSync('mkfifo', [join(workspace, name)])
  })

  it('search_files on a FIFO, and over a folder full of them, answers at once and Parley keeps working', async () => {
    const context = contextFor(workspace)
    for (const path of ['p1', 'p2', 'p3', 'p4', 'p5']) {
      expect(await settled(searchFilesTool.execute({ query: 'needle', path }, context))).toContain(
        '"matches":[]',
      )
    }
    const all = await settled(searchFilesTool.execute({ query: 'needle' }, context))
    expect(all).toContain('"file":"a.txt"')
    // The thread pool is free: a plain fs call still completes.
    expect(await settled(stat(workspace))).not.toBe('timed out')
  })

  it('read_file and write_file refuse a FIFO by type instead of waiting on it', async () => {
    const context = contextFor(workspace)
    expect(await settled(readFileTool.execute({ path: 'p6' }, context))).toBe(
      'error: p6 is not a file',
    )
    expect(
      await settled(
        Promise.resolve().then(() =>
          writeFileTool.review?.({ path: 'p6', content: 'x' }, { workspace }),
        ),
      ),
    ).toBe('error: p6 is not a file')
    expect(await settled(listFilesTool.execute({}, context))).toContain('"name":"p6"')
  })
})

describe('a real process flipping a folder and a link to outside while the file tools run (item 5)', () => {
  let workspace: string
  let outside: string
  let flipper: ChildProcess
  beforeAll(() => {
    const dir = folder('parley-race-')
    workspace = join(dir, 'ws')
    outside = join(dir, 'outside')
    mkdirSync(workspace)
    mkdirSync(outside)
    writeFileSync(join(outside, 'secret.txt'), 'OUTSIDE-SECRET\n')
    // `sub` is a folder (holding its own secret.txt) and a link to the outside folder, by turns.
    flipper = spawn(
      'python3',
      [
        '-c',
        [
          'import os, shutil, sys',
          'ws, out = sys.argv[1], sys.argv[2]',
          'sub = os.path.join(ws, "sub")',
          'while True:',
          '    try:',
          '        os.mkdir(sub); open(os.path.join(sub, "secret.txt"), "w").write("inside\\n")',
          '        shutil.rmtree(sub)',
          '        os.symlink(out, sub); os.unlink(sub)',
          '    except OSError:',
          '        shutil.rmtree(sub, ignore_errors=True)',
          '        try: os.unlink(sub)',
          '        except OSError: pass',
        ].join('\n'),
        workspace,
        outside,
      ],
      { stdio: 'ignore' },
    )
  })
  afterAll(() => {
    flipper.kill('SIGKILL')
  })

  it('write_file never creates a file (final or temporary) outside, and read_file never returns an outside byte', async () => {
    const context = contextFor(workspace)
    let written = 0
    for (let i = 0; i < 400; i++) {
      const write = await settled(
        Promise.resolve().then(() =>
          writeFileTool.execute({ path: `sub/f${i}.txt`, content: 'from the tool\n' }, context),
        ),
      )
      if (!write.startsWith('error')) written++
      const read = await settled(
        Promise.resolve().then(() => readFileTool.execute({ path: 'sub/secret.txt' }, context)),
      )
      expect(read).not.toContain('OUTSIDE-SECRET')
      const search = await settled(
        Promise.resolve().then(() =>
          searchFilesTool.execute({ query: 'OUTSIDE', path: 'sub' }, context),
        ),
      )
      expect(search).not.toContain('OUTSIDE-SECRET')
    }
    expect(readdirSync(outside)).toEqual(['secret.txt'])
    // The race was real: some writes landed (in the folder) and some were refused.
    expect(written).toBeGreaterThan(0)
  }, 120_000)
})
