import { describe, expect, it } from 'vitest'
import { LIMITS } from '../../../shared/limits'
import { AgentProcess } from './agent-process'

const node = (code: string) => ({ command: process.execPath, args: ['-e', code], env: {} })

describe('AgentProcess', () => {
  it('keeps only the end of a long stderr and reports an exit it did not cause as unexpected', async () => {
    const agent = new AgentProcess({
      agent: node(
        `process.stderr.write('a'.repeat(${LIMITS.agentStderr}) + 'THE END'); process.exitCode = 2`,
      ),
      cwd: process.cwd(),
    })
    expect(await agent.exited).toEqual({ code: 2, signal: null, expected: false })
    expect(agent.stderr.length).toBeLessThanOrEqual(LIMITS.agentStderr)
    expect(agent.stderr.startsWith('…')).toBe(true)
    expect(agent.stderr.endsWith('THE END')).toBe(true)
    expect(agent.running).toBe(false)
  })

  it('ends an agent that ignores TERM by killing its whole group after the grace period', async () => {
    let grace: (() => void) | undefined
    const agent = new AgentProcess({
      agent: node(
        `process.on('SIGTERM', () => {}); process.stdout.write('ready'); setInterval(() => {}, 1000)`,
      ),
      cwd: process.cwd(),
      setTimer: (fn) => {
        grace = fn
        return 0
      },
    })
    await new Promise<void>((resolve) =>
      agent.streams.output
        .getReader()
        .read()
        .then(() => resolve()),
    )
    const killed = agent.kill()
    expect(agent.running).toBe(true)
    grace?.()
    expect(await killed).toEqual({ code: null, signal: 'SIGKILL', expected: true })
  })

  it('says why a program could not be started', async () => {
    const agent = new AgentProcess({
      agent: { command: 'parley-no-such-program', args: [], env: {} },
      cwd: process.cwd(),
    })
    const exit = await agent.exited
    expect(exit.spawnError).toContain('ENOENT')
    expect(exit.code).toBeNull()
  })
})
