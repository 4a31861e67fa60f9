import { describe, expect, it } from 'vitest'
import { mcpStatusText } from './mcp-status-text'

const now = 1_000_000

describe('/mcp status text', () => {
  it('says how many whole seconds remain before a restarting server is tried again', () => {
    const text = mcpStatusText(
      {
        servers: [
          {
            name: 'flaky',
            origin: 'user',
            transport: 'stdio',
            summary: 'node flaky.js',
            tools: [],
            notices: [],
            status: {
              state: 'restarting',
              attempt: 2,
              maxAttempts: 5,
              retryAt: now + 2_400,
              reason: 'connection closed',
            },
          },
        ],
        problems: [],
        pendingApproval: null,
      },
      '/home/me/project',
      now,
    )
    expect(text).toContain('• flaky — restarting (attempt 2/5, in 3 s): connection closed')
  })
})
