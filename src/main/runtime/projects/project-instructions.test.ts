import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { isTurnEnd, newSession, waitForEvent } from '../testing/runtime-test-kit'
import {
  modelRequests,
  providerEnv,
  providerServersPerTest,
  scriptReplies,
  wireConversation,
} from '../models/testing/provider-servers'
import {
  PROJECT_INSTRUCTIONS_MAX,
  projectInstructionsFile,
  readProjectInstructions,
} from './project-instructions'

let root: string
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'parley-instructions-'))
})
afterEach(() => rmSync(root, { recursive: true, force: true }))

describe('project instructions', () => {
  it('come from AGENTS.md, else CLAUDE.md, at the workspace root', async () => {
    expect(await readProjectInstructions(root)).toBeNull()
    writeFileSync(join(root, 'CLAUDE.md'), 'Use tabs.')
    expect(await readProjectInstructions(root)).toEqual({
      file: 'CLAUDE.md',
      text: 'Use tabs.',
      cut: false,
    })
    writeFileSync(join(root, 'AGENTS.md'), 'Run npm test before you finish.')
    expect(await readProjectInstructions(root)).toMatchObject({ file: 'AGENTS.md' })
    expect(projectInstructionsFile(root)).toBe('AGENTS.md')
  })

  it('are bounded, and say that they were cut', async () => {
    writeFileSync(join(root, 'AGENTS.md'), 'x'.repeat(PROJECT_INSTRUCTIONS_MAX + 10))
    const read = await readProjectInstructions(root)
    expect(read?.cut).toBe(true)
    expect(read?.text).toHaveLength(PROJECT_INSTRUCTIONS_MAX)
  })

  it('are not read through a symlink that leads outside the workspace, as read_file would refuse', async () => {
    const outside = mkdtempSync(join(tmpdir(), 'parley-outside-'))
    try {
      writeFileSync(join(outside, 'secret.md'), 'secret')
      const ws = join(root, 'ws')
      mkdirSync(ws)
      symlinkSync(join(outside, 'secret.md'), join(ws, 'AGENTS.md'))
      expect(await readProjectInstructions(ws)).toBeNull()
    } finally {
      rmSync(outside, { recursive: true, force: true })
    }
  })
})

describe('project instructions over the wire', () => {
  const servers = providerServersPerTest()

  it("AGENTS.md reaches the model's instructions, and an edit applies at the next turn", async () => {
    scriptReplies(servers.mock, [{ content: 'one' }, { content: 'two' }])
    const p = await servers.start(providerEnv('openai-compatible', servers.mock.url))
    writeFileSync(join(p.rig.workspace, 'AGENTS.md'), 'Always answer in haiku.')
    const sessionId = await newSession(p.runtime)
    await p.runtime.send({ sessionId, text: 'hello' })
    await waitForEvent(p.runtime, isTurnEnd)
    writeFileSync(join(p.rig.workspace, 'AGENTS.md'), 'Always answer in limericks.')
    p.runtime.events.length = 0
    await p.runtime.send({ sessionId, text: 'again' })
    await waitForEvent(p.runtime, isTurnEnd)

    const systems = modelRequests(p.requests).map((r) =>
      wireConversation(r)
        .filter((m) => m.role === 'system')
        .map((m) => ('text' in m ? m.text : ''))
        .join('\n'),
    )
    expect(systems).toHaveLength(2)
    expect(systems[0]).toContain('from AGENTS.md at the workspace root')
    expect(systems[0]).toContain('Always answer in haiku.')
    expect(systems[1]).toContain('Always answer in limericks.')
    expect(systems[1]).not.toContain('haiku')
    const opened = await p.runtime.openSession({ sessionId })
    expect(opened.ok && opened.session.instructionsFile).toBe('AGENTS.md')
  })
})
