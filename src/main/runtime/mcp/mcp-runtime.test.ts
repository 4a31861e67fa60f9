import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import {
  assistantTexts,
  isTurnEnd,
  makeRig,
  newSession,
  nthInteraction,
  readLogRecords,
  startRuntime,
  waitForEvent,
  type TestRig,
  type TestRuntime,
} from '../testing/runtime-test-kit'
import type { Scenario } from '../../../shared/scenario'
import { everythingServer } from './testing/mcp-servers'

/**
 * MCP servers through the whole runtime: `--mcp-config` and a workspace's `.mcp.json`, tools
 * offered to Parley's agent (scripted here), the permission policy, and a server's elicitation
 * answered in the tray — against `@modelcontextprotocol/server-everything`.
 */

const open: TestRuntime[] = []
afterEach(async () => {
  await Promise.all(open.splice(0).map((r) => r.close()))
})

const NO_SANDBOX_HERE = {
  platform: 'linux' as const,
  findProgram: () => null,
  trial: async () => ({ ok: false, output: '' }),
}

const config = () => ({ mcpServers: { everything: everythingServer() } })

async function start(rig: TestRig, options: { commandLine: boolean }) {
  const file = join(rig.dir, 'mcp.json')
  writeFileSync(file, JSON.stringify(config()))
  // The test servers live in this repository's node_modules, which a workspace server's sandbox
  // does not show (workspace-server-sandbox.test.ts covers the sandbox); these tests are about
  // approval and supervision, so the runtime finds no sandbox.
  const runtime = await startRuntime(
    rig,
    options.commandLine ? { mcpConfigFiles: [file] } : { sandboxProbe: NO_SANDBOX_HERE },
  )
  open.push(runtime)
  return runtime
}

const scenario = (calls: Array<{ tool: string; input: Record<string, unknown> }>): Scenario => ({
  turns: [
    { when: '^tools', steps: [{ say: '{{tools}}' }] },
    { steps: [{ call: calls }, { say: '{{lastToolResult}}' }] },
  ],
})

describe('MCP servers in a session', () => {
  it('offers the server’s tools, asks before a call in ask mode, and the model reads the result', async () => {
    const rig = makeRig(scenario([{ tool: 'mcp__everything__echo', input: { message: 'hi' } }]))
    const runtime = await start(rig, { commandLine: true })
    const sessionId = await newSession(runtime, 'ask')
    await runtime.send({ sessionId, text: 'tools' })
    await waitForEvent(runtime, isTurnEnd)
    expect(assistantTexts(readLogRecords(rig, sessionId)).at(-1)).toContain('mcp__everything__echo')

    const sent = await runtime.send({ sessionId, text: 'echo' })
    const request = await nthInteraction(runtime, 1)
    expect(request).toMatchObject({
      kind: 'permission',
      tool: 'mcp__everything__echo',
      summary: expect.stringContaining('MCP server everything'),
    })
    await runtime.respondToPermission({
      requestId: request.requestId,
      decision: 'allow',
      remember: false,
    })
    await waitForEvent(
      runtime,
      (e) => isTurnEnd(e) && sent.ok && 'turnId' in e.event && e.event.turnId === sent.turnId,
    )
    expect(assistantTexts(readLogRecords(rig, sessionId)).at(-1)).toContain('Echo: hi')
  })

  it('puts the server’s elicitation in the tray, named as the server, and the server gets the answer', async () => {
    const rig = makeRig(
      scenario([{ tool: 'mcp__everything__trigger-elicitation-request', input: {} }]),
    )
    const runtime = await start(rig, { commandLine: true })
    const sessionId = await newSession(runtime, 'bypass')
    await runtime.send({ sessionId, text: 'ask me' })
    const form = await nthInteraction(runtime, 1)
    expect(form).toMatchObject({
      kind: 'form',
      source: { kind: 'mcp', server: 'everything' },
      form: {
        fields: expect.arrayContaining([expect.objectContaining({ key: 'name', required: true })]),
      },
    })
    expect(
      await runtime.respondToForm({
        requestId: form.requestId,
        response: { action: 'accept', content: { name: 'Ada Lovelace', integer: 7 } },
      }),
    ).toEqual({ ok: true })
    await waitForEvent(runtime, isTurnEnd)
    const last = assistantTexts(readLogRecords(rig, sessionId)).at(-1) ?? ''
    expect(last).toContain('Ada Lovelace')
    expect(readLogRecords(rig, sessionId)).toContainEqual(
      expect.objectContaining({ type: 'interaction_response', outcome: 'answered' }),
    )
  })

  it('a form left waiting by a quit comes back orphaned (the server that asked is gone), its tool call ends, and it can be sent on as a message', async () => {
    const rig = makeRig(
      scenario([{ tool: 'mcp__everything__trigger-elicitation-request', input: {} }]),
    )
    const runtime = await start(rig, { commandLine: true })
    const sessionId = await newSession(runtime, 'bypass')
    await runtime.send({ sessionId, text: 'ask me' })
    const form = await nthInteraction(runtime, 1)
    await runtime.close()
    open.splice(open.indexOf(runtime), 1)

    const again = await start(rig, { commandLine: true })
    expect(await again.listPending({ sessionId })).toEqual([
      expect.objectContaining({
        requestId: form.requestId,
        kind: 'form',
        source: expect.objectContaining({ kind: 'mcp', server: 'everything' }),
        orphaned: true,
        recovered: true,
      }),
    ])
    const afterRestart = readLogRecords(rig, sessionId)
    // The server's call cannot be resumed: it has one result, and the turn is over.
    const call = afterRestart.find((r) => r.type === 'tool_call')
    expect(
      afterRestart.filter(
        (r) =>
          r.type === 'tool_result' &&
          call?.type === 'tool_call' &&
          r.toolCallId === call.toolCallId,
      ),
    ).toHaveLength(1)
    expect(afterRestart).toContainEqual(
      expect.objectContaining({ type: 'turn_end', reason: 'interrupted' }),
    )
    // The answer is not replayed to a dead request: it goes on as a new message.
    expect(
      await again.respondToForm({
        requestId: form.requestId,
        response: { action: 'accept', content: { name: 'Ada Lovelace' } },
      }),
    ).toMatchObject({ ok: false, reason: 'orphaned' })
    expect(
      await again.sendFormAsMessage({
        requestId: form.requestId,
        response: { action: 'accept', content: { name: 'Ada Lovelace' } },
      }),
    ).toMatchObject({ ok: true })
    const records = readLogRecords(rig, sessionId)
    expect(records).toContainEqual(
      expect.objectContaining({ type: 'interaction_response', outcome: 'sent_as_message' }),
    )
    expect(records.filter((r) => r.type === 'user_message').at(-1)).toMatchObject({
      text: expect.stringContaining('Ada Lovelace'),
    })
    expect(
      (await again.listPending({ sessionId })).some((p) => p.requestId === form.requestId),
    ).toBe(false)
  })

  it('a workspace .mcp.json starts nothing until the person approves it', async () => {
    const rig = makeRig(scenario([]))
    writeFileSync(join(rig.workspace, '.mcp.json'), JSON.stringify(config()))
    const runtime = await start(rig, { commandLine: false })
    const sessionId = await newSession(runtime)
    const before = await runtime.listMcpServers({ workspace: rig.workspace })
    expect(before.pendingApproval?.servers).toEqual([
      expect.objectContaining({ name: 'everything' }),
    ])
    expect(before.servers).toEqual([
      expect.objectContaining({ name: 'everything', status: { state: 'needs_approval' } }),
    ])
    await runtime.send({ sessionId, text: 'tools' })
    await waitForEvent(runtime, isTurnEnd)
    expect(assistantTexts(readLogRecords(rig, sessionId)).at(-1)).not.toContain('mcp__')

    expect(
      await runtime.approveMcpServers({ workspace: rig.workspace, hash: 'not-what-was-shown' }),
    ).toMatchObject({ ok: false, reason: 'changed' })
    expect(
      await runtime.approveMcpServers({
        workspace: rig.workspace,
        hash: before.pendingApproval?.hash ?? '',
      }),
    ).toEqual({ ok: true })
    const after = await runtime.listMcpServers({ workspace: rig.workspace })
    expect(after.pendingApproval).toBeNull()
    expect(after.servers[0]?.status.state).toBe('ready')
    expect(after.servers[0]?.tools.map((t) => t.name)).toContain('mcp__everything__echo')
  })

  it('lists a server that is still starting as starting (Settings asks again), then ready with its tools', async () => {
    const rig = makeRig(scenario([]))
    const runtime = await start(rig, { commandLine: true })
    const sessionId = await newSession(runtime)
    const first = await runtime.listMcpServers({ workspace: rig.workspace })
    expect(first.servers).toEqual([
      expect.objectContaining({ name: 'everything', status: { state: 'starting' }, tools: [] }),
    ])
    // A turn waits for the servers to have started; Settings then sees them ready.
    await runtime.send({ sessionId, text: 'tools' })
    await waitForEvent(runtime, isTurnEnd)
    const later = await runtime.listMcpServers({ workspace: rig.workspace })
    expect(later.servers[0]?.status).toEqual({ state: 'ready' })
    expect(later.servers[0]?.tools.length).toBeGreaterThan(0)
  })
})
