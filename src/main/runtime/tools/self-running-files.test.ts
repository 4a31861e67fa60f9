import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { PermissionInteraction } from '../../../shared/interactions'
import {
  isTurnEnd,
  makeRig,
  newSession,
  startRuntime,
  waitForEvent,
  type TestRuntime,
} from '../testing/runtime-test-kit'
import { selfRunningFile } from './self-running-files'

const open: TestRuntime[] = []
afterEach(async () => {
  await Promise.all(open.splice(0).map((r) => r.close()))
})

/** Files another program runs by itself outside the sandbox (issue 31, item 4). */
const SELF_RUNNING = [
  'payload/.git/config',
  '.git/hooks/pre-commit',
  'vendor/lib/.GIT/config',
  '.envrc',
  'services/api/.envrc',
  '.husky/pre-commit',
  '.vscode/tasks.json',
  '.vscode/settings.json',
  '.mcp.json',
  '.parley/settings.json',
]

describe('edits to files another program runs by itself are high risk in every mode', () => {
  it('names why for each, and leaves ordinary files alone', () => {
    for (const path of SELF_RUNNING) expect(selfRunningFile(path), path).not.toBeNull()
    for (const path of [
      'src/git.ts',
      '.gitignore',
      'docs/.envrc.md',
      '.vscode/launch.md',
      'a.json',
    ])
      expect(selfRunningFile(path), path).toBeNull()
  })

  it('execute mode asks before write_file writes any of them, and writes none unanswered', async () => {
    const rig = makeRig({
      turns: [
        {
          steps: [
            {
              call: SELF_RUNNING.map((path) => ({
                tool: 'write_file',
                input: { path, content: '[core]\n\tfsmonitor = touch pwned\n' },
              })),
            },
            { say: 'done' },
          ],
        },
      ],
    })
    const runtime = await startRuntime(rig)
    open.push(runtime)
    const prompts: PermissionInteraction[] = []
    runtime.onEvent((event) => {
      if (event.type === 'interaction_added' && event.interaction.kind === 'permission') {
        prompts.push(event.interaction)
        void runtime.respondToPermission({
          requestId: event.interaction.requestId,
          decision: 'deny',
          remember: false,
        })
      }
    })
    const sessionId = await newSession(runtime, 'execute')
    await runtime.send({ sessionId, text: 'go' })
    await waitForEvent(runtime, isTurnEnd, 20_000)
    expect(prompts).toHaveLength(SELF_RUNNING.length)
    expect(prompts.every((p) => p.risk === 'high')).toBe(true)
    for (const path of SELF_RUNNING) expect(existsSync(join(rig.workspace, path)), path).toBe(false)
  })
})
