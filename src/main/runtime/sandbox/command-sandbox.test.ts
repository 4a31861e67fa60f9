import { createServer, type Server } from 'node:http'
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import type { AddressInfo } from 'node:net'
import { homedir, tmpdir } from 'node:os'
import { join } from 'node:path'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Json } from '../../../shared/session-events'
import { runCommandTool } from '../tools/run-command-tool'
import type { ToolContext } from '../tools/tool-types'
import {
  probeSandbox,
  sandboxFolders,
  sandboxedLaunch,
  SYSTEM_PROBE,
  unsandboxedNotice,
  type CommandSandbox,
  type SandboxProbeDeps,
} from './command-sandbox'
import { grantFor, NO_GRANT, type SandboxGrant } from './sandbox-policy'

const probe = (over: Partial<SandboxProbeDeps>): SandboxProbeDeps => ({
  platform: 'linux',
  findProgram: () => '/usr/bin/bwrap',
  trial: async () => ({ ok: true, output: '' }),
  ...over,
})

describe('finding the sandbox', () => {
  it('uses bwrap on Linux when it is on PATH and a trial sandbox works', async () => {
    const tried: string[][] = []
    const found = await probeSandbox(
      probe({
        trial: async (program, args) => {
          tried.push([program, ...args])
          return { ok: true, output: '' }
        },
      }),
    )
    expect(found).toEqual({ kind: 'bubblewrap', program: '/usr/bin/bwrap' })
    expect(tried[0]).toEqual(expect.arrayContaining(['/usr/bin/bwrap', '--unshare-net', 'true']))
  })

  it('finds none, and says why, when bwrap is missing or cannot make a sandbox here', async () => {
    expect(await probeSandbox(probe({ findProgram: () => null }))).toEqual({
      kind: 'none',
      reason: 'bubblewrap (bwrap) is not installed',
    })
    expect(
      await probeSandbox(
        probe({ trial: async () => ({ ok: false, output: 'bwrap: No permissions\n' }) }),
      ),
    ).toEqual({
      kind: 'none',
      reason: 'bwrap cannot create a sandbox here (bwrap: No permissions)',
    })
  })

  it('uses sandbox-exec on macOS and finds none on Windows', async () => {
    expect(
      await probeSandbox(probe({ platform: 'darwin', findProgram: () => '/usr/bin/sandbox-exec' })),
    ).toEqual({ kind: 'sandbox-exec', program: '/usr/bin/sandbox-exec' })
    expect(await probeSandbox(probe({ platform: 'win32' }))).toEqual({
      kind: 'none',
      reason: 'Parley has no sandbox for win32',
    })
  })

  it("hides Parley's data folder, and shows the home folder only as the allow-list says", () => {
    expect(sandboxFolders('/home/ann', '/home/ann/.config/Parley')).toEqual({
      home: '/home/ann',
      hidden: ['/home/ann/.config/Parley'],
    })
  })
})

describe('without a sandbox (bwrap missing, Windows)', () => {
  const none: CommandSandbox = {
    availability: { kind: 'none', reason: 'bubblewrap (bwrap) is not installed' },
    home: '/home/ann',
    hidden: ['/home/ann/.config/Parley'],
  }

  it('a command starts as it is, and the notice says commands run unsandboxed and Remember repeats only exact commands', () => {
    const command = { file: '/bin/bash', args: ['-c', 'ls'] }
    const env = { PATH: '/usr/bin' }
    expect(
      sandboxedLaunch(none, { workspace: tmpdir(), grant: grantFor(['network']), command, env }),
    ).toEqual({ ...command, env, watch: [] })
    expect(unsandboxedNotice(none)).toBe(
      'Commands run without a sandbox here (bubblewrap (bwrap) is not installed): they can reach anything you can, and "Remember" repeats only the exact command you approved.',
    )
  })
})

/** The real sandbox of this machine (CI installs bubblewrap). */
const found = await probeSandbox(SYSTEM_PROBE)
const missing = found.kind === 'none' ? ` (skipped: ${found.reason}; see the fallback above)` : ''

describe.skipIf(found.kind === 'none')(`a command in the real sandbox${missing}`, () => {
  const made: string[] = []
  const folder = (parent: string, prefix: string): string => {
    const dir = mkdtempSync(join(parent, prefix))
    made.push(dir)
    return dir
  }
  let workspace: string
  /** Outside the workspace and outside /tmp (which the sandbox replaces with its own). */
  let outside: string
  let dataDir: string
  let server: Server
  let port: number
  beforeAll(async () => {
    workspace = folder(tmpdir(), 'parley-sbx-ws-')
    outside = folder('/var/tmp', 'parley-sbx-out-')
    dataDir = folder('/var/tmp', 'parley-sbx-data-')
    writeFileSync(join(dataDir, 'secrets.json'), '{"openaiApiKey":"sk-secret"}')
    server = createServer((_req, res) => res.end('hello from the host'))
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    port = (server.address() as AddressInfo).port
  })
  afterAll(() => {
    server.close()
    for (const dir of made) rmSync(dir, { recursive: true, force: true })
  })

  const run = async (command: string, grant: SandboxGrant = NO_GRANT) => {
    const context: ToolContext = {
      workspace,
      call: { sessionId: 's', turnId: 't', toolCallId: 'c' },
      signal: new AbortController().signal,
      commandEnv: async () => process.env,
      sandbox: { availability: found, ...sandboxFolders(homedir(), dataDir) },
      grant,
      askUser: () => Promise.reject(new Error('not here')),
      runChild: () => Promise.reject(new Error('not here')),
    }
    return (await runCommandTool.execute({ command }, context)) as { [key: string]: Json } & {
      exitCode: number | null
      output: string
    }
  }

  it('writes inside the workspace and nowhere else', async () => {
    const result = await run(`echo in > inside.txt; echo out > ${outside}/x.txt; touch ~/parley-x`)
    expect(readFileSync(join(workspace, 'inside.txt'), 'utf8')).toBe('in\n')
    expect(existsSync(join(outside, 'x.txt'))).toBe(false)
    expect(existsSync(join(homedir(), 'parley-x'))).toBe(false)
    // The outside folder is not even there: /var/tmp is the sandbox's own.
    expect(result.output).toContain('No such file or directory')
  })

  it('cannot create a file outside the workspace, however the path is written', async () => {
    mkdirSync(join(workspace, 'sub'), { recursive: true })
    const target = fc.constantFrom(
      `${outside}/a`,
      `${outside}/./b`,
      `sub/../..${outside}/c`,
      `$(echo ${outside})/d`,
      `${outside.replace('parley', 'p?rley')}/e`,
      `${outside}/{f,g}`,
      `$'${outside}/h'`,
    )
    const writer = fc.constantFrom(
      (t: string) => `echo x > ${t}`,
      (t: string) => `touch ${t}`,
      (t: string) => `cp /etc/hostname ${t}`,
      (t: string) => `mkdir -p ${t}`,
      (t: string) => `ln -s /etc/hostname ${t}`,
      (t: string) => `python3 -c "open('${t}', 'w').write('x')"`,
      (t: string) => `cd sub && echo x | tee ${t}`,
    )
    await fc.assert(
      fc.asyncProperty(target, writer, async (t, write) => {
        await run(write(t))
        expect(readdirSync(outside)).toEqual([])
      }),
      { numRuns: 15 },
    )
  }, 90_000)

  it('hides credential folders and the data folder, and shows no other process', async () => {
    const result = await run(
      `cat ${dataDir}/secrets.json; ls -A ~/.ssh 2>&1 | wc -l; cat /proc/1/cmdline | tr '\\0' ' '; cat /proc/$PPID/environ | tr '\\0' '\\n' | grep -c OPENAI_API_KEY`,
    )
    expect(result.output).not.toContain('sk-secret')
    expect(result.output).toContain('No such file or directory')
    expect(result.output).not.toContain('vitest')
  })

  it('reaches no network, not even the host loopback, unless a person allowed it', async () => {
    const fetch = `exec 3<>/dev/tcp/127.0.0.1/${port} && printf 'GET / HTTP/1.0\\r\\n\\r\\n' >&3 && cat <&3`
    const cut = await run(fetch)
    expect(cut.exitCode).not.toBe(0)
    expect(cut.output).not.toContain('hello from the host')
    const allowed = await run(fetch, grantFor(['network']))
    expect(allowed.output).toContain('hello from the host')
  })

  it('a stopped command ends at once, with everything it started', async () => {
    const abort = new AbortController()
    const context: ToolContext = {
      workspace,
      call: { sessionId: 's', turnId: 't', toolCallId: 'c' },
      signal: abort.signal,
      commandEnv: async () => process.env,
      sandbox: { availability: found, home: homedir(), hidden: [] },
      grant: NO_GRANT,
      askUser: () => Promise.reject(new Error('not here')),
      runChild: () => Promise.reject(new Error('not here')),
    }
    const running = runCommandTool.execute({ command: 'sleep 60 & sleep 60; wait' }, context)
    abort.abort()
    expect(await running).toMatchObject({ aborted: true, exitCode: null })
  })

  it('writes outside when a person allowed that write', async () => {
    await run(`echo granted > ${outside}/granted.txt`, grantFor(['writeOutside']))
    expect(readFileSync(join(outside, 'granted.txt'), 'utf8')).toBe('granted\n')
    rmSync(join(outside, 'granted.txt'))
  })

  it('runs ordinary work: an npm test script, git init/add/commit/status, make, a python script', async () => {
    writeFileSync(
      join(workspace, 'package.json'),
      JSON.stringify({ name: 'w', version: '1.0.0', scripts: { test: 'node test.js' } }),
    )
    writeFileSync(
      join(workspace, 'test.js'),
      'require("fs").writeFileSync("tested.txt", "ok"); console.log("1 passed")',
    )
    writeFileSync(join(workspace, 'Makefile'), 'built.txt:\n\techo built > built.txt\n')
    writeFileSync(join(workspace, 'gen.py'), 'open("py.txt", "w").write("from python")\n')
    const result = await run(
      [
        'npm test',
        'make',
        'python3 gen.py',
        'git init -q .',
        'git add -A',
        'git -c user.email=a@example.com -c user.name=A commit -qm first',
        'git status --short | wc -l',
      ].join(' && '),
    )
    expect(result.output).toContain('1 passed')
    expect(result.exitCode).toBe(0)
    expect(readFileSync(join(workspace, 'tested.txt'), 'utf8')).toBe('ok')
    expect(readFileSync(join(workspace, 'built.txt'), 'utf8')).toBe('built\n')
    expect(readFileSync(join(workspace, 'py.txt'), 'utf8')).toBe('from python')
    expect(existsSync(join(workspace, '.git', 'HEAD'))).toBe(true)
    expect(result.output.trim().split('\n').at(-1)).toBe('0')
  })
})
