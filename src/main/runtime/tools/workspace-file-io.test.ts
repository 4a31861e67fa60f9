import {
  chmodSync,
  linkSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { PermissionInteraction } from '../../../shared/interactions'
import type { SessionEventOf } from '../../../shared/session-events'
import { loadBashGrammar } from './shell/bash-grammar'
import {
  isTurnEnd,
  makeRig,
  newSession,
  readLogRecords,
  startRuntime,
  waitForEvent,
  type TestRuntime,
} from '../testing/runtime-test-kit'
import { reviewCommand } from './run-command-review'
import { readWorkspaceText, replaceWorkspaceFile } from './workspace-file-io'

const open: TestRuntime[] = []
afterEach(async () => {
  await Promise.all(open.splice(0).map((r) => r.close()))
})

/** A rig whose workspace holds `hard.txt`, a second name for `<rig>/outside/f`. */
function hardLinkedRig(calls: Array<{ tool: string; input: Record<string, unknown> }>) {
  const rig = makeRig({
    turns: [{ steps: [...calls.map((call) => ({ call: [call] })), { say: 'done' }] }],
  })
  mkdirSync(join(rig.dir, 'outside'))
  const outside = join(rig.dir, 'outside', 'f')
  writeFileSync(outside, 'outside original\n')
  linkSync(outside, join(rig.workspace, 'hard.txt'))
  return { rig, outside }
}

describe('a file with several hard links counts as outside the workspace (issue 20, item 5)', () => {
  it('execute mode refuses to write, edit, read or search a file hard-linked from outside, and the outside file keeps its content', async () => {
    const { rig, outside } = hardLinkedRig([
      { tool: 'write_file', input: { path: 'hard.txt', content: 'attacker\n' } },
      { tool: 'edit_file', input: { path: 'hard.txt', old_text: 'original', new_text: 'x' } },
      { tool: 'read_file', input: { path: 'hard.txt' } },
      { tool: 'search_files', input: { query: 'outside original' } },
    ])
    const runtime = await startRuntime(rig)
    open.push(runtime)
    const prompts: PermissionInteraction[] = []
    runtime.onEvent((event) => {
      if (event.type === 'interaction_added' && event.interaction.kind === 'permission')
        prompts.push(event.interaction)
    })
    const sessionId = await newSession(runtime, 'execute')
    await runtime.send({ sessionId, text: 'go' })
    await waitForEvent(runtime, isTurnEnd, 15_000)
    const results = readLogRecords(rig, sessionId).filter(
      (e): e is SessionEventOf<'tool_result'> => e.type === 'tool_result',
    )
    expect(prompts).toEqual([])
    expect(results.slice(0, 3).map((r) => [r.isError, JSON.stringify(r.output)])).toEqual(
      Array.from({ length: 3 }, () => [
        true,
        expect.stringMatching(/outside the workspace: hard\.txt has 2 hard links/),
      ]),
    )
    expect(results[3]?.output).toMatchObject({ matches: [] })
    expect(readFileSync(outside, 'utf8')).toBe('outside original\n')
  })

  it('a command that writes into a hard-linked file is high risk, as a write outside the workspace', async () => {
    await loadBashGrammar()
    const { rig } = hardLinkedRig([])
    const review = reviewCommand('echo x > hard.txt', { workspace: rig.workspace })
    expect(review.risk).toBe('high')
    expect(review.parts.map((p) => p.why)).toContain('writes outside the workspace (hard.txt)')
  })

  it('a write replaces the name it writes, never the inode: a second name made after the check keeps the old content', async () => {
    const { rig, outside } = hardLinkedRig([])
    // As if the link appeared between the workspace check and the write.
    await replaceWorkspaceFile(join(rig.workspace, 'hard.txt'), 'new\n')
    expect(readFileSync(join(rig.workspace, 'hard.txt'), 'utf8')).toBe('new\n')
    expect(readFileSync(outside, 'utf8')).toBe('outside original\n')
    expect(statSync(outside).nlink).toBe(1)
  })

  it('a read checks the open file itself, so a hard link made after the check is still refused', async () => {
    const { rig } = hardLinkedRig([])
    expect(await readWorkspaceText(join(rig.workspace, 'hard.txt'), 'hard.txt')).toEqual({
      ok: false,
      reason: 'hard_links',
      message: expect.stringContaining('hard.txt has 2 hard links'),
    })
  })

  it('a replaced file keeps its permission bits and leaves no temporary file beside it', async () => {
    const { rig } = hardLinkedRig([])
    const script = join(rig.workspace, 'run.sh')
    writeFileSync(script, 'echo old\n')
    chmodSync(script, 0o751)
    await replaceWorkspaceFile(script, 'echo new\n')
    await replaceWorkspaceFile(join(rig.workspace, 'sub', 'created.txt'), 'made\n')
    expect(statSync(script).mode & 0o777).toBe(0o751)
    expect(readFileSync(script, 'utf8')).toBe('echo new\n')
    expect(readdirSync(rig.workspace).sort()).toEqual(['hard.txt', 'run.sh', 'sub'])
    expect(readdirSync(join(rig.workspace, 'sub'))).toEqual(['created.txt'])
  })
})
