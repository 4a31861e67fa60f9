import { describe, expect, it } from 'vitest'
import { statusView } from './mcp-status'

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
