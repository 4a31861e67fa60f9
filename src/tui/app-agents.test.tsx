import { afterEach, describe, expect, test, vi } from 'vitest'
import { ACP_AGENT_PRESETS } from '../shared/acp-agents'
import type { McpServerInfo } from '../shared/mcp-servers'
import { createFakeBridge } from './testing/fake-bridge'
import { logged } from './testing/fixtures'
import { KEYS, plainFrame, press, waitArmed, waitForFrame } from './testing/ink-driver'
import { startApp, unmountApps } from './testing/start-app'

afterEach(unmountApps)

const APPROVAL = {
  workspace: '/home/me/project',
  file: '/home/me/project/.mcp.json',
  hash: 'h1',
  servers: [
    { name: 'github', summary: 'npx -y @modelcontextprotocol/server-github' },
    { name: 'files', summary: 'node ./tools/files-server.js --root .' },
  ],
}

const server = (over: Partial<McpServerInfo>): McpServerInfo => ({
  name: 'everything',
  origin: 'command_line',
  transport: 'stdio',
  summary: 'node server-everything/dist/index.js stdio',
  status: { state: 'ready' },
  tools: [],
  notices: [],
  ...over,
})

const tool = (name: string) => ({
  name: `mcp__everything__${name}`,
  serverToolName: name,
  description: '',
  readOnlyHint: false,
})

describe('MCP servers in the terminal', () => {
  test('a workspace .mcp.json is asked about once at start, listing what would run; Enter on Yes approves exactly it', async () => {
    const fake = createFakeBridge({
      mcp: { servers: [], problems: [], pendingApproval: APPROVAL },
    })
    const { app } = startApp(fake, { size: { columns: 100, rows: 30 } })
    const frame = await waitForFrame(app, 'Start MCP servers?')
    expect(frame).toContain('/home/me/project/.mcp.json')
    expect(frame).toContain('• github: npx -y @modelcontextprotocol/server-github')
    expect(frame).toContain('• files: node ./tools/files-server.js --root .')
    expect(frame).toContain('❯ 1. Yes, start them for this workspace')
    // Keys typed before it was shown never approve it.
    app.stdin.write('\r')
    await waitArmed(app)
    expect(fake.callsOf('approveMcpServers')).toEqual([])
    await press(app, KEYS.enter, 'Starting 2 MCP server(s)')
    expect(fake.callsOf('approveMcpServers')).toEqual([
      { workspace: '/home/me/project', hash: 'h1' },
    ])
    expect(plainFrame(app)).toContain('Message')
  })

  test('"Not now" starts nothing and is not asked again until /mcp approve', async () => {
    const fake = createFakeBridge({
      mcp: { servers: [], problems: [], pendingApproval: APPROVAL },
    })
    const { app } = startApp(fake)
    await waitForFrame(app, 'Start MCP servers?')
    await waitArmed(app)
    await press(app, '2', '❯ 2. Not now')
    await press(app, KEYS.enter, 'stay off')
    expect(fake.callsOf('approveMcpServers')).toEqual([])
    await press(app, '/new\r', (f) => f.includes('Message') && !f.includes('/new'))
    expect(plainFrame(app)).not.toContain('Start MCP servers?')
    await press(app, '/mcp approve\r', 'Start MCP servers?')
  })

  test('/mcp lists each server with its status and tools, and /mcp restart NAME restarts one', async () => {
    const fake = createFakeBridge({
      mcp: {
        servers: [
          server({ tools: ['echo', 'get-sum', 'trigger-elicitation-request'].map(tool) }),
          server({
            name: 'broken',
            origin: 'user',
            status: { state: 'failed', reason: 'exited with code 1: cannot find module' },
          }),
          server({
            name: 'flaky',
            status: {
              state: 'restarting',
              attempt: 2,
              maxAttempts: 5,
              retryAt: Date.now() + 3_000,
              reason: 'connection closed',
            },
          }),
        ],
        problems: ['.mcp.json: "bad" has no command or url'],
        pendingApproval: null,
      },
    })
    const { app } = startApp(fake, { size: { columns: 120, rows: 40 } })
    await waitForFrame(app, 'Message')
    const frame = await press(app, '/mcp\r', 'MCP servers for /home/me/project:')
    expect(frame).toContain('• everything — ready')
    expect(frame).toContain('3 tools: echo, get-sum, trigger-elicitation-request')
    expect(frame).toContain('• broken — failed: exited with code 1: cannot find module')
    // The seconds left depend on the clock; mcp-status-text.test.ts pins them with a fixed one.
    expect(frame).toMatch(/• flaky — restarting \(attempt 2\/5, in \d+ s\): connection closed/)
    expect(frame).toContain('Problem: .mcp.json: "bad" has no command or url')
    await press(app, '/mcp restart broken\r', 'Restarting broken…')
    expect(fake.callsOf('restartMcpServer')).toEqual([
      { workspace: '/home/me/project', name: 'broken' },
    ])
    await press(app, '/mcp restart nope\r', 'No MCP server “nope”')
  })
})

describe('ACP agents in the terminal', () => {
  test('/new NAME starts a session with that agent from Settings, /new parley with Parley’s own', async () => {
    const fake = createFakeBridge({ settings: { agents: [...ACP_AGENT_PRESETS] } })
    const { app } = startApp(fake)
    await waitForFrame(app, 'Message')
    const created = (n: number) => (f: string) =>
      fake.callsOf('createSession').length === n && f.includes('Message')
    await press(app, '/new codex\r', created(2))
    await press(app, '/new Claude Code\r', created(3))
    await press(app, '/new parley\r', created(4))
    expect(fake.callsOf('createSession').slice(1)).toEqual([
      { workspace: '/home/me/project', agent: 'codex' },
      { workspace: '/home/me/project', agent: 'claude-code' },
      { workspace: '/home/me/project', agent: 'parley' },
    ])
    await press(app, '/new hal9000\r', 'No agent “hal9000”: /new parley, /new claude-code')
    expect(fake.callsOf('createSession')).toHaveLength(4)
  })

  test('the footer names the session’s agent and its mode; Shift+Tab and /mode switch the agent’s own modes', async () => {
    const fake = createFakeBridge({
      session: {
        agent: { id: 'codex', name: 'Codex' },
        agentModes: {
          currentModeId: 'read-only',
          available: [
            { id: 'read-only', name: 'Read Only' },
            { id: 'auto', name: 'Auto' },
            { id: 'full-access', name: 'Full Access' },
          ],
        },
      },
    })
    const { app } = startApp(fake)
    const frame = await waitForFrame(app, 'Codex (ACP agent)')
    expect(frame).toContain('Read Only · Codex (ACP agent) · /home/me/project')
    await press(app, KEYS.shiftTab, 'Auto · Codex (ACP agent)')
    expect(fake.callsOf('setAgentMode')).toEqual([{ sessionId: 's1', modeId: 'auto' }])
    expect(fake.callsOf('setSessionMode')).toEqual([])
    await press(app, '/mode full access\r', 'Full Access · Codex (ACP agent)')
    await press(app, '/mode\r', 'Mode: Full Access · /mode Read Only, Auto, Full Access')
    expect(fake.callsOf('setAgentMode').at(-1)).toEqual({ sessionId: 's1', modeId: 'full-access' })
  })

  test('a Parley session keeps Parley’s permission modes', async () => {
    const fake = createFakeBridge()
    const { app } = startApp(fake)
    await waitForFrame(app, 'ask · Fake test backend')
    await press(app, KEYS.shiftTab, 'execute · Fake test backend')
    expect(fake.callsOf('setAgentMode')).toEqual([])
  })
})

describe('assistant text', () => {
  test('emoji joined with U+200D are shown as emoji in prose, while code reveals the joiner', async () => {
    const fake = createFakeBridge()
    const { app } = startApp(fake)
    await waitForFrame(app, 'Message')
    fake.emit(
      logged({
        type: 'assistant_text',
        at: 1,
        turnId: 't1',
        step: 0,
        text: 'Done 👩\u200d💻 — see `a\u200db`',
      }),
    )
    const frame = await waitForFrame(app, 'Done')
    expect(frame).toContain('Done 👩\u200d💻 — see a\\u200Db')
  })

  test('a reply that was cut off says so under it', async () => {
    const fake = createFakeBridge()
    const { app } = startApp(fake)
    await waitForFrame(app, 'Message')
    fake.emit(
      logged({
        type: 'assistant_text',
        at: 1,
        turnId: 't1',
        step: 0,
        text: 'The first half of a long ans',
        cutOff: true,
      }),
    )
    const frame = await waitForFrame(app, 'The first half')
    expect(frame).toMatch(/The first half of a long ans\n\s+— cut off/)
  })

  test('/retry after an ACP agent’s turn failed sends the message to the agent again', async () => {
    const fake = createFakeBridge({ session: { agent: { id: 'codex', name: 'Codex' } } })
    const { app } = startApp(fake)
    await waitForFrame(app, 'Message')
    fake.emit(logged({ type: 'user_message', at: 1, turnId: 't1', text: 'fix the build' }))
    fake.emit(
      logged({
        type: 'turn_end',
        at: 2,
        turnId: 't1',
        reason: 'error',
        error: 'The agent exited (exit code 1).',
      }),
    )
    await waitForFrame(app, '/retry runs it again')
    app.stdin.write('/retry\r')
    await vi.waitFor(() =>
      expect(fake.callsOf('send')).toEqual([{ sessionId: 's1', text: 'fix the build' }]),
    )
    expect(fake.callsOf('retryTurn')).toEqual([])
  })

  test('/retry that cannot run says the runtime’s reason', async () => {
    const fake = createFakeBridge()
    fake.bridge.retryTurn = async () => ({
      ok: false,
      reason: 'nothing_to_retry',
      message: 'the last turn did not end in an error',
    })
    const { app } = startApp(fake)
    await waitForFrame(app, 'Message')
    await press(app, '/retry\r', 'The last turn did not end in an error.')
  })
})
