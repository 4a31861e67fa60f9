import { expect } from 'vitest'
import { BRIDGE_CALLS, BridgeErrorSchema, type BridgeMethod } from '../../../shared/bridge'

/** How a host test reaches the bridge: one call by method name with a raw payload. */
export type CallBridge = (method: BridgeMethod, input: unknown) => Promise<unknown>

/**
 * Test support shared by the Electron and web host tests: drives every bridge call once with
 * valid input through a host and checks each result against the call's output schema. Returns
 * the methods it exercised so a test can assert none was missed.
 */
export async function exerciseEveryCall(
  call: CallBridge,
  /** Resolves once the turn `send` started has parked its permission prompt and question (a real
   * runtime asks a moment later; the fake runtime has both parked before `send` returns). */
  bothAsked: () => Promise<void> = () => Promise.resolve(),
): Promise<Set<BridgeMethod>> {
  const seen = new Set<BridgeMethod>()
  const run = async (method: BridgeMethod, input: unknown): Promise<Record<string, unknown>> => {
    seen.add(method)
    const result = await call(method, input)
    const parsed = BRIDGE_CALLS[method].output.safeParse(result)
    expect(parsed.success, `${method} returned ${JSON.stringify(result)}`).toBe(true)
    return result as Record<string, unknown>
  }
  const created = await run('createSession', { title: 'First' })
  expect(created.ok).toBe(true)
  const sessionId = (created.session as { id: string }).id
  expect(await run('listSessions', {})).toEqual([expect.objectContaining({ id: sessionId })])
  expect(await run('renameSession', { sessionId, title: 'Renamed' })).toEqual({ ok: true })
  expect(await run('setSessionMode', { sessionId, mode: 'execute' })).toEqual({ ok: true })
  const opened = await run('openSession', { sessionId, limit: 50 })
  expect(opened).toMatchObject({ ok: true, session: { title: 'Renamed', mode: 'execute' } })
  expect(await run('loadOlderEvents', { sessionId, before: 0, limit: 50 })).toMatchObject({
    ok: true,
    start: 0,
  })
  expect(await run('send', { sessionId, text: 'hello' })).toMatchObject({ ok: true })
  await bothAsked()
  const pending = (await run('listPending', { sessionId })) as unknown as Array<{
    kind: string
    requestId: string
  }>
  const inbox = (await run('listInbox', {})) as unknown as Array<{
    sessionTitle: string
    interaction: { requestId: string }
  }>
  expect(inbox.every((item) => item.sessionTitle === 'Renamed')).toBe(true)
  expect(inbox.map((item) => item.interaction.requestId).sort()).toEqual(
    pending.map((item) => item.requestId).sort(),
  )
  const permission = pending.find((p) => p.kind === 'permission')
  const question = pending.find((p) => p.kind === 'question')
  expect(permission && question).toBeTruthy()
  expect(await run('listInbox', {})).toEqual([
    expect.objectContaining({ sessionId, sessionTitle: 'Renamed' }),
    expect.objectContaining({ sessionId, sessionTitle: 'Renamed' }),
  ])
  expect(await run('listDevices', {})).toEqual([])
  expect(await run('revokeDevice', { deviceId: 'nope' })).toMatchObject({
    ok: false,
    reason: 'not_found',
  })
  expect(await run('listPermissionRules', {})).toMatchObject({ ok: true, rules: [] })
  expect(await run('removePermissionRule', { ruleId: 'nope' })).toMatchObject({
    ok: false,
    reason: 'not_found',
  })
  expect(
    await run('respondToPermission', { requestId: permission?.requestId, decision: 'allow' }),
  ).toEqual({ ok: true })
  expect(
    await run('saveQuestionDraft', {
      requestId: question?.requestId,
      draft: { index: 0, values: [{ kind: 'option', index: 1 }] },
    }),
  ).toEqual({ ok: true })
  expect(
    await run('respondToQuestion', { requestId: question?.requestId, answers: ['Blue'] }),
  ).toEqual({ ok: true })
  // Answered requests are gone: a late answer is refused, not thrown.
  expect(await run('dismissInteraction', { requestId: question?.requestId })).toMatchObject({
    ok: false,
    reason: 'unknown_request',
  })
  // No ACP agent or MCP server asks in the fake runtime: these are refused, typed, not thrown.
  const unknown = { ok: false, reason: 'unknown_request' }
  expect(
    await run('respondToAgentPermission', { requestId: 'nope', optionId: 'allow' }),
  ).toMatchObject(unknown)
  const decline = { action: 'decline' }
  expect(await run('respondToForm', { requestId: 'nope', response: decline })).toMatchObject(
    unknown,
  )
  expect(await run('sendFormAsMessage', { requestId: 'nope', response: decline })).toMatchObject(
    unknown,
  )
  expect(
    await run('saveFormDraft', { requestId: 'nope', draft: { index: 0, values: [] } }),
  ).toMatchObject(unknown)
  expect(await run('stop', { sessionId })).toMatchObject({ ok: expect.any(Boolean) })
  expect(await run('retryTurn', { sessionId })).toMatchObject({ ok: false })
  expect(await run('runUserCommand', { sessionId: 'nope', command: 'ls' })).toMatchObject({
    ok: false,
  })
  expect(await run('setAgentMode', { sessionId, modeId: 'plan' })).toMatchObject({
    ok: false,
    reason: 'not_an_agent_session',
  })
  expect(
    await run('setAgentConfigOption', { sessionId, configId: 'model', value: 'fast' }),
  ).toMatchObject({ ok: false, reason: 'not_an_agent_session' })
  expect(await run('getSettings', {})).toMatchObject({ openaiApiKeySet: false })
  expect(await run('listModels', {})).toMatchObject({ ok: true })
  expect(await run('listMcpServers', { workspace: '/tmp' })).toMatchObject({ servers: [] })
  expect(await run('approveMcpServers', { workspace: '/tmp', hash: 'h' })).toMatchObject({
    ok: false,
  })
  expect(await run('restartMcpServer', { workspace: '/tmp', name: 'x' })).toMatchObject({
    ok: false,
    reason: 'not_found',
  })
  for (const method of ['signInMcpServer', 'signOutMcpServer'] as const)
    expect(await run(method, { workspace: '/tmp', name: 'x' })).toMatchObject({
      ok: false,
      reason: 'not_found',
    })
  expect(await run('addMcpServer', { name: 'x', command: 'x-mcp', args: [] })).toMatchObject({
    ok: expect.any(Boolean),
  })
  expect(await run('testConnection', {})).toMatchObject({ ok: expect.any(Boolean) })
  expect(await run('listCheckpoints', { sessionId })).toMatchObject({ ok: true })
  expect(await run('previewCheckpoint', { sessionId, turnId: 't-none' })).toMatchObject({
    ok: false,
  })
  expect(
    await run('restoreCheckpoint', { sessionId, turnId: 't-none', restore: 'files' }),
  ).toMatchObject({ ok: false, reason: 'not_found' })
  expect(await run('listProjects', {})).toMatchObject({ ok: true, projects: expect.any(Array) })
  expect(await run('completeFolder', { partial: '/' })).toMatchObject({ ok: true })
  expect(await run('pickFolder', {})).toMatchObject({ ok: expect.any(Boolean) })
  expect(await run('searchWorkspaceFiles', { sessionId, query: 'a' })).toMatchObject({
    ok: expect.any(Boolean),
  })
  expect(await run('searchSessions', { query: 'x' })).toMatchObject({ ok: true })
  expect(await run('readAttachment', { sessionId, sha256: 'a'.repeat(64) })).toMatchObject({
    ok: false,
  })
  const updated = await run('updateSettings', { openaiApiKey: 'sk-secret-value' })
  expect(updated).toMatchObject({ ok: true, settings: { openaiApiKeySet: true } })
  expect(JSON.stringify(updated)).not.toContain('sk-secret-value')
  expect(await run('removeSession', { sessionId })).toEqual({ ok: true })
  expect(await run('listSessions', {})).toEqual([])
  return seen
}

/** Payloads of the wrong shape for every call: each must come back as `invalid_input`. */
export const WRONGLY_TYPED: Array<[BridgeMethod, unknown]> = [
  ['listSessions', { extra: 1 }],
  ['createSession', { title: 42 }],
  ['createSession', { mode: 'yolo' }],
  ['openSession', { sessionId: '../../etc/passwd' }],
  ['openSession', []],
  ['openSession', { sessionId: 'x', limit: 0 }],
  ['loadOlderEvents', { sessionId: 'x', before: -1, limit: 10 }],
  ['renameSession', { sessionId: 'x', title: '' }],
  ['setSessionMode', { sessionId: 'x', mode: 'root' }],
  ['removeSession', 'session-1'],
  ['send', { sessionId: 'x', text: '   ' }],
  ['send', { sessionId: 'x', text: 'hi', role: 'system' }],
  ['stop', null],
  ['respondToPermission', { requestId: 'x', decision: 'maybe' }],
  ['respondToQuestion', { requestId: 'x', answers: [] }],
  ['respondToQuestion', { requestId: 'x', answers: [1] }],
  ['dismissInteraction', { requestId: 7 }],
  ['respondToAgentPermission', { requestId: 'x' }],
  ['respondToForm', { requestId: 'x', response: { action: 'maybe' } }],
  ['sendFormAsMessage', { requestId: 'x', response: { action: 'accept' } }],
  ['saveFormDraft', { requestId: 'x', draft: { index: 0, picks: [] } }],
  ['retryTurn', { sessionId: 5 }],
  ['runUserCommand', { sessionId: 'x', command: 7 }],
  ['setAgentMode', { sessionId: 'x' }],
  ['setAgentConfigOption', { sessionId: 'x', configId: 'model' }],
  ['listMcpServers', {}],
  ['approveMcpServers', { workspace: '/tmp' }],
  ['restartMcpServer', { workspace: '', name: 'x' }],
  ['signInMcpServer', { workspace: '/tmp', name: '' }],
  ['signOutMcpServer', { workspace: '' }],
  ['addMcpServer', { name: 'has space', command: 'x', args: [] }],
  ['listInbox', { sessionId: 'x' }],
  ['listDevices', { all: true }],
  ['revokeDevice', { deviceId: '' }],
  ['listPermissionRules', { workspace: '' }],
  ['removePermissionRule', { ruleId: 'has space' }],
  ['respondToPermission', { requestId: 'x', decision: 'allow', remember: true, scope: 'forever' }],
  ['createSession', { agent: '' }],
  ['listModels', { provider: 'x' }],
  ['testConnection', []],
  ['listCheckpoints', {}],
  ['previewCheckpoint', { sessionId: 'x' }],
  ['restoreCheckpoint', { sessionId: 'x', turnId: 't', restore: 'everything' }],
  ['listProjects', { path: '/' }],
  ['completeFolder', { partial: 7 }],
  ['pickFolder', { title: 'x' }],
  ['searchWorkspaceFiles', { sessionId: 'x', query: 'a', limit: 1_000 }],
  ['readAttachment', { sessionId: 'x', sha256: '../../etc/passwd' }],
  ['searchSessions', { query: '   ' }],
  ['send', { sessionId: 'x', text: 'hi', attachments: [{ kind: 'file', path: '' }] }],
  [
    'send',
    {
      sessionId: 'x',
      text: 'hi',
      attachments: [{ kind: 'image', name: 'a.svg', mediaType: 'image/svg+xml', data: 'AA==' }],
    },
  ],
  ['saveQuestionDraft', { requestId: 'x', draft: { index: 0, picks: [] } }],
  ['listPending', {}],
  ['listInbox', { sessionId: 'x' }],
  ['getSettings', { all: true }],
  ['updateSettings', { openaiBaseUrl: 'not a url' }],
  ['updateSettings', { provider: 'skynet' }],
]

/** A payload just over the size every host accepts. */
export function oversizedPayload(): { sessionId: string; text: string } {
  return { sessionId: 'session-1', text: 'x'.repeat(2_000_001) }
}

export function expectBridgeError(result: unknown, reason: string): void {
  const parsed = BridgeErrorSchema.safeParse(result)
  expect(
    parsed.success,
    `expected a BridgeError, got ${JSON.stringify(result)?.slice(0, 200)}`,
  ).toBe(true)
  expect(parsed.data?.reason).toBe(reason)
}

/**
 * The property both hosts must keep for any payload: invalid input gets `invalid_input` and
 * changes nothing (the runtime snapshot is the same); valid input gets a result of the call's type.
 */
export function expectSafeReply(
  method: BridgeMethod,
  input: unknown,
  result: unknown,
  before: string,
  after: string,
): void {
  if (BRIDGE_CALLS[method].input.safeParse(input ?? {}).success) {
    expect(BRIDGE_CALLS[method].output.safeParse(result).success).toBe(true)
  } else {
    expectBridgeError(result, 'invalid_input')
    expect(after).toBe(before)
  }
}
