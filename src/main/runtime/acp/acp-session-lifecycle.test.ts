import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { FakeAgentScript } from './testing/fake-acp-agent'
import { RunnerHarness } from './testing/runner-harness'

const harnesses: RunnerHarness[] = []
afterEach(async () => {
  await Promise.all(harnesses.splice(0).map((h) => h.dispose()))
})

function harness(): RunnerHarness {
  const h = new RunnerHarness()
  harnesses.push(h)
  return h
}

async function runTurn(h: RunnerHarness, text: string, turnId: string) {
  const started = h.runner.startTurn(turnId, text)
  if (!started.ok) throw new Error(started.message)
  await started.done
  return h.of('turn_end').find((e) => e.turnId === turnId)
}

/** An agent that keeps its sessions in a file, so a new process knows the earlier turns. */
function rememberingAgent(
  h: RunnerHarness,
  capabilities: NonNullable<FakeAgentScript['sessionCapabilities']>,
  extra: Partial<FakeAgentScript> = {},
) {
  const stateFile = join(h.root, 'agent-state.json')
  const agent = h.scriptAgent({
    stateFile,
    sessionCapabilities: capabilities,
    turns: [{ steps: [{ say: 'Earlier you said: {{history}}' }] }],
    ...extra,
  })
  return { agent, stateFile }
}

describe('an agent session across Parley restarts (session/resume, session/list, session/close)', () => {
  it('after a restart resumes the agent’s own session, and the agent still knows the earlier turns', async () => {
    const first = harness()
    const { agent } = rememberingAgent(first, ['resume', 'list'], { loadSession: false })
    first.start(agent)
    await runTurn(first, 'my name is Ada', 't-1')
    const opened = first.of('agent_session')[0]
    await first.runner.close({ reason: 'shutdown' })

    // Parley starts again: a new runner (and agent process) with the session's newest record.
    first.start(agent, { ...(opened ? { previous: opened } : {}) })
    expect(await runTurn(first, 'what is my name?', 't-2')).toMatchObject({ reason: 'completed' })
    expect(first.of('agent_session').map((s) => [s.agentSessionId, s.opened])).toEqual([
      ['fake-session-1', 'new'],
      ['fake-session-1', 'resumed'],
    ])
    expect(first.replyText('t-2')).toBe('Earlier you said: my name is Ada')
  })

  it('resumes rather than loads where the agent offers both, so nothing is replayed', async () => {
    const h = harness()
    const { agent } = rememberingAgent(h, ['resume'])
    h.start(agent)
    await runTurn(h, 'one', 't-1')
    const opened = h.of('agent_session')[0]
    await h.runner.close({ reason: 'shutdown' })
    h.start(agent, { ...(opened ? { previous: opened } : {}) })
    await runTurn(h, 'two', 't-2')
    expect(h.of('agent_session').at(-1)?.opened).toBe('resumed')
    expect(h.records.some((r) => r.type === 'assistant_text' && r.text.includes('REPLAYED'))).toBe(
      false,
    )
  })

  it('opens a new session when the agent no longer lists the earlier one', async () => {
    const h = harness()
    const { agent } = rememberingAgent(h, ['resume', 'list'])
    h.start(agent, {
      previous: {
        type: 'agent_session',
        at: 1,
        agent: { id: agent.id, name: agent.name, command: agent.command, args: agent.args },
        agentSessionId: 'forgotten-session',
        opened: 'new',
      },
    })
    await runTurn(h, 'hello', 't-1')
    expect(h.of('agent_session').map((s) => s.opened)).toEqual(['new'])
    expect(h.replyText('t-1')).toBe('Earlier you said: ')
  })

  it('closes the agent’s session with session/close when the Parley session is removed, and not on shutdown', async () => {
    const removed = harness()
    const { agent, stateFile } = rememberingAgent(removed, ['close'])
    removed.start(agent)
    await runTurn(removed, 'hello', 't-1')
    await removed.runner.close({ reason: 'shutdown' })
    expect(JSON.parse(readFileSync(stateFile, 'utf8')).closed).toEqual([])

    removed.start(agent)
    await runTurn(removed, 'hello again', 't-2')
    await removed.runner.close({ reason: 'removed' })
    expect(JSON.parse(readFileSync(stateFile, 'utf8')).closed).toEqual(['fake-session-1'])
  })
})
