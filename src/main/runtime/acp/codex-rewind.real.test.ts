import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { parseSessionLog } from '../sessions/session-log'
import { isTurnEnd, nthInteraction, waitForEvent } from '../testing/runtime-test-kit'
import { escalatedCommand } from './testing/codex-offline'
import { startCodexSession } from './testing/codex-session'

/**
 * Rewinding the files of a real Codex session: Codex changes the workspace with its own shell
 * (not Parley's file tools), and restoring the checkpoint taken before that turn puts every byte
 * back, removes what it created, and leaves the workspace's own repository as it was.
 */

const cleanups: Array<() => Promise<void>> = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', args, {
    cwd,
    env: { PATH: process.env.PATH, HOME: cwd, GIT_CONFIG_NOSYSTEM: '1' },
  }).toString()

const B_BYTES = Buffer.from([0x62, 0x00, 0xff, 0x0a])
const COMMAND = 'printf beta > a.txt && rm b.txt && printf sea > c.txt'

describe('rewinding a real Codex session', () => {
  it('restores the files its own commands changed, removed and created, and leaves the repository alone', async () => {
    let repoBefore = { refs: '', stash: '' }
    let statusBefore = ''
    const { rig, runtime, session } = await startCodexSession(
      [
        {
          match: { userMessage: 'change the files', hasToolResult: false },
          response: escalatedCommand(COMMAND),
        },
        {
          match: { userMessage: 'change the files', hasToolResult: true },
          response: { content: 'Changed them.' },
        },
      ],
      cleanups,
      ({ workspace }) => {
        git(workspace, 'init', '-q')
        writeFileSync(join(workspace, 'a.txt'), 'alpha\r\n')
        writeFileSync(join(workspace, 'b.txt'), B_BYTES)
        repoBefore = {
          refs: git(workspace, 'for-each-ref'),
          stash: git(workspace, 'stash', 'list'),
        }
        statusBefore = git(workspace, 'status', '--porcelain', '--untracked-files=all')
      },
    )
    const ws = rig.workspace
    const sessionId = session.id

    const sent = await runtime.send({ sessionId, text: 'change the files' })
    if (!sent.ok) throw new Error(sent.reason)
    const request = await nthInteraction(runtime, 1)
    expect(request).toMatchObject({ kind: 'agent_permission', source: { kind: 'acp' } })
    expect(
      await runtime.respondToAgentPermission({
        requestId: request.requestId,
        optionId: 'approved',
      }),
    ).toEqual({ ok: true })
    expect((await waitForEvent(runtime, isTurnEnd)).event).toMatchObject({ reason: 'completed' })
    expect(readFileSync(join(ws, 'a.txt'), 'utf8')).toBe('beta')
    expect(existsSync(join(ws, 'b.txt'))).toBe(false)

    const listed = await runtime.listCheckpoints({ sessionId })
    expect(listed).toMatchObject({
      ok: true,
      checkpoints: [{ turnId: sent.turnId, messageText: 'change the files' }],
    })
    const restored = await runtime.restoreCheckpoint({
      sessionId,
      turnId: sent.turnId,
      restore: 'files',
    })
    expect(restored).toMatchObject({ ok: true, sessionId })
    expect(readFileSync(join(ws, 'a.txt'), 'utf8')).toBe('alpha\r\n')
    expect(readFileSync(join(ws, 'b.txt'))).toEqual(B_BYTES)
    expect(existsSync(join(ws, 'c.txt'))).toBe(false)
    expect({ refs: git(ws, 'for-each-ref'), stash: git(ws, 'stash', 'list') }).toEqual(repoBefore)
    expect(git(ws, 'status', '--porcelain', '--untracked-files=all')).toBe(statusBefore)
    const log = readFileSync(join(rig.dataDir, 'sessions', `${sessionId}.jsonl`))
    const parsed = parseSessionLog(log)
    expect(parsed.notices).toEqual([])
    expect(parsed.events).toHaveLength(log.toString().trim().split('\n').length)
  })
})
