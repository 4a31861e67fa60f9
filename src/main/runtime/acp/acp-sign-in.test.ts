import { afterEach, describe, expect, it } from 'vitest'
import type { AskBody } from '../interactions/asker'
import type { AgentKeyring } from './agent-keyring'
import type { FakeAgentScript } from './testing/fake-acp-agent'
import type { FakeAsk } from './testing/fake-asker'
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

/** A keyring in memory, as the secret store keeps it. */
function memoryKeyring(): AgentKeyring & { given: Record<string, string> } {
  const given: Record<string, string> = {}
  return {
    given,
    load: async () => ({ ...given }),
    give: async (name, value) => {
      given[name] = value
    },
  }
}

function signInOf(ask: FakeAsk): Extract<AskBody, { kind: 'agent_sign_in' }> {
  const { body } = ask.request
  if (body.kind !== 'agent_sign_in') throw new Error(`asked ${body.kind}, not sign-in`)
  return body
}

function choose(ask: FakeAsk, optionId: string): void {
  ask.answer({ kind: 'answered', value: { optionId } })
}

const PATH_ONLY = { PATH: process.env.PATH ?? '' }

describe('an ACP agent that needs the person to sign in', () => {
  it('asks in the tray with the agent’s own methods, authenticates with the one chosen, and finishes the same turn', async () => {
    const h = harness()
    const script: FakeAgentScript = {
      requireAuth: 'browser',
      authMethods: [
        { id: 'browser', name: 'Log in with a browser', description: 'Opens your browser' },
        { id: 'other', name: 'Use a token' },
      ],
      turns: [{ steps: [{ say: 'signed in' }] }],
    }
    h.start(h.scriptAgent(script), { env: PATH_ONLY })
    const started = h.runner.startTurn('t-1', 'hi')
    if (!started.ok) throw new Error(started.message)
    const ask = await h.asker.waitForAsk()
    const body = signInOf(ask)
    expect(body.title).toBe('Fake Agent needs you to sign in')
    expect(body.options.map((o) => o.name)).toEqual([
      'Log in with a browser',
      'Use a token',
      'Not now',
    ])
    expect(body.signIn.ways[0]).toMatchObject({ description: 'Opens your browser' })
    choose(ask, 'method:browser')
    await started.done
    expect(h.of('turn_end').at(-1)).toMatchObject({ turnId: 't-1', reason: 'completed' })
    expect(h.replyText('t-1')).toBe('signed in')
  })

  it('asks again, saying why, when the chosen method fails; Not now ends the turn with the sign-in error', async () => {
    const h = harness()
    const script: FakeAgentScript = {
      requireAuth: 'right',
      authMethods: [
        { id: 'wrong', name: 'Wrong way' },
        { id: 'right', name: 'Right way' },
      ],
      turns: [{ steps: [{ say: 'never' }] }],
    }
    h.start(h.scriptAgent(script), { env: PATH_ONLY })
    const started = h.runner.startTurn('t-1', 'hi')
    if (!started.ok) throw new Error(started.message)
    choose(await h.asker.waitForAsk(1), 'method:wrong')
    const again = await h.asker.waitForAsk(2)
    expect(signInOf(again).signIn.failure).toContain('unknown auth method wrong')
    choose(again, 'not_now')
    await started.done
    expect(h.of('turn_end').at(-1)).toMatchObject({ reason: 'error', errorKind: 'auth' })
  })

  it('offers to give the agent the provider key Parley keeps from it, keeps it in the keyring, and restarts the agent with it', async () => {
    const h = harness()
    const keyring = memoryKeyring()
    const script: FakeAgentScript = {
      promptNeedsEnv: 'ANTHROPIC_API_KEY',
      turns: [{ steps: [{ say: 'key works' }] }],
    }
    h.start(h.scriptAgent(script, 'Claude Code'), {
      env: { ...PATH_ONLY, ANTHROPIC_API_KEY: 'sk-ant-test' },
      keyring,
    })
    const started = h.runner.startTurn('t-1', 'hi')
    if (!started.ok) throw new Error(started.message)
    const ask = await h.asker.waitForAsk()
    const body = signInOf(ask)
    expect(body.signIn.withheld).toEqual(['ANTHROPIC_API_KEY'])
    expect(body.detail).toContain('Parley keeps your ANTHROPIC_API_KEY from agents.')
    expect(body.options.map((o) => o.name)).toEqual([
      'Give Claude Code my ANTHROPIC_API_KEY',
      'Not now',
    ])
    choose(ask, 'give:ANTHROPIC_API_KEY')
    await started.done
    expect(keyring.given).toEqual({ ANTHROPIC_API_KEY: 'sk-ant-test' })
    expect(h.of('turn_end').at(-1)).toMatchObject({ reason: 'completed' })
    expect(h.replyText('t-1')).toBe('key works')
    // The key itself is nowhere in what was recorded or shown.
    expect(
      JSON.stringify([h.records, h.emitted, h.asker.asks.map((a) => a.request)]),
    ).not.toContain('sk-ant-test')
  })

  it('starts the agent with what the keyring holds, so a later session needs no sign-in', async () => {
    const h = harness()
    const keyring = memoryKeyring()
    keyring.given.ANTHROPIC_API_KEY = 'sk-given'
    h.start(
      h.scriptAgent({
        promptNeedsEnv: 'ANTHROPIC_API_KEY',
        turns: [{ steps: [{ say: 'ok' }] }],
      }),
      { env: PATH_ONLY, keyring },
    )
    const started = h.runner.startTurn('t-1', 'hi')
    if (!started.ok) throw new Error(started.message)
    await started.done
    expect(h.asker.asks).toEqual([])
    expect(h.replyText('t-1')).toBe('ok')
  })

  it('shows a terminal login as the command to run, and tries again with a fresh agent after “I signed in”', async () => {
    const h = harness()
    const script: FakeAgentScript = {
      promptNeedsEnv: 'FAKE_LOGGED_IN',
      authMethods: [
        {
          type: 'terminal',
          id: 'console-login',
          name: 'Anthropic Console',
          description: 'Use Anthropic Console (API usage billing)',
          args: ['--cli', 'auth', 'login'],
          env: { LOGIN_MODE: 'console it' },
        },
      ],
      turns: [{ steps: [{ say: 'never' }] }],
    }
    const agent = h.scriptAgent(script)
    h.start(agent, { env: PATH_ONLY })
    const started = h.runner.startTurn('t-1', 'hi')
    if (!started.ok) throw new Error(started.message)
    const ask = await h.asker.waitForAsk()
    const body = signInOf(ask)
    expect(body.signIn.ways[0]).toMatchObject({
      kind: 'terminal',
      name: 'Anthropic Console',
      command: `LOGIN_MODE='console it' ${process.execPath} --no-warnings ${agent.args[1]} ${agent.args[2]} --cli auth login`,
    })
    // A terminal method is never passed to `authenticate`: only Parley's own options are buttons.
    expect(body.options.map((o) => o.optionId)).toEqual(['signed_in', 'not_now'])
    choose(ask, 'signed_in')
    // Still not signed in: asked once more.
    choose(await h.asker.waitForAsk(2), 'not_now')
    await started.done
    expect(h.of('turn_end').at(-1)).toMatchObject({ reason: 'error', errorKind: 'auth' })
  })

  it('ends the turn as stopped when Stop comes while the sign-in tray asks', async () => {
    const h = harness()
    h.start(h.scriptAgent({ promptNeedsEnv: 'ANTHROPIC_API_KEY', turns: [] }), { env: PATH_ONLY })
    const started = h.runner.startTurn('t-1', 'hi')
    if (!started.ok) throw new Error(started.message)
    const ask = await h.asker.waitForAsk()
    const stopped = h.runner.stop()
    // As the broker does when the turn is stopped.
    ask.answer({ kind: 'ended', reason: 'stopped' })
    await stopped
    expect(h.of('turn_end').at(-1)).toMatchObject({ turnId: 't-1', reason: 'stopped' })
  })

  it('asks nothing in a headless run: the turn ends with the sign-in error at once', async () => {
    const h = harness()
    h.start(h.scriptAgent({ promptNeedsEnv: 'ANTHROPIC_API_KEY', turns: [] }), {
      env: { ...PATH_ONLY, ANTHROPIC_API_KEY: 'sk' },
      interactive: false,
      keyring: memoryKeyring(),
    })
    const started = h.runner.startTurn('t-1', 'hi')
    if (!started.ok) throw new Error(started.message)
    await started.done
    expect(h.asker.asks).toEqual([])
    const end = h.of('turn_end').at(-1)
    expect(end).toMatchObject({ reason: 'error', errorKind: 'auth' })
    // Never "Authentication required" alone: it says where the key went and how to give it.
    expect(end?.error).toContain(
      "Parley keeps your ANTHROPIC_API_KEY from agents. Set it in Fake Agent's env in Settings",
    )
  })
})
