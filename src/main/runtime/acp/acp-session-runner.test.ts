import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { SessionEventSchema } from '../../../shared/session-events'
import { AskerGoneError, type AskBody } from '../interactions/asker'
import type { FakeAgentScript, FakeAgentStep } from './testing/fake-acp-agent'
import { RunnerHarness } from './testing/runner-harness'

const harnesses: RunnerHarness[] = []
afterEach(async () => {
  await Promise.all(harnesses.splice(0).map((h) => h.dispose()))
})

/** True while `pid` runs (a zombie — dead, not yet reaped by init — counts as ended). */
function isRunning(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'))
  } catch {
    return false
  }
}

function harness(): RunnerHarness {
  const h = new RunnerHarness()
  harnesses.push(h)
  return h
}

/** A script of one turn with these steps. */
function oneTurn(steps: FakeAgentStep[], extra: Partial<FakeAgentScript> = {}): FakeAgentScript {
  return { turns: [{ steps }], ...extra }
}

const ALLOW_REJECT = [
  { optionId: 'allow', name: 'Yes, proceed', kind: 'allow_once' },
  { optionId: 'always', name: "Yes, and don't ask again", kind: 'allow_always' },
  { optionId: 'reject', name: 'No, and tell the agent what to do', kind: 'reject_once' },
]

const FORM = {
  message: 'Pick a database',
  requestedSchema: {
    type: 'object',
    properties: { db: { type: 'string', title: 'Database', enum: ['postgres', 'sqlite'] } },
    required: ['db'],
  },
}

async function runTurn(h: RunnerHarness, text: string, turnId = 't-1') {
  const started = h.runner.startTurn(turnId, text)
  if (!started.ok) throw new Error(started.message)
  await started.done
  return h.of('turn_end').find((e) => e.turnId === turnId)
}

function permissionStep(as = 'p'): FakeAgentStep {
  return {
    permission: {
      toolCall: {
        toolCallId: 'call-1',
        title: 'rm -rf build',
        kind: 'execute',
        status: 'pending',
        content: [{ type: 'content', content: { type: 'text', text: 'Clean the build' } }],
      },
      options: ALLOW_REJECT,
    },
    as,
  }
}

describe('AcpSessionRunner against the fake ACP agent', () => {
  it('records text, thoughts, tool calls, plans and modes once each, streams text live, and the records are valid log records', async () => {
    const h = harness()
    h.start(
      h.scriptAgent(
        oneTurn(
          [
            { think: 'Let me look at the file first.' },
            { say: 'I will edit the readme. Client: {{clientCapabilities}}' },
            {
              toolCall: {
                toolCallId: 'edit-1',
                title: 'Edit README.md',
                kind: 'edit',
                status: 'in_progress',
                locations: [{ path: '/ws/README.md', line: 3 }],
                content: [{ type: 'diff', path: '/ws/README.md', oldText: 'old', newText: 'new' }],
              },
            },
            { toolUpdate: { toolCallId: 'edit-1', status: 'completed' } },
            {
              plan: [
                { content: 'Edit the readme', priority: 'high', status: 'completed' },
                { content: 'Run the tests', priority: 'medium', status: 'pending' },
              ],
            },
            { say: 'Done editing.' },
          ],
          {
            modes: {
              currentModeId: 'ask',
              availableModes: [
                { id: 'ask', name: 'Ask' },
                { id: 'code', name: 'Code', description: 'Edits without asking' },
              ],
            },
          },
        ),
      ),
    )
    const end = await runTurn(h, 'Edit the readme')
    expect(end).toMatchObject({ reason: 'completed' })
    expect(h.records.map((r) => r.type)).toEqual([
      'agent_session',
      'agent_modes',
      'agent_thought',
      'assistant_text',
      'agent_tool_call',
      'agent_tool_call_update',
      'agent_plan',
      'assistant_text',
      'turn_end',
    ])
    for (const record of h.records) expect(SessionEventSchema.safeParse(record).success).toBe(true)
    expect(h.of('agent_thought')[0]?.text).toBe('Let me look at the file first.')
    const texts = h.of('assistant_text')
    expect(texts.map((t) => t.step)).toEqual([0, 1])
    expect(texts[0]?.text).toContain('"elicitation":{"form":{},"url":{}}')
    expect(texts[0]?.text).toContain('"fs":{"readTextFile":true,"writeTextFile":true}')
    expect(texts[1]?.text).toBe('Done editing.')
    // Streamed live in several deltas whose text adds up to each record, under the same step.
    for (const text of texts) {
      const deltas = h.emitted.filter((e) => e.type === 'text_delta' && e.step === text.step)
      expect(deltas.length).toBeGreaterThan(1)
      expect(deltas.map((d) => (d.type === 'text_delta' ? d.text : '')).join('')).toBe(text.text)
    }
    expect(h.emitted[0]).toEqual({ type: 'turn_started', sessionId: 's-test', turnId: 't-1' })
    expect(h.of('agent_tool_call')[0]).toMatchObject({
      toolCallId: 'edit-1',
      title: 'Edit README.md',
      kind: 'edit',
      status: 'in_progress',
      locations: [{ path: '/ws/README.md', line: 3 }],
      content: [{ type: 'diff', path: '/ws/README.md', oldText: 'old', newText: 'new' }],
    })
    expect(h.of('agent_tool_call_update')[0]).toMatchObject({ status: 'completed' })
    expect(h.of('agent_plan')[0]?.entries).toHaveLength(2)
    expect(h.of('agent_modes')[0]).toMatchObject({
      currentModeId: 'ask',
      available: [{ id: 'ask' }, { id: 'code', description: 'Edits without asking' }],
      via: { kind: 'session_mode' },
    })
    expect(h.of('agent_session')[0]).toMatchObject({
      agentSessionId: 'fake-session-1',
      opened: 'new',
      agentTitle: 'Fake Agent 1.0.0',
    })
  })

  it('asks permission with the agent’s own options by name and sends the chosen option back', async () => {
    const h = harness()
    h.start(h.scriptAgent(oneTurn([permissionStep(), { say: 'Got {{p}}' }])))
    const started = h.runner.startTurn('t-1', 'clean up')
    const ask = await h.asker.waitForAsk()
    expect(ask.request.body).toEqual({
      kind: 'agent_permission',
      title: 'rm -rf build',
      detail: 'Clean the build',
      toolKind: 'execute',
      locations: [],
      options: ALLOW_REJECT,
      // The agent's command gets Parley's own risk review.
      risk: 'high',
      riskWhy: 'deletes files',
    })
    expect(ask.request.source).toMatchObject({
      kind: 'acp',
      agent: 'Fake Agent',
      toolCallId: 'call-1',
    })
    // The card the request is about is in the log before the person is asked.
    expect(h.of('agent_tool_call')[0]).toMatchObject({ toolCallId: 'call-1', status: 'pending' })
    ask.answer({ kind: 'answered', value: { optionId: 'allow' } })
    if (started.ok) await started.done
    expect(h.replyText('t-1')).toBe(
      'Got {"result":{"outcome":{"outcome":"selected","optionId":"allow"}}}',
    )
  })

  it('sends a rejection as the option the person picked', async () => {
    const h = harness()
    h.start(h.scriptAgent(oneTurn([permissionStep(), { say: 'Got {{p}}' }])))
    const started = h.runner.startTurn('t-1', 'clean up')
    ;(await h.asker.waitForAsk()).answer({ kind: 'answered', value: { optionId: 'reject' } })
    if (started.ok) await started.done
    expect(h.replyText('t-1')).toContain('"optionId":"reject"')
  })

  it('on Stop sends session/cancel, answers the pending permission as cancelled and ends the turn as stopped', async () => {
    const h = harness()
    h.start(h.scriptAgent(oneTurn([{ ...permissionStep(), wait: false }, { waitForCancel: true }])))
    const started = h.runner.startTurn('t-1', 'clean up')
    const ask = await h.asker.waitForAsk()
    await h.runner.stop()
    if (started.ok) await started.done
    expect(h.of('turn_end')).toEqual([
      expect.objectContaining({ turnId: 't-1', reason: 'stopped' }),
    ])
    // The broker's request was withdrawn, not left waiting.
    expect(ask.request.signal?.aborted).toBe(true)
    expect(ask.withdrawnWith()).not.toBeInstanceOf(AskerGoneError)
    expect(h.runner.running).toBe(false)
  })

  it('tells the agent its permission was cancelled when Stop comes first', async () => {
    const h = harness()
    h.start(h.scriptAgent(oneTurn([permissionStep(), { waitForCancel: true }])))
    // The fake agent reports each answer it got; this turn ends before it can, so a second turn
    // in the same session reads what it got through a fresh request instead.
    const started = h.runner.startTurn('t-1', 'clean up')
    const ask = await h.asker.waitForAsk()
    await h.runner.stop()
    if (started.ok) await started.done
    // A late answer from the tray changes nothing: the request was already answered.
    ask.answer({ kind: 'answered', value: { optionId: 'allow' } })
    expect(h.of('turn_end').map((e) => e.reason)).toEqual(['stopped'])
  })

  it('ends the turn when the agent ignores session/cancel for longer than the grace period', async () => {
    const h = harness()
    let graceSet: (fire: () => void) => void = () => {}
    const grace = new Promise<() => void>((resolve) => (graceSet = resolve))
    h.start(h.scriptAgent(oneTurn([{ say: 'working' }, { hang: true }])), {
      setTimer: (fn) => {
        graceSet(fn)
        return 0
      },
      clearTimer: () => {},
    })
    const started = h.runner.startTurn('t-1', 'go')
    // All of the text has arrived (it streams in several chunks) before Stop.
    const streamed = () =>
      h.emitted.map((e) => (e.type === 'text_delta' ? e.text : '')).join('') === 'working'
    await h.waitForEmitted(streamed)
    const stopping = h.runner.stop()
    const fireGrace = await grace
    // Until the grace period is over, the turn waits for the agent.
    expect(h.runner.running).toBe(true)
    fireGrace()
    await stopping
    if (started.ok) await started.done
    expect(h.of('turn_end')).toEqual([expect.objectContaining({ reason: 'stopped' })])
    // The text shown before Stop is kept.
    expect(h.replyText('t-1')).toBe('working')
  })

  it('answers a form with the person’s content, decline or cancel, each as the agent’s own response', async () => {
    const h = harness()
    h.start(
      h.scriptAgent(
        oneTurn([
          { elicit: FORM, as: 'a' },
          { elicit: FORM, as: 'b' },
          { elicit: FORM, as: 'c' },
          { say: '{{a}}|{{b}}|{{c}}' },
        ]),
      ),
    )
    const started = h.runner.startTurn('t-1', 'set up')
    const first = await h.asker.waitForAsk(1)
    expect(first.request.body).toEqual({
      kind: 'form',
      message: 'Pick a database',
      requestedSchema: FORM.requestedSchema,
      mode: 'form',
    })
    first.answer({ kind: 'answered', value: { action: 'accept', content: { db: 'sqlite' } } })
    ;(await h.asker.waitForAsk(2)).answer({ kind: 'answered', value: { action: 'decline' } })
    ;(await h.asker.waitForAsk(3)).answer({ kind: 'answered', value: { action: 'cancel' } })
    if (started.ok) await started.done
    expect(h.replyText('t-1')).toBe(
      [
        '{"result":{"action":"accept","content":{"db":"sqlite"}}}',
        '{"result":{"action":"decline"}}',
        '{"result":{"action":"cancel"}}',
      ].join('|'),
    )
  })

  it('keeps two identical forms asked at once apart and delivers answers given out of order to the right one', async () => {
    const h = harness()
    h.start(
      h.scriptAgent(
        oneTurn([
          { elicit: FORM, as: 'q1', wait: false },
          { elicit: FORM, as: 'q2', wait: false },
          { join: ['q1', 'q2'] },
          { say: 'q1={{q1}} q2={{q2}}' },
        ]),
      ),
    )
    const started = h.runner.startTurn('t-1', 'set up')
    const [a, b] = [await h.asker.waitForAsk(1), await h.asker.waitForAsk(2)]
    expect(a.request.body).toEqual(b.request.body)
    const idA = a.request.source.kind === 'acp' ? a.request.source.rpcId : undefined
    const idB = b.request.source.kind === 'acp' ? b.request.source.rpcId : undefined
    expect(idA).not.toEqual(idB)
    b.answer({ kind: 'answered', value: { action: 'accept', content: { db: 'postgres' } } })
    a.answer({ kind: 'answered', value: { action: 'accept', content: { db: 'sqlite' } } })
    if (started.ok) await started.done
    expect(h.replyText('t-1')).toBe(
      'q1={"result":{"action":"accept","content":{"db":"sqlite"}}} q2={"result":{"action":"accept","content":{"db":"postgres"}}}',
    )
  })

  it('withdraws only the form the agent cancels, and answers it with "request cancelled"', async () => {
    const h = harness()
    h.start(
      h.scriptAgent(
        oneTurn([
          { elicit: FORM, as: 'q1', wait: false },
          { elicit: FORM, as: 'q2', wait: false },
          { cancelRequest: 'q1' },
          { join: ['q2'] },
          { say: 'q1={{q1}} q2={{q2}}' },
        ]),
      ),
    )
    const started = h.runner.startTurn('t-1', 'set up')
    const [a, b] = [await h.asker.waitForAsk(1), await h.asker.waitForAsk(2)]
    const signal = a.request.signal as AbortSignal
    if (!signal.aborted) await new Promise((resolve) => signal.addEventListener('abort', resolve))
    expect(a.withdrawnWith()).not.toBeInstanceOf(AskerGoneError)
    expect(b.request.signal?.aborted).toBe(false)
    b.answer({ kind: 'answered', value: { action: 'decline' } })
    if (started.ok) await started.done
    expect(h.replyText('t-1')).toMatch(
      /^q1=\{"error":\{"code":-32800,.*\}\} q2=\{"result":\{"action":"decline"\}\}$/,
    )
  })

  it('hands the broker the schema exactly as sent (a password field included) and answers a refusal as invalid params', async () => {
    const h = harness()
    const schema = {
      type: 'object',
      properties: { token: { type: 'string', format: 'password' }, x: { type: 'weird', extra: 1 } },
    }
    h.start(
      h.scriptAgent(
        oneTurn([
          { elicit: { message: 'Key?', requestedSchema: schema }, as: 'f' },
          { say: '{{f}}' },
        ]),
      ),
    )
    const started = h.runner.startTurn('t-1', 'go')
    const ask = await h.asker.waitForAsk()
    expect((ask.request.body as Extract<AskBody, { kind: 'form' }>).requestedSchema).toEqual(schema)
    ask.answer({ kind: 'refused', message: 'the form asks for a secret (token)' })
    if (started.ok) await started.done
    expect(h.replyText('t-1')).toBe(
      '{"error":{"code":-32602,"message":"the form asks for a secret (token)"}}',
    )
  })

  it('puts an URL-mode elicitation to the person as a link; Open answers accept, and elicitation/complete ends the wait', async () => {
    const h = harness()
    h.start(
      h.scriptAgent(
        oneTurn([
          {
            elicit: {
              mode: 'url',
              message: 'Authorize the deploy',
              elicitationId: 'el-1',
              url: 'https://deploy.example.com/authorize',
            },
            as: 'u',
          },
          { completeElicitation: 'el-1' },
          { say: '{{u}}' },
        ]),
      ),
    )
    const started = h.runner.startTurn('t-1', 'go')
    const ask = await h.asker.waitForAsk()
    expect(ask.request.body).toEqual({
      kind: 'link',
      purpose: 'open',
      message: 'Authorize the deploy',
      url: 'https://deploy.example.com/authorize',
    })
    ask.answer({ kind: 'answered', value: { optionId: 'open' } })
    const wait = await h.asker.waitForAsk()
    expect(wait.request.body).toMatchObject({ kind: 'link', purpose: 'waiting' })
    if (started.ok) await started.done
    expect(h.replyText('t-1')).toBe('{"result":{"action":"accept"}}')
    // The agent's completion notification took the wait away.
    expect(wait.request.signal?.aborted).toBe(true)
  })

  it('ends the turn with the reason and the agent’s stderr when the agent dies mid-question, and marks the question orphaned', async () => {
    const h = harness()
    h.start(
      h.scriptAgent(
        oneTurn([
          { say: 'Let me ask you.' },
          { stderr: 'panic: out of cheese\n' },
          { elicit: FORM, as: 'q', wait: false },
          { exit: 3 },
        ]),
      ),
    )
    const started = h.runner.startTurn('t-1', 'go')
    const ask = await h.asker.waitForAsk()
    if (started.ok) await started.done
    expect(ask.withdrawnWith()).toBeInstanceOf(AskerGoneError)
    expect(h.of('turn_end')).toEqual([
      expect.objectContaining({
        reason: 'error',
        error: 'Fake Agent exited unexpectedly (exit code 3)',
        errorKind: 'other',
        errorDetail: 'panic: out of cheese',
      }),
    ])
    expect(h.runner.stderr).toContain('out of cheese')
    // What the agent said before it died is kept.
    expect(h.replyText('t-1')).toBe('Let me ask you.')
  })

  it('records an agent that exits between turns, and continues its session with session/load without recording the replayed history', async () => {
    const h = harness()
    h.start(
      h.scriptAgent({
        stderr: 'starting up\n',
        turns: [
          { when: 'first', steps: [{ say: 'one' }], exitAfter: 7 },
          { when: 'second', steps: [{ say: 'two' }] },
        ],
      }),
    )
    await runTurn(h, 'first', 't-1')
    const exit = await h.waitForRecord('agent_exit')
    expect(exit).toMatchObject({ code: 7, signal: null, stderr: 'starting up\n' })
    await runTurn(h, 'second', 't-2')
    expect(h.of('agent_session').map((s) => [s.agentSessionId, s.opened])).toEqual([
      ['fake-session-1', 'new'],
      ['fake-session-1', 'loaded'],
    ])
    expect(h.replyText('t-2')).toBe('two')
    expect(h.records.some((r) => r.type === 'assistant_text' && r.text.includes('REPLAYED'))).toBe(
      false,
    )
  })

  it('continues a session of an earlier run when the agent can load it', async () => {
    const h = harness()
    const agent = h.scriptAgent(oneTurn([{ say: 'hello again' }]))
    h.start(agent, {
      previous: {
        type: 'agent_session',
        at: 1,
        agent: { id: agent.id, name: agent.name, command: agent.command, args: agent.args },
        agentSessionId: 'fake-session-41',
        opened: 'new',
      },
    })
    await runTurn(h, 'hi')
    expect(h.of('agent_session')[0]).toMatchObject({
      agentSessionId: 'fake-session-41',
      opened: 'loaded',
    })
  })

  it('advertises no elicitation headless and refuses a form there', async () => {
    const h = harness()
    h.start(
      h.scriptAgent(
        oneTurn([{ say: '{{clientCapabilities}}' }, { elicit: FORM, as: 'f' }, { say: ' {{f}}' }]),
      ),
      {
        interactive: false,
      },
    )
    await runTurn(h, 'go')
    const [capabilities, answer] = h.replyText('t-1').split(' ')
    expect(JSON.parse(capabilities ?? '')).not.toHaveProperty('elicitation')
    expect(answer).toContain('"code":-32602')
    expect(h.asker.asks).toHaveLength(0)
  })

  it('serves file reads inside the workspace and refuses paths that lead outside', async () => {
    const h = harness()
    writeFileSync(join(h.workspace, 'notes.txt'), 'line 1\nline 2\nline 3\n')
    h.start(
      h.scriptAgent(
        oneTurn([
          { read: { path: join(h.workspace, 'notes.txt'), line: 2, limit: 1 }, as: 'in' },
          { read: { path: join(h.workspace, '..', 'outside.txt') }, as: 'out' },
          { read: { path: join(h.workspace, 'missing.txt') }, as: 'missing' },
          { say: '{{in}}|{{out}}|{{missing}}' },
        ]),
      ),
    )
    writeFileSync(join(h.root, 'outside.txt'), 'secret')
    await runTurn(h, 'go')
    const [inside, outside, missing] = h.replyText('t-1').split('|')
    expect(inside).toBe('{"result":{"content":"line 2"}}')
    expect(outside).toContain('outside the workspace')
    expect(outside).not.toContain('secret')
    expect(missing).toContain('"code":-32002')
  })

  it('writes a file only as the permission policy allows, and refuses the rest with a message the agent can show', async () => {
    const h = harness()
    h.asker.policy = (request) =>
      JSON.stringify(request.input).includes('denied.txt')
        ? { allowed: false, message: 'Denied by the person' }
        : { allowed: true }
    h.start(
      h.scriptAgent(
        oneTurn([
          { write: { path: join(h.workspace, 'src', 'ok.txt'), content: 'hello' }, as: 'ok' },
          { write: { path: join(h.workspace, 'denied.txt'), content: 'no' }, as: 'no' },
          { write: { path: join(h.root, 'escape.txt'), content: 'x' }, as: 'escape' },
          { say: '{{ok}}|{{no}}|{{escape}}' },
        ]),
      ),
    )
    await runTurn(h, 'go')
    const [ok, denied, escape] = h.replyText('t-1').split('|')
    expect(ok).toBe('{"result":{}}')
    expect(readFileSync(join(h.workspace, 'src', 'ok.txt'), 'utf8')).toBe('hello')
    expect(denied).toBe('{"error":{"code":-32001,"message":"Denied by the person"}}')
    expect(existsSync(join(h.workspace, 'denied.txt'))).toBe(false)
    expect(escape).toContain('outside the workspace')
    expect(existsSync(join(h.root, 'escape.txt'))).toBe(false)
    expect(h.asker.authorizations.map((a) => [a.tool, a.input, a.readOnly])).toEqual([
      ['fs/write_text_file', { path: join('src', 'ok.txt'), content: 'hello' }, false],
      ['fs/write_text_file', { path: 'denied.txt', content: 'no' }, false],
    ])
  })

  it('does not ask a second time for a write the person already allowed through the agent’s permission request', async () => {
    const h = harness()
    const file = join(h.workspace, 'README.md')
    h.asker.policy = () => ({ allowed: false, message: 'asked and denied' })
    h.start(
      h.scriptAgent(
        oneTurn([
          {
            permission: {
              toolCall: {
                toolCallId: 'edit-1',
                title: 'Edit README.md',
                kind: 'edit',
                content: [{ type: 'diff', path: file, oldText: null, newText: '# Hi' }],
              },
              options: ALLOW_REJECT,
            },
            as: 'p',
          },
          { write: { path: file, content: '# Hi' }, as: 'first' },
          { write: { path: file, content: '# Again' }, as: 'second' },
          { say: '{{first}}|{{second}}' },
        ]),
      ),
    )
    const started = h.runner.startTurn('t-1', 'edit')
    ;(await h.asker.waitForAsk()).answer({ kind: 'answered', value: { optionId: 'allow' } })
    if (started.ok) await started.done
    const [first, second] = h.replyText('t-1').split('|')
    expect(first).toBe('{"result":{}}')
    // The approval covered one write; the next one goes through the policy (which denies it).
    expect(second).toContain('asked and denied')
    expect(readFileSync(file, 'utf8')).toBe('# Hi')
    expect(h.asker.authorizations).toHaveLength(1)
  })

  it('asks once for an edit whose files and diff the agent reported before its permission request (as the older Claude Code adapter does)', async () => {
    const h = harness()
    const file = join(h.workspace, 'notes.txt')
    writeFileSync(file, 'old\n')
    h.asker.policy = () => ({ allowed: false, message: 'asked a second time' })
    h.start(
      h.scriptAgent(
        oneTurn([
          { toolCall: { toolCallId: 'w-1', title: 'Write', kind: 'edit', status: 'pending' } },
          {
            toolUpdate: {
              toolCallId: 'w-1',
              title: 'Write `notes.txt`',
              locations: [{ path: file }],
              content: [{ type: 'diff', path: file, oldText: 'old\n', newText: 'new\n' }],
            },
          },
          {
            // Only the id, the raw input and the title, as `@zed-industries/claude-code-acp` sends.
            permission: {
              toolCall: { toolCallId: 'w-1', title: 'Write `notes.txt`', rawInput: { file } },
              options: ALLOW_REJECT,
            },
            as: 'p',
          },
          { write: { path: file, content: 'new\n' }, as: 'w' },
          { say: '{{w}}' },
        ]),
      ),
    )
    const started = h.runner.startTurn('t-1', 'write notes')
    const ask = await h.asker.waitForAsk()
    // The tray shows the file and its change from what the agent said earlier.
    expect(ask.request.body).toMatchObject({
      kind: 'agent_permission',
      toolKind: 'edit',
      locations: [file],
      diffs: [{ path: file, patch: expect.stringContaining('-old\n+new') }],
    })
    ask.answer({ kind: 'answered', value: { optionId: 'allow' } })
    if (started.ok) await started.done
    expect(h.replyText('t-1')).toBe('{"result":{}}')
    expect(readFileSync(file, 'utf8')).toBe('new\n')
    expect(h.asker.authorizations).toEqual([])
  })

  it('settles a call the agent leaves running as Rejected after a rejection and as Cancelled on Stop, in the log', async () => {
    const h = harness()
    h.start(
      h.scriptAgent({
        turns: [
          {
            when: 'reject',
            steps: [
              { toolCall: { toolCallId: 'c-1', title: 'rm -rf build', status: 'pending' } },
              { toolCall: { toolCallId: 'c-2', title: 'ls', status: 'in_progress' } },
              { toolUpdate: { toolCallId: 'c-2', status: 'completed' } },
              permissionStep(),
            ],
          },
          {
            when: 'stop',
            steps: [
              { toolCall: { toolCallId: 'c-3', title: 'sleep 100', status: 'in_progress' } },
              { waitForCancel: true },
            ],
          },
        ],
      }),
    )
    const started = h.runner.startTurn('t-1', 'reject it')
    ;(await h.asker.waitForAsk()).answer({ kind: 'answered', value: { optionId: 'reject' } })
    if (started.ok) await started.done
    const second = h.runner.startTurn('t-2', 'stop it')
    await h.waitForRecord('agent_tool_call', (e) => e.toolCallId === 'c-3')
    await h.runner.stop()
    if (second.ok) await second.done
    const settled = h.of('agent_tool_call_update').filter((e) => e.status !== 'completed')
    expect(settled.map((e) => [e.toolCallId, e.status])).toEqual([
      ['c-1', 'cancelled'],
      ['call-1', 'rejected'],
      ['c-3', 'cancelled'],
    ])
    // Each is written before its turn's end, so a reload shows the same.
    const order = h.records.map((e) => e.type)
    expect(order.lastIndexOf('agent_tool_call_update')).toBeLessThan(order.lastIndexOf('turn_end'))
  })

  it('records a call the person rejected as Rejected when the agent reports it failed (as opencode and Copilot CLI do)', async () => {
    const h = harness()
    h.start(
      h.scriptAgent(
        oneTurn([
          {
            toolCall: {
              toolCallId: 'call-1',
              title: 'Run a command for the test',
              kind: 'execute',
              status: 'pending',
              rawInput: { command: 'echo hi > ran.txt', description: 'Run a command for the test' },
            },
          },
          permissionStep(),
          {
            toolUpdate: {
              toolCallId: 'call-1',
              status: 'failed',
              content: [
                { type: 'content', content: { type: 'text', text: 'The user rejected this call' } },
              ],
            },
          },
          { toolCall: { toolCallId: 'c-2', title: 'ls', status: 'in_progress' } },
          { toolUpdate: { toolCallId: 'c-2', status: 'failed' } },
          { say: 'Understood.' },
        ]),
      ),
    )
    const started = h.runner.startTurn('t-1', 'run it')
    ;(await h.asker.waitForAsk()).answer({ kind: 'answered', value: { optionId: 'reject' } })
    if (started.ok) await started.done
    const statuses = h
      .of('agent_tool_call_update')
      .filter((e) => e.status === 'failed' || e.status === 'rejected')
      .map((e) => [e.toolCallId, e.status])
    // The rejected call says so; a call that failed on its own still says Failed.
    expect(statuses).toEqual([
      ['call-1', 'rejected'],
      ['c-2', 'failed'],
    ])
  })

  it('settles a call as Failed when the agent dies mid-call', async () => {
    const h = harness()
    h.start(
      h.scriptAgent(
        oneTurn([
          { toolCall: { toolCallId: 'c-1', title: 'make', status: 'in_progress' } },
          { exit: 3 },
        ]),
      ),
    )
    const end = await runTurn(h, 'build')
    expect(end).toMatchObject({ reason: 'error' })
    expect(h.of('agent_tool_call_update')).toEqual([
      expect.objectContaining({ toolCallId: 'c-1', status: 'failed' }),
    ])
  })

  it('names the agent as it names itself in initialize, not after its script file, also when it dies', async () => {
    const h = harness()
    h.start(
      h.scriptAgent(
        oneTurn([{ exit: 3 }], {
          agentInfo: { name: 'claude-agent-acp', title: 'Claude Code', version: '0.101.0' },
        }),
        'index',
      ),
    )
    const end = await runTurn(h, 'hi')
    expect(h.of('agent_session')[0]).toMatchObject({
      agentName: 'Claude Code',
      agentTitle: 'Claude Code 0.101.0',
    })
    expect(end?.error).toBe('Claude Code exited unexpectedly (exit code 3)')
    expect(h.runner.agentName).toBe('Claude Code')
  })

  it('says why the agent could not start a session in the words it wrote on stderr', async () => {
    const h = harness()
    h.start(
      h.scriptAgent(
        oneTurn([], {
          stderr:
            'starting\n--dangerously-skip-permissions cannot be used with root/sudo privileges for security reasons\n',
          failNewSession: 'Query closed before response received',
        }),
      ),
    )
    const end = await runTurn(h, 'hi')
    expect(end).toMatchObject({ reason: 'error' })
    expect(end?.error).toContain('Fake Agent could not start a session')
    expect(end?.error).toContain('cannot be used with root/sudo privileges')
    expect(end?.errorDetail).toContain('stderr:')
  })

  const AUTH_SCRIPT: FakeAgentScript = {
    requireAuth: 'api-key',
    authMethods: [
      { id: 'login', name: 'Log in with a browser' },
      {
        type: 'env_var',
        id: 'api-key',
        name: 'Use FAKE_API_KEY',
        vars: [{ name: 'FAKE_API_KEY' }],
      },
    ],
    turns: [{ steps: [{ say: 'signed in' }] }],
  }

  it('says plainly that the agent needs sign-in, naming its methods, when nobody is there to ask', async () => {
    const h = harness()
    h.start(h.scriptAgent(AUTH_SCRIPT), {
      env: { PATH: process.env.PATH ?? '' },
      interactive: false,
    })
    const end = await runTurn(h, 'hi')
    expect(end).toMatchObject({ reason: 'error', errorKind: 'auth' })
    expect(end?.error).toContain('Fake Agent needs you to sign in before it can start a session')
    expect(end?.error).toContain('Log in with a browser (login)')
    expect(end?.error).toContain('Use FAKE_API_KEY (api-key) — set FAKE_API_KEY')
    expect(h.runner.authMethods.map((m) => m.id)).toEqual(['login', 'api-key'])
    // The authenticate path: once signed in, the next turn works.
    expect(await h.runner.authenticate('api-key')).toEqual({ ok: true })
    await runTurn(h, 'hi', 't-2')
    expect(h.replyText('t-2')).toBe('signed in')
  })

  it('signs in by itself with a method whose variables are set in the agent’s environment', async () => {
    const h = harness()
    h.start(h.scriptAgent(AUTH_SCRIPT), {
      env: { PATH: process.env.PATH ?? '', FAKE_API_KEY: 'k' },
    })
    const end = await runTurn(h, 'hi')
    expect(end).toMatchObject({ reason: 'completed' })
    expect(h.replyText('t-1')).toBe('signed in')
  })

  it('ends the turn with a clear reason when the agent cannot be started', async () => {
    const h = harness()
    h.start({ id: 'nope', name: 'Nope', command: 'parley-no-such-agent', args: [], env: {} })
    const end = await runTurn(h, 'hi')
    expect(end).toMatchObject({ reason: 'error', errorKind: 'other' })
    expect(end?.error).toMatch(/^could not start Nope: .*ENOENT/)
    expect(h.of('agent_exit')).toEqual([])
  })

  it('refuses a second turn while one runs', async () => {
    const h = harness()
    h.start(h.scriptAgent(oneTurn([{ waitForCancel: true }])))
    const started = h.runner.startTurn('t-1', 'go')
    expect(h.runner.startTurn('t-2', 'again')).toMatchObject({ ok: false, reason: 'busy' })
    await h.runner.stop()
    if (started.ok) await started.done
  })

  it('changes the agent’s mode and records it for the mode picker', async () => {
    const h = harness()
    h.start(
      h.scriptAgent(
        oneTurn([], {
          modes: {
            currentModeId: 'ask',
            availableModes: [
              { id: 'ask', name: 'Ask' },
              { id: 'code', name: 'Code' },
            ],
          },
        }),
      ),
    )
    expect(await h.runner.connect()).toEqual({ ok: true })
    expect(await h.runner.setMode('code')).toEqual({ ok: true })
    expect(h.runner.modes?.currentModeId).toBe('code')
    // The agent's own update may come first; the person's choice is the last record, marked.
    expect(h.of('agent_modes')[0]).toMatchObject({ currentModeId: 'ask' })
    expect(h.of('agent_modes').at(-1)).toMatchObject({ currentModeId: 'code', chosen: true })
    expect(await h.runner.setMode('nope')).toMatchObject({ ok: false })
  })

  it('sets the mode the person chose again on the agent session opened after a restart', async () => {
    const agent = oneTurn([], {
      modes: {
        currentModeId: 'ask',
        availableModes: [
          { id: 'ask', name: 'Ask' },
          { id: 'code', name: 'Code' },
        ],
      },
    })
    const first = harness()
    first.start(first.scriptAgent(agent))
    await first.runner.connect()
    expect(await first.runner.setMode('code')).toEqual({ ok: true })
    // Only the person's choice is marked: it is what the next start sets again.
    expect(first.of('agent_modes').filter((m) => m.chosen)).toEqual([
      expect.objectContaining({ currentModeId: 'code' }),
    ])
    await first.runner.close({ reason: 'shutdown' })

    // The agent's new process starts in its default mode ("ask").
    const second = harness()
    const modeChoice = first.of('agent_modes').findLast((m) => m.chosen)?.currentModeId
    second.start(second.scriptAgent(agent), { ...(modeChoice && { modeChoice }) })
    expect(await second.runner.connect()).toEqual({ ok: true })
    expect(second.runner.modes?.currentModeId).toBe('code')
    expect(second.of('agent_modes')[0]).toMatchObject({ currentModeId: 'ask' })
    expect(second.of('agent_modes').at(-1)).toMatchObject({ currentModeId: 'code' })
    expect(second.of('agent_modes').some((m) => m.chosen)).toBe(false)
  })

  it('on shutdown leaves the turn open in the log and its questions orphaned, and ends every process the agent started', async () => {
    const h = harness()
    h.start(
      h.scriptAgent(
        oneTurn([{ spawnChild: true }, { say: 'pid {{pid}}' }, { elicit: FORM, as: 'q' }]),
      ),
    )
    h.runner.startTurn('t-1', 'go')
    const ask = await h.asker.waitForAsk()
    await h.runner.close({ reason: 'shutdown' })
    expect(ask.withdrawnWith()).toBeInstanceOf(AskerGoneError)
    expect(h.of('turn_end')).toEqual([])
    const pid = Number(/pid (\d+)/.exec(h.replyText('t-1'))?.[1])
    expect(pid).toBeGreaterThan(0)
    // The OS ends it asynchronously after the group is signalled.
    await vi.waitFor(() => expect(isRunning(pid)).toBe(false), { timeout: 10_000, interval: 50 })
  })
})
