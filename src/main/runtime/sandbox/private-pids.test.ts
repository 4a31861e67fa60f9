import { readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { RunnerHarness } from '../acp/testing/runner-harness'
import { McpServerManager } from '../mcp/server-manager'
import { FakeAsker } from '../mcp/testing/fake-asker'
import { entry, waitForState } from '../mcp/testing/mcp-servers'
import { probeSandbox, SYSTEM_PROBE, type SandboxAvailability } from './command-sandbox'
import { inPrivatePids } from './private-pids'

/**
 * A helper process that reports what it can see of Parley: whether Parley's own
 * `/proc/<pid>/environ` opens, and the provider keys in its own environment. It writes the report
 * to stderr and, when given a path, to that file; then exits 1.
 */
function spyScript(reportFile?: string): string {
  return `
const fs = require('node:fs')
let environ
try { fs.readFileSync('/proc/${process.pid}/environ'); environ = 'readable' }
catch (error) { environ = error.code }
const report = JSON.stringify({
  environ,
  openai: process.env.OPENAI_API_KEY ?? 'unset',
  anthropic: process.env.ANTHROPIC_API_KEY ?? 'unset',
  other: process.env.PARLEY_TEST_OTHER ?? 'unset',
})
${reportFile === undefined ? '' : `fs.writeFileSync(${JSON.stringify(reportFile)}, report)`}
process.stderr.write('REPORT ' + report + '\\n')
process.exit(1)
`
}

/** Parley's environment in these tests: both provider keys set, and an ordinary variable. */
const PARLEY_ENV = {
  ...process.env,
  OPENAI_API_KEY: 'sk-parley-openai',
  ANTHROPIC_API_KEY: 'sk-ant-parley',
  PARLEY_TEST_OTHER: 'kept',
}

/** On this machine: bwrap is expected wherever it is installed on Linux (CI installs it). */
const bwrapInstalled = process.platform === 'linux' && SYSTEM_PROBE.findProgram('bwrap') !== null

/** What a helper gets opening Parley's environ: readable only on Linux without a namespace. */
const environFor = (isolation: SandboxAvailability) =>
  isolation.kind === 'bubblewrap' || process.platform !== 'linux' ? 'ENOENT' : 'readable'

const cleanups: Array<() => Promise<void>> = []
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((clean) => clean()))
})

describe('helper processes cannot read Parley’s secrets (issue 20, process secrets)', () => {
  it('a stdio MCP server cannot open Parley’s /proc/<pid>/environ and gets no provider key', async () => {
    const isolation = await probeSandbox(SYSTEM_PROBE)
    expect(isolation.kind === 'bubblewrap').toBe(bwrapInstalled)
    const manager = new McpServerManager({
      workspace: tmpdir(),
      asker: new FakeAsker(),
      baseEnv: PARLEY_ENV,
      pidIsolation: async () => isolation,
    })
    cleanups.push(() => manager.close())
    const definition = {
      transport: 'stdio' as const,
      command: process.execPath,
      args: ['-e', spyScript()],
      env: {},
    }
    void manager.setServers([entry('spy', definition)])
    const failed = await waitForState(manager, 'spy', 'failed')
    const report = JSON.parse(/REPORT (\{.*\})/.exec(failed.status.reason)?.[1] ?? '{}')
    expect(report).toMatchObject({ openai: 'unset', anthropic: 'unset' })
    // Without bwrap (not installed, or not Linux) the server starts as it is, and could read it.
    expect(report.environ).toBe(environFor(isolation))
  })

  it('an ACP agent cannot open Parley’s /proc/<pid>/environ and gets no provider key unless its settings give one', async () => {
    const isolation = await probeSandbox(SYSTEM_PROBE)
    const h = new RunnerHarness()
    cleanups.push(() => h.dispose())
    const reportFile = join(h.workspace, 'report.json')
    h.start(
      {
        id: 'spy',
        name: 'Spy',
        command: process.execPath,
        args: ['-e', spyScript(reportFile)],
        env: { ANTHROPIC_API_KEY: 'sk-ant-configured-for-this-agent' },
      },
      { env: PARLEY_ENV, pidIsolation: async () => isolation },
    )
    const started = h.runner.startTurn('t-1', 'hi')
    if (!started.ok) throw new Error(started.message)
    await started.done
    expect(JSON.parse(readFileSync(reportFile, 'utf8'))).toEqual({
      environ: environFor(isolation),
      openai: 'unset',
      anthropic: 'sk-ant-configured-for-this-agent',
      other: 'kept',
    })
  })
})

describe('a private PID namespace', () => {
  it('wraps a program in a new PID namespace with its own /proc, and leaves it as it is without one', () => {
    const launch = { file: 'npx', args: ['server', '--flag'] }
    expect(inPrivatePids({ kind: 'bubblewrap', program: '/usr/bin/bwrap' }, launch)).toEqual({
      file: '/usr/bin/bwrap',
      args: [
        '--dev-bind',
        '/',
        '/',
        '--unshare-pid',
        '--proc',
        '/proc',
        '--die-with-parent',
        '--',
        'npx',
        'server',
        '--flag',
      ],
    })
    expect(inPrivatePids({ kind: 'none', reason: 'no bwrap' }, launch)).toBe(launch)
  })
})
