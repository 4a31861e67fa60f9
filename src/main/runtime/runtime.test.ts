import { afterEach, describe, expect, it } from 'vitest'
import { toModelMessages } from './turns/replay'
import {
  assistantTexts,
  callsAndResultsPair,
  isTurnEnd,
  makeRig,
  newSession,
  nthInteraction,
  readLogRecords,
  startRuntime,
  TWO_QUESTIONS,
  waitForEvent,
  type TestRuntime,
} from './testing/runtime-test-kit'

const open: TestRuntime[] = []
async function start(...args: Parameters<typeof startRuntime>) {
  const runtime = await startRuntime(...args)
  open.push(runtime)
  return runtime
}
afterEach(async () => {
  await Promise.all(open.splice(0).map((r) => r.close()))
})

const questionScenario = {
  turns: [
    {
      steps: [
        { say: 'Let me ask.', call: [{ tool: 'AskUserQuestion', input: TWO_QUESTIONS }] },
        { say: 'You chose {{lastToolResult}}' },
      ],
    },
  ],
}

describe('AskUserQuestion round trip', () => {
  it('continues the same turn with the answers as the tool result the model sees next', async () => {
    const rig = makeRig(questionScenario)
    const runtime = await start(rig)
    const sessionId = await newSession(runtime)
    const sent = await runtime.send({ sessionId, text: 'go' })
    expect(sent.ok).toBe(true)
    const question = await nthInteraction(runtime, 1)
    expect(question.kind).toBe('question')
    expect(await runtime.listPending({ sessionId })).toHaveLength(1)

    expect(
      await runtime.respondToQuestion({
        requestId: question.requestId,
        answers: ['Big bang', null],
      }),
    ).toEqual({ ok: true })
    const end = await waitForEvent(runtime, isTurnEnd)
    expect(end.event).toMatchObject({ reason: 'completed' })

    const turnIds = new Set(
      readLogRecords(rig, sessionId).flatMap((e) => ('turnId' in e ? [e.turnId] : [])),
    )
    expect(turnIds.size).toBe(1)
    expect(assistantTexts(readLogRecords(rig, sessionId)).at(-1)).toBe(
      'You chose {"answers":[{"question":"Which migration?","answer":"Big bang"},{"question":"Which runner?","answer":null}]}',
    )
    expect(await runtime.listPending({ sessionId })).toEqual([])
  })

  it('persists the answer exactly once, as the tool result, and it survives replay', async () => {
    const rig = makeRig(questionScenario)
    const runtime = await start(rig)
    const sessionId = await newSession(runtime)
    await runtime.send({ sessionId, text: 'go' })
    const question = await nthInteraction(runtime, 1)
    await runtime.respondToQuestion({
      requestId: question.requestId,
      answers: ['My own unusual answer', 'Jest'],
    })
    await waitForEvent(runtime, isTurnEnd)
    await runtime.close()

    const raw = readLogRecords(rig, sessionId)
    const rawText = raw.map((e) => JSON.stringify(e)).join('\n')
    expect(rawText.split('My own unusual answer').length - 1).toBe(2) // the tool result, and the model quoting it
    expect(
      raw.filter((e) => e.type === 'tool_result' && e.tool === 'AskUserQuestion'),
    ).toHaveLength(1)
    expect(raw.filter((e) => e.type === 'user_message')).toHaveLength(1) // no synthesized user message

    const again = await start(rig)
    const opened = await again.openSession({ sessionId })
    if (!opened.ok) throw new Error('not found')
    expect(opened.events).toEqual(raw)
    expect(callsAndResultsPair(opened.events)).toBe(true)
    const messages = toModelMessages(opened.events)
    expect(messages.map((m) => m.role)).toEqual(['user', 'assistant', 'tool', 'assistant'])
    expect(JSON.stringify(messages[2])).toContain('My own unusual answer')
  })

  it('rejects a wrong number of answers without settling the question', async () => {
    const rig = makeRig(questionScenario)
    const runtime = await start(rig)
    const sessionId = await newSession(runtime)
    await runtime.send({ sessionId, text: 'go' })
    const question = await nthInteraction(runtime, 1)
    expect(
      await runtime.respondToQuestion({ requestId: question.requestId, answers: ['Expand'] }),
    ).toMatchObject({
      ok: false,
      reason: 'answer_count',
    })
    expect(await runtime.listPending({ sessionId })).toHaveLength(1)
  })

  it('answers an invalid call with an error the model can act on', async () => {
    const rig = makeRig({
      turns: [
        {
          steps: [
            {
              call: [
                {
                  tool: 'AskUserQuestion',
                  input: { questions: [{ question: 'Pick', options: [{ label: 'Only one' }] }] },
                },
              ],
            },
            { say: '{{lastToolResult}}' },
          ],
        },
      ],
    })
    const runtime = await start(rig)
    const sessionId = await newSession(runtime)
    await runtime.send({ sessionId, text: 'go' })
    await waitForEvent(runtime, isTurnEnd)
    const last = assistantTexts(readLogRecords(rig, sessionId)).at(-1) ?? ''
    expect(last).toContain('Invalid input for AskUserQuestion')
    expect(last).toContain('Rewrite the input')
    expect(runtime.events.some((e) => e.type === 'interaction_added')).toBe(false)
  })
})

describe("AskUserQuestion input from other clients' habits", () => {
  const asking = (question: object) => ({
    turns: [
      {
        steps: [
          { call: [{ tool: 'AskUserQuestion', input: { questions: [question] } }] },
          { say: '{{lastToolResult}}' },
        ],
      },
    ],
  })
  const base = { question: 'Pick one', options: [{ label: 'A' }, { label: 'B' }] }

  it('accepts multiSelect: false and an empty header, and shows the question without them', async () => {
    const rig = makeRig(asking({ ...base, header: ' ', multiSelect: false }))
    const runtime = await start(rig)
    const sessionId = await newSession(runtime)
    await runtime.send({ sessionId, text: 'go' })
    const question = await nthInteraction(runtime, 1)
    expect(question.kind === 'question' && question.questions).toEqual([base])
    await runtime.respondToQuestion({ requestId: question.requestId, answers: ['B'] })
    await waitForEvent(runtime, isTurnEnd)
    expect(assistantTexts(readLogRecords(rig, sessionId)).at(-1)).toBe(
      '{"answers":[{"question":"Pick one","answer":"B"}]}',
    )
  })

  it('keeps a header, the short name the UIs give the question, and answers by the question', async () => {
    const rig = makeRig(asking({ ...base, header: 'Choice' }))
    const runtime = await start(rig)
    const sessionId = await newSession(runtime)
    await runtime.send({ sessionId, text: 'go' })
    const question = await nthInteraction(runtime, 1)
    expect(question.kind === 'question' && question.questions).toEqual([
      { ...base, header: 'Choice' },
    ])
    await runtime.respondToQuestion({ requestId: question.requestId, answers: ['A'] })
    await waitForEvent(runtime, isTurnEnd)
    expect(assistantTexts(readLogRecords(rig, sessionId)).at(-1)).toBe(
      '{"answers":[{"question":"Pick one","answer":"A"}]}',
    )
  })

  it('asks a multiSelect: true question and returns the chosen labels as a list', async () => {
    const rig = makeRig(asking({ ...base, multiSelect: true }))
    const runtime = await start(rig)
    const sessionId = await newSession(runtime)
    await runtime.send({ sessionId, text: 'go' })
    const question = await nthInteraction(runtime, 1)
    expect(question.kind === 'question' && question.questions).toEqual([
      { ...base, multiSelect: true },
    ])
    // Two answers of one's own are refused.
    expect(
      await runtime.respondToQuestion({ requestId: question.requestId, answers: [['x', 'y']] }),
    ).toMatchObject({ ok: false, reason: 'invalid_answer' })
    expect(
      await runtime.respondToQuestion({ requestId: question.requestId, answers: [['A', 'mine']] }),
    ).toEqual({ ok: true })
    await waitForEvent(runtime, isTurnEnd)
    expect(assistantTexts(readLogRecords(rig, sessionId)).at(-1)).toBe(
      '{"answers":[{"question":"Pick one","answer":["A","mine"]}]}',
    )
  })

  it('refuses a model-supplied is_other with an error the model can act on', async () => {
    for (const question of [
      { ...base, options: [{ label: 'A' }, { label: 'B', is_other: true }] },
    ]) {
      const rig = makeRig(asking(question))
      const runtime = await start(rig)
      const sessionId = await newSession(runtime)
      await runtime.send({ sessionId, text: 'go' })
      await waitForEvent(runtime, isTurnEnd)
      expect(assistantTexts(readLogRecords(rig, sessionId)).at(-1)).toContain(
        'Invalid input for AskUserQuestion',
      )
      expect(runtime.events.some((e) => e.type === 'interaction_added')).toBe(false)
    }
  })
})

describe('ending a turn while a request is parked', () => {
  it('stop settles the question, writes a synthetic result and ignores a late answer', async () => {
    const rig = makeRig(questionScenario)
    const runtime = await start(rig)
    const sessionId = await newSession(runtime)
    await runtime.send({ sessionId, text: 'go' })
    const question = await nthInteraction(runtime, 1)
    expect(await runtime.stop({ sessionId })).toEqual({ ok: true })

    const records = readLogRecords(rig, sessionId)
    expect(records.at(-1)).toMatchObject({ type: 'turn_end', reason: 'stopped' })
    const result = records.find((e) => e.type === 'tool_result')
    expect(result).toMatchObject({ isError: true, synthetic: true })
    expect(callsAndResultsPair(records)).toBe(true)
    expect(await runtime.listPending({ sessionId })).toEqual([])
    expect(runtime.events).toContainEqual({
      type: 'interaction_settled',
      sessionId,
      requestId: question.requestId,
      outcome: 'stopped',
    })

    const late = await runtime.respondToQuestion({
      requestId: question.requestId,
      answers: ['Expand', 'Jest'],
    })
    expect(late).toMatchObject({ ok: false, reason: 'unknown_request' })
    expect(readLogRecords(rig, sessionId)).toEqual(records)
    // The session takes a new message right away.
    expect((await runtime.send({ sessionId, text: 'again' })).ok).toBe(true)
  })

  it('a permission prompt times out as deny (timed_out) and the model is told', async () => {
    const rig = makeRig({
      turns: [
        {
          steps: [
            { call: [{ tool: 'run_command', input: { command: 'echo hi' } }] },
            { say: '{{lastToolResult}}' },
          ],
        },
      ],
    })
    const runtime = await start(rig, { permissionTimeoutMs: 50 })
    const sessionId = await newSession(runtime)
    await runtime.send({ sessionId, text: 'go' })
    const request = await nthInteraction(runtime, 1)
    expect(request).toMatchObject({ kind: 'permission', tool: 'run_command', detail: 'echo hi' })
    const end = await waitForEvent(runtime, isTurnEnd)
    expect(end.event).toMatchObject({ reason: 'completed' })
    const records = readLogRecords(rig, sessionId)
    expect(records).toContainEqual(
      expect.objectContaining({
        type: 'permission_decision',
        decision: 'deny',
        reason: 'timed_out',
      }),
    )
    expect(assistantTexts(records).at(-1)).toContain('timed out')
    expect(
      await runtime.respondToPermission({
        requestId: request.requestId,
        decision: 'allow',
        remember: false,
      }),
    ).toMatchObject({
      ok: false,
      reason: 'unknown_request',
    })
    expect(callsAndResultsPair(records)).toBe(true)
  })

  it('removing the session settles its parked request', async () => {
    const rig = makeRig(questionScenario)
    const runtime = await start(rig)
    const sessionId = await newSession(runtime)
    await runtime.send({ sessionId, text: 'go' })
    const question = await nthInteraction(runtime, 1)
    expect(await runtime.removeSession({ sessionId })).toEqual({ ok: true })
    expect(runtime.events).toContainEqual({
      type: 'interaction_settled',
      sessionId,
      requestId: question.requestId,
      outcome: 'removed',
    })
    expect(await runtime.listPending({ sessionId })).toEqual([])
    expect(await runtime.listSessions({})).toEqual([])
  })

  it('a second send while a turn runs is refused clearly', async () => {
    const rig = makeRig(questionScenario)
    const runtime = await start(rig)
    const sessionId = await newSession(runtime)
    await runtime.send({ sessionId, text: 'go' })
    await nthInteraction(runtime, 1)
    expect(await runtime.send({ sessionId, text: 'again' })).toMatchObject({
      ok: false,
      reason: 'awaiting_input',
    })
  })
})

describe('the interaction FIFO', () => {
  it('queues two parallel tool calls in call order and shows them one by one', async () => {
    const rig = makeRig({
      turns: [
        {
          steps: [
            {
              call: [
                { tool: 'write_file', input: { path: 'a.txt', content: 'A' } },
                { tool: 'AskUserQuestion', input: TWO_QUESTIONS },
              ],
            },
            { say: 'done' },
          ],
        },
      ],
    })
    const runtime = await start(rig)
    const sessionId = await newSession(runtime)
    await runtime.send({ sessionId, text: 'go' })
    await nthInteraction(runtime, 2)
    const pending = await runtime.listPending({ sessionId })
    expect(pending.map((p) => p.kind)).toEqual(['permission', 'question'])
    expect(pending[0]).toMatchObject({ tool: 'write_file', summary: 'Create a.txt' })
    expect(pending[0]?.kind === 'permission' && pending[0].detail).toContain('+A')

    await runtime.respondToPermission({
      requestId: pending[0]!.requestId,
      decision: 'allow',
      remember: false,
    })
    expect((await runtime.listPending({ sessionId })).map((p) => p.kind)).toEqual(['question'])
    await runtime.respondToQuestion({ requestId: pending[1]!.requestId, answers: [null, null] })
    expect((await waitForEvent(runtime, isTurnEnd)).event).toMatchObject({ reason: 'completed' })
  })
})

describe('permissions', () => {
  const twoCommands = {
    turns: [
      {
        steps: [
          { call: [{ tool: 'run_command', input: { command: 'echo -n one' } }] },
          { call: [{ tool: 'run_command', input: { command: 'echo -n two' } }] },
          { say: '{{lastToolResult}}' },
        ],
      },
    ],
  }

  it('remember for this turn covers the same intent, and ends with the turn', async () => {
    const rig = makeRig(twoCommands)
    const runtime = await start(rig)
    const sessionId = await newSession(runtime)
    await runtime.send({ sessionId, text: 'first' })
    const first = await nthInteraction(runtime, 1)
    await runtime.respondToPermission({
      requestId: first.requestId,
      decision: 'allow',
      remember: true,
    })
    await waitForEvent(runtime, isTurnEnd)
    expect(runtime.events.filter((e) => e.type === 'interaction_added')).toHaveLength(1)
    const records = readLogRecords(rig, sessionId)
    expect(assistantTexts(records).at(-1)).toContain('two')
    expect(records).toContainEqual(
      expect.objectContaining({
        type: 'permission_decision',
        reason: 'remembered',
        decision: 'allow',
      }),
    )

    // A new turn asks again.
    await runtime.send({ sessionId, text: 'second' })
    const again = await nthInteraction(runtime, 2)
    expect(again).toMatchObject({ kind: 'permission', summary: 'Run `echo -n one`' })
  })

  it('deny is reported to the model and the command does not run', async () => {
    const rig = makeRig({
      turns: [
        {
          steps: [
            { call: [{ tool: 'run_command', input: { command: 'touch made-it' } }] },
            { say: '{{lastToolResult}}' },
          ],
        },
      ],
    })
    const runtime = await start(rig)
    const sessionId = await newSession(runtime)
    await runtime.send({ sessionId, text: 'go' })
    const request = await nthInteraction(runtime, 1)
    await runtime.respondToPermission({
      requestId: request.requestId,
      decision: 'deny',
      remember: false,
    })
    await waitForEvent(runtime, isTurnEnd)
    expect(assistantTexts(readLogRecords(rig, sessionId)).at(-1)).toContain('denied')
    const { existsSync } = await import('node:fs')
    expect(existsSync(`${rig.workspace}/made-it`)).toBe(false)
  })

  it('explore mode refuses mutating tools without asking; bypass never asks', async () => {
    const rig = makeRig({
      turns: [
        {
          steps: [
            { call: [{ tool: 'write_file', input: { path: 'x.txt', content: 'x' } }] },
            { say: '{{mode}}: {{lastToolResult}}' },
          ],
        },
      ],
    })
    const runtime = await start(rig)
    const explore = await newSession(runtime, 'explore')
    await runtime.send({ sessionId: explore, text: 'go' })
    await waitForEvent(runtime, (e) => isTurnEnd(e) && e.sessionId === explore)
    expect(assistantTexts(readLogRecords(rig, explore)).at(-1)).toMatch(
      /^explore: .*not available in explore mode/,
    )

    const bypass = await newSession(runtime, 'bypass')
    await runtime.send({ sessionId: bypass, text: 'go' })
    await waitForEvent(runtime, (e) => isTurnEnd(e) && e.sessionId === bypass)
    expect(assistantTexts(readLogRecords(rig, bypass)).at(-1)).toBe(
      'bypass: {"path":"x.txt","bytes":1}',
    )
    expect(runtime.events.some((e) => e.type === 'interaction_added')).toBe(false)
  })

  it('execute mode allows file edits but asks for commands', async () => {
    const rig = makeRig({
      turns: [
        {
          steps: [
            { call: [{ tool: 'write_file', input: { path: 'x.txt', content: 'x' } }] },
            { call: [{ tool: 'run_command', input: { command: 'cat x.txt' } }] },
            { say: '{{lastToolResult}}' },
          ],
        },
      ],
    })
    const runtime = await start(rig)
    const sessionId = await newSession(runtime, 'execute')
    await runtime.send({ sessionId, text: 'go' })
    const request = await nthInteraction(runtime, 1)
    expect(request).toMatchObject({ kind: 'permission', tool: 'run_command' })
    await runtime.respondToPermission({
      requestId: request.requestId,
      decision: 'allow',
      remember: false,
    })
    await waitForEvent(runtime, isTurnEnd)
    expect(assistantTexts(readLogRecords(rig, sessionId)).at(-1)).toContain('"output":"x"')
  })
})

describe('toolsets per context', () => {
  const toolsScenario = {
    turns: [
      { when: '^child', steps: [{ say: 'child tools: {{tools}}' }] },
      {
        steps: [
          {
            say: 'root tools: {{tools}}',
            call: [{ tool: 'Task', input: { description: 'sub', prompt: 'child work' } }],
          },
          { say: '{{lastToolResult}}' },
        ],
      },
    ],
  }

  it('an interactive root has every tool and a child has neither AskUserQuestion nor Task', async () => {
    const rig = makeRig(toolsScenario)
    const runtime = await start(rig)
    const sessionId = await newSession(runtime)
    await runtime.send({ sessionId, text: 'go' })
    await waitForEvent(runtime, isTurnEnd)
    const texts = assistantTexts(readLogRecords(rig, sessionId))
    expect(texts[0]).toBe(
      'root tools: AskUserQuestion,Task,edit_file,list_files,read_file,run_command,search_files,write_file',
    )
    expect(texts[1]).toBe(
      '{"result":"child tools: edit_file,list_files,read_file,run_command,search_files,write_file"}',
    )
  })

  it('a headless root has no AskUserQuestion', async () => {
    const rig = makeRig(toolsScenario)
    const runtime = await start(rig, { interactive: false })
    const sessionId = await newSession(runtime)
    await runtime.send({ sessionId, text: 'go' })
    await waitForEvent(runtime, isTurnEnd)
    expect(assistantTexts(readLogRecords(rig, sessionId))[0]).toBe(
      'root tools: Task,edit_file,list_files,read_file,run_command,search_files,write_file',
    )
  })
})

describe('sessions', () => {
  it('are created, listed newest first, renamed, reopened and removed', async () => {
    const rig = makeRig(questionScenario)
    const runtime = await start(rig)
    const a = await newSession(runtime)
    const b = await newSession(runtime)
    // A session is saved at its first message.
    for (const sessionId of [a, b]) {
      await runtime.send({ sessionId, text: 'hello' })
      await runtime.stop({ sessionId })
    }
    await runtime.renameSession({ sessionId: a, title: 'Renamed' })
    const list = await runtime.listSessions({})
    expect(list.map((s) => s.id)).toEqual([a, b])
    expect(list[0]?.title).toBe('Renamed')
    await runtime.close()
    const again = await start(rig)
    expect((await again.listSessions({})).find((s) => s.id === a)?.title).toBe('Renamed')
    expect(await again.removeSession({ sessionId: b })).toEqual({ ok: true })
    expect((await again.listSessions({})).map((s) => s.id)).toEqual([a])
    expect(await again.openSession({ sessionId: b })).toMatchObject({
      ok: false,
      reason: 'not_found',
    })
  })

  it('reads the time from the one clock it is given: every record in the log and the question agree with it', async () => {
    const at = Date.parse('2026-01-02T03:04:05Z')
    const rig = makeRig(questionScenario)
    const runtime = await start(rig, { now: () => at })
    const sessionId = await newSession(runtime)
    await runtime.send({ sessionId, text: 'hello' })
    const question = await nthInteraction(runtime, 1)
    expect(question.createdAt).toBe(at)
    await runtime.stop({ sessionId })
    await waitForEvent(runtime, isTurnEnd)
    const stamps = readLogRecords(rig, sessionId).flatMap((r) =>
      'at' in r && typeof r.at === 'number' ? [r.at] : [],
    )
    expect(stamps.length).toBeGreaterThan(3)
    expect(new Set(stamps)).toEqual(new Set([at]))
  })

  it('refuses a workspace that is not a folder', async () => {
    const rig = makeRig(questionScenario)
    const runtime = await start(rig)
    expect(await runtime.createSession({ workspace: `${rig.dir}/missing` })).toMatchObject({
      ok: false,
      reason: 'invalid_workspace',
    })
  })
})
