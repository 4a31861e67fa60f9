import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import {
  assistantTexts,
  isTurnEnd,
  nthInteraction,
  readLogRecords,
  waitForEvent,
} from '../testing/runtime-test-kit'
import { escalatedCommand } from './testing/codex-offline'
import { startCodexSession } from './testing/codex-session'

/**
 * The real Codex agent through the whole runtime, as a person uses it: a named agent in
 * Settings, a session created with it, its permission request answered in the tray (the broker's
 * FIFO) by one of Codex's own options, the effect on disk, and a second turn in the same session.
 */

const cleanups: Array<() => Promise<void>> = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

describe('Codex as a session’s agent', () => {
  it('asks in the tray with its own options, runs what was allowed, and keeps its session for the next turn', async () => {
    const { rig, runtime, session } = await startCodexSession(
      [
        {
          match: { userMessage: 'make the file', hasToolResult: false },
          response: escalatedCommand('touch made-by-codex.txt'),
        },
        {
          match: { userMessage: 'make the file', hasToolResult: true },
          response: { content: 'Created made-by-codex.txt.' },
        },
        { match: { userMessage: 'anything else' }, response: { content: 'Nothing else to do.' } },
      ],
      cleanups,
    )
    const sessionId = session.id
    expect(session.agent).toEqual({ id: 'codex', name: 'Codex' })

    await runtime.send({ sessionId, text: 'make the file' })
    const request = await nthInteraction(runtime, 1)
    expect(request).toMatchObject({
      kind: 'agent_permission',
      title: 'touch made-by-codex.txt',
      source: { kind: 'acp' },
    })
    const names = request.kind === 'agent_permission' ? request.options.map((o) => o.name) : []
    expect(names[0]).toBe('Yes, proceed')
    expect(names[2]).toBe('No, and tell Codex what to do differently')
    expect(
      await runtime.respondToAgentPermission({
        requestId: request.requestId,
        optionId: 'approved',
      }),
    ).toEqual({ ok: true })
    expect((await waitForEvent(runtime, isTurnEnd)).event).toMatchObject({ reason: 'completed' })
    expect(existsSync(join(rig.workspace, 'made-by-codex.txt'))).toBe(true)

    const second = await runtime.send({ sessionId, text: 'anything else' })
    await waitForEvent(
      runtime,
      (e) => isTurnEnd(e) && second.ok && 'turnId' in e.event && e.event.turnId === second.turnId,
    )
    const records = readLogRecords(rig, sessionId)
    expect(assistantTexts(records).slice(-1)).toEqual(['Nothing else to do.'])
    expect(records.filter((e) => e.type === 'agent_session')).toHaveLength(1)
    expect(await runtime.listSessions({})).toEqual([
      expect.objectContaining({
        id: sessionId,
        agentModes: expect.objectContaining({ currentModeId: expect.any(String) }),
      }),
    ])
  })
})
