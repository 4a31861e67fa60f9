import {
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
  existsSync,
  linkSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { LIMITS } from '../../../shared/limits'
import { readTextFile, writeTextFile } from './workspace-files'

const roots: string[] = []
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true })
})

function setUp() {
  const root = mkdtempSync(join(tmpdir(), 'parley-acp-files-'))
  roots.push(root)
  const workspace = join(root, 'ws')
  mkdirSync(workspace)
  writeFileSync(join(root, 'secret.txt'), 'secret')
  return { root, workspace }
}

const allow = async () => ({ allowed: true as const })

describe('workspace files for ACP agents', () => {
  it('refuses a symlink that leads out of the workspace, for reading and for writing', async () => {
    const { root, workspace } = setUp()
    symlinkSync(join(root, 'secret.txt'), join(workspace, 'link.txt'))
    symlinkSync(root, join(workspace, 'up'))
    await expect(
      readTextFile(workspace, { sessionId: 's', path: join(workspace, 'link.txt') }),
    ).rejects.toMatchObject({ code: -32602 })
    await expect(
      writeTextFile(
        workspace,
        { sessionId: 's', path: join(workspace, 'up', 'new.txt'), content: 'x' },
        allow,
      ),
    ).rejects.toMatchObject({
      code: -32602,
      message: expect.stringContaining('outside the workspace'),
    })
    expect(existsSync(join(root, 'new.txt'))).toBe(false)
  })

  it('refuses a file over the size limit before asking anyone', async () => {
    const { workspace } = setUp()
    let asked = false
    const big = 'x'.repeat(LIMITS.fileBytes + 1)
    await expect(
      writeTextFile(
        workspace,
        { sessionId: 's', path: join(workspace, 'big.txt'), content: big },
        async () => {
          asked = true
          return { allowed: true }
        },
      ),
    ).rejects.toMatchObject({ code: -32602 })
    expect(asked).toBe(false)
    writeFileSync(join(workspace, 'big.txt'), big)
    await expect(
      readTextFile(workspace, { sessionId: 's', path: join(workspace, 'big.txt') }),
    ).rejects.toMatchObject({ code: -32602 })
  })

  it('asks the policy with the path as the person reads it, and writes only when allowed', async () => {
    const { workspace } = setUp()
    const seen: string[] = []
    await writeTextFile(
      workspace,
      { sessionId: 's', path: join(workspace, 'a', 'b.txt'), content: 'hi' },
      async (w) => {
        seen.push(w.shown)
        return { allowed: true }
      },
    )
    expect(seen).toEqual([join('a', 'b.txt')])
    expect(readFileSync(join(workspace, 'a', 'b.txt'), 'utf8')).toBe('hi')
  })

  it('refuses to read or write a file hard-linked from outside, and the outside file keeps its content', async () => {
    const { root, workspace } = setUp()
    linkSync(join(root, 'secret.txt'), join(workspace, 'hard.txt'))
    let asked = false
    await expect(
      readTextFile(workspace, { sessionId: 's', path: join(workspace, 'hard.txt') }),
    ).rejects.toMatchObject({
      code: -32602,
      message: expect.stringContaining('hard.txt has 2 hard links'),
    })
    await expect(
      writeTextFile(
        workspace,
        { sessionId: 's', path: join(workspace, 'hard.txt'), content: 'attacker' },
        async () => {
          asked = true
          return { allowed: true }
        },
      ),
    ).rejects.toMatchObject({ code: -32602, message: expect.stringContaining('outside') })
    expect(asked).toBe(false)
    expect(readFileSync(join(root, 'secret.txt'), 'utf8')).toBe('secret')
  })
})
