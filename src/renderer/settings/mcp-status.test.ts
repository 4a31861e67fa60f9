import { describe, expect, it } from 'vitest'
import { needsSignIn, serverStatusView, statusView } from './mcp-status'

describe("an MCP server's status in words", () => {
  it('counts down to a restart and keeps the reason', () => {
    expect(
      statusView(
        {
          state: 'restarting',
          attempt: 2,
          maxAttempts: 5,
          retryAt: 10_000,
          reason: 'exited with code 1',
        },
        6_200,
      ),
    ).toEqual({
      text: 'Stopped; restarting 2/5 in 4 s',
      reason: 'exited with code 1',
      tone: 'warn',
    })
  })

  it.each([
    [{ state: 'needs_approval' } as const, 'Waiting for your approval'],
    [{ state: 'starting' } as const, 'Starting…'],
    [{ state: 'ready' } as const, 'Ready'],
    [{ state: 'failed', reason: 'ENOENT' } as const, 'Failed'],
    [{ state: 'stopped' } as const, 'Stopped'],
  ])('%j reads "%s"', (status, text) => {
    expect(statusView(status, 0).text).toBe(text)
  })
})

describe('an MCP server that needs the person to sign in', () => {
  const server = (state: 'failed' | 'ready', signIn?: 'signed_in' | 'signed_out') => ({
    name: 'tracker',
    origin: 'user' as const,
    transport: 'http' as const,
    summary: 'https://tracker.example/mcp',
    status: state === 'failed' ? { state, reason: 'needs sign-in' } : { state },
    tools: [],
    notices: [],
    ...(signIn ? { signIn } : {}),
  })

  it('reads "Needs sign-in", not "Failed", keeping the reason, when it stopped for want of a sign-in', () => {
    expect(needsSignIn(server('failed', 'signed_out'))).toBe(true)
    expect(serverStatusView(server('failed', 'signed_out'), 0)).toEqual({
      text: 'Needs sign-in',
      reason: 'needs sign-in',
      tone: 'warn',
    })
  })

  it('reads as before when it failed for another reason or runs', () => {
    expect(needsSignIn(server('failed'))).toBe(false)
    expect(serverStatusView(server('failed'), 0).text).toBe('Failed')
    expect(needsSignIn(server('ready', 'signed_out'))).toBe(false)
  })
})
