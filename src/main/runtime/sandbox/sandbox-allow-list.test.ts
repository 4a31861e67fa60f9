import { execFileSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:net'
import { homedir, tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { commandEnvironment } from '../tools/command-environment'
import { runCommandTool } from '../tools/run-command-tool'
import type { ToolContext } from '../tools/tool-types'
import { probeSandbox, SYSTEM_PROBE, type CommandSandbox } from './command-sandbox'
import { grantFor, NO_GRANT, type SandboxGrant } from './sandbox-policy'

/**
 * Issue 31, items 1, 2 and 3 end to end: real bash, real bubblewrap. A fake home folder (outside
 * /tmp, which the sandbox replaces) holds canary secrets where the agents, git, cargo and the
 * shell keep theirs; Parley's environment holds canary tokens; a unix socket listens outside the
 * workspace. None of it may reach a sandboxed command's output.
 */

const CANARY = `CANARY${randomBytes(6).toString('hex')}`

/** Where the secrets of issue 31 were found, relative to the home folder. */
const HOME_SECRETS = [
  '.ssh/id_rsa',
  '.claude/.credentials.json',
  '.codex/auth.json',
  '.gemini/oauth_creds.json',
  '.config/git/credentials',
  '.cargo/credentials.toml',
  '.bash_history',
  '.npmrc',
  '.config/gh/hosts.yml',
]

/** Variables of issue 31 (and the sockets), each holding a canary. */
const SECRET_VARIABLES = [
  'GITHUB_TOKEN',
  'GEMINI_API_KEY',
  'AWS_SECRET_ACCESS_KEY',
  'OPENAI_API_KEY',
  'SSH_AUTH_SOCK',
  'DBUS_SESSION_BUS_ADDRESS',
  'NPM_TOKEN',
  'MY_SERVICE_PASSWORD',
]

interface Run {
  exitCode: number | null
  output: string
}

const made: string[] = []
const folder = (parent: string, prefix: string): string => {
  const dir = mkdtempSync(join(parent, prefix))
  made.push(dir)
  return dir
}
const put = (path: string, text: string): void => {
  mkdirSync(dirname(path), { recursive: true })
  writeFileSync(path, text)
}

async function runIn(
  sandbox: CommandSandbox,
  {
    workspace,
    command,
    base,
    allowed = [],
    grant = NO_GRANT,
  }: {
    workspace: string
    command: string
    base: NodeJS.ProcessEnv
    allowed?: string[]
    grant?: SandboxGrant
  },
): Promise<Run> {
  const context: ToolContext = {
    workspace,
    call: { sessionId: 's', turnId: 't', toolCallId: 'c' },
    signal: new AbortController().signal,
    commandEnv: async () => commandEnvironment({ base, allowed, storedSecrets: [] }),
    sandbox,
    grant,
    askUser: () => Promise.reject(new Error('not here')),
    runChild: () => Promise.reject(new Error('not here')),
  }
  return (await runCommandTool.execute({ command }, context)) as unknown as Run
}

/** Parley's environment as the fake person has it: a fake home, and a canary in every secret. */
function secretEnvironment(home: string, socket: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, HOME: home }
  for (const name of SECRET_VARIABLES) env[name] = `${CANARY}-${name}`
  env.SSH_AUTH_SOCK = socket
  return env
}

/** What reads the environment, however it is written. */
const ENV_READERS = [
  'env',
  'printenv',
  'set',
  'declare -p',
  'export -p',
  "cat /proc/self/environ | tr '\\0' '\\n'",
  "cat /proc/1/environ | tr '\\0' '\\n'",
  "cat /proc/$PPID/environ | tr '\\0' '\\n'",
  'python3 -c "import os; print(dict(os.environ))"',
  'node -e "console.log(JSON.stringify(process.env))"',
  'bash -c env',
  'sh -c "echo $GITHUB_TOKEN $SSH_AUTH_SOCK $DBUS_SESSION_BUS_ADDRESS"',
]

describe('without a sandbox (bwrap missing, Windows) the environment is still the allow-list', () => {
  const none: CommandSandbox = {
    availability: { kind: 'none', reason: 'bubblewrap (bwrap) is not installed' },
    home: homedir(),
    hidden: [],
  }
  let workspace: string
  beforeAll(() => {
    workspace = folder(tmpdir(), 'parley-allow-fallback-')
  })
  afterAll(() => {
    for (const dir of made) rmSync(dir, { recursive: true, force: true })
  })

  it('a command, however it reads its environment, sees no token, no agent socket, no bus address', async () => {
    const base = secretEnvironment(homedir(), '/run/user/0/ssh-agent.sock')
    const result = await runIn(none, { workspace, base, command: ENV_READERS.join('; ') })
    expect(result.output).toContain('PATH=')
    expect(result.output).not.toContain(CANARY)
    expect(result.output).not.toContain('ssh-agent.sock')
  })

  it('a variable the person allowed by name reaches it', async () => {
    const base = { ...secretEnvironment(homedir(), '/x'), MY_TOOL_HOME: '/opt/my-tool' }
    const result = await runIn(none, {
      workspace,
      base,
      allowed: ['MY_TOOL_HOME'],
      command: 'echo "tool=$MY_TOOL_HOME token=$GITHUB_TOKEN"',
    })
    expect(result.output.trim()).toBe('tool=/opt/my-tool token=')
  })
})

/** The real sandbox of this machine (CI installs bubblewrap). */
const found = await probeSandbox(SYSTEM_PROBE)
const missing = found.kind === 'none' ? ` (skipped: ${found.reason}; see the fallback above)` : ''

describe.skipIf(found.kind === 'none')(`the sandbox shows only its allow-lists${missing}`, () => {
  let workspace: string
  let home: string
  let dataDir: string
  let outside: string
  let socketPath: string
  let homeSocketPath: string
  let sockets: Server[]
  let sandbox: CommandSandbox
  let base: NodeJS.ProcessEnv
  /** Every file that holds a canary, by absolute path. */
  let secretFiles: string[]

  beforeAll(async () => {
    workspace = folder(tmpdir(), 'parley-allow-ws-')
    home = folder('/var/tmp', 'parley-allow-home-')
    dataDir = folder(home, 'data-')
    outside = folder('/var/tmp', 'parley-allow-out-')
    secretFiles = [
      ...HOME_SECRETS.map((path) => join(home, path)),
      join(dataDir, 'secrets.json'),
      join(outside, 'notes.txt'),
    ]
    for (const path of secretFiles) put(path, `${CANARY} ${path}\n`)
    // What toolchains need is shown: a cargo program, the npm cache.
    put(join(home, '.cargo/bin/hello-tool'), '#!/bin/sh\necho hello from cargo bin\n')
    execFileSync('chmod', ['+x', join(home, '.cargo/bin/hello-tool')])
    put(join(home, '.cargo/registry/index/entry'), 'cache entry\n')
    put(
      join(home, '.gitconfig'),
      `[user]\n\tname = Ann Example\n\temail = ann@example.com\n[credential]\n\thelper = store --file ${home}/.config/git/credentials\n[http]\n\textraHeader = Authorization: Bearer ${CANARY}\n[core]\n\tfsmonitor = echo ${CANARY}\n`,
    )
    socketPath = join(outside, 'agent.sock')
    homeSocketPath = join(home, '.docker.sock')
    sockets = await Promise.all(
      [socketPath, homeSocketPath].map(
        (path) =>
          new Promise<Server>((resolve) => {
            const server = createServer((c) => c.end(`${CANARY} from the socket\n`))
            server.listen(path, () => resolve(server))
          }),
      ),
    )
    sandbox = { availability: found, home, hidden: [dataDir] }
    base = secretEnvironment(home, socketPath)
  })
  afterAll(() => {
    for (const server of sockets) server.close()
    for (const dir of made) rmSync(dir, { recursive: true, force: true })
  })

  const run = (command: string, grant: SandboxGrant = NO_GRANT): Promise<Run> =>
    runIn(sandbox, { workspace, base, command, grant })

  it('item 1: no variable outside the allow-list reaches a command, with or without the network', async () => {
    for (const grant of [NO_GRANT, grantFor(['network'])]) {
      const result = await run(ENV_READERS.join('; '), grant)
      expect(result.output).toContain(`HOME=${home}`)
      expect(result.output).not.toContain(CANARY)
      expect(result.output).not.toContain('agent.sock')
    }
  })

  it("item 2: the agents' sign-ins, git's and cargo's credentials, the shell history and the data folder are not there", async () => {
    const result = await run(
      secretFiles.map((path) => `cat ${path}`).join('; ') + `; ls -A ${home}; ls -A ~`,
    )
    expect(result.output).not.toContain(CANARY)
    expect(result.output).toContain('No such file or directory')
  })

  it("item 2: what toolchains need is shown read-only: a cargo program, cargo's registry cache", async () => {
    const result = await run(
      `~/.cargo/bin/hello-tool; cat ~/.cargo/registry/index/entry; echo x > ~/.cargo/registry/index/entry; echo scratch > ~/scratch && cat ~/scratch`,
    )
    expect(result.output).toContain('hello from cargo bin')
    expect(result.output).toContain('cache entry')
    expect(result.output).toContain('Read-only file system')
    expect(result.output).toContain('scratch')
    expect(existsSync(join(home, 'scratch'))).toBe(false)
    expect(readFileSync(join(home, '.cargo/registry/index/entry'), 'utf8')).toBe('cache entry\n')
  })

  it('item 2: a unix socket outside the workspace (an ssh agent, docker, the user bus) answers nobody, even with the network', async () => {
    const connect = (path: string) =>
      `python3 -c "import socket; s=socket.socket(socket.AF_UNIX); s.connect('${path}'); print(s.recv(100))"`
    for (const grant of [NO_GRANT, grantFor(['network'])]) {
      const result = await run(
        [
          connect(socketPath),
          connect(homeSocketPath),
          'ls /run /run/user /var/run/docker.sock',
        ].join('; '),
        grant,
      )
      expect(result.output).not.toContain(CANARY)
      expect(result.output).toContain('No such file or directory')
    }
  })

  it('item 2: git in the sandbox commits as the person, without their credential helper, tokens or fsmonitor', async () => {
    const result = await run(
      [
        'git init -q repo',
        'cd repo',
        'echo a > a.txt',
        'git add a.txt',
        'git commit -qm first',
        'git log -1 --format=%an/%ae',
        'git config --get-all credential.helper; git config --get http.extraHeader; git config --get core.fsmonitor; cat ~/.gitconfig',
      ].join(' && '),
    )
    expect(result.output).toContain('Ann Example/ann@example.com')
    expect(result.output).not.toContain(CANARY)
    expect(result.output).not.toContain('credentials')
  })

  it('item 3: every repository’s config, hooks and info are read-only inside; the index and objects are not', async () => {
    const repo = join(workspace, 'guarded')
    mkdirSync(repo)
    execFileSync('git', ['init', '-q', repo])
    execFileSync('git', ['init', '-q', join(repo, 'vendor/lib')])
    put(join(repo, 'payload/.git/config'), `[core]\n\tfsmonitor = echo ${CANARY}\n`)
    put(join(repo, 'payload/.git/hooks/pre-commit'), `#!/bin/sh\necho ${CANARY}\n`)
    const configBefore = readFileSync(join(repo, '.git/config'), 'utf8')
    const result = await run(
      [
        'cd guarded',
        `printf '[core]\\n\\tfsmonitor = echo pwned\\n' >> .git/config`,
        'echo "echo pwned" > .git/hooks/pre-commit',
        'echo "* filter=x" > .git/info/attributes',
        'echo "echo pwned" > vendor/lib/.git/hooks/post-checkout',
        'cp -r payload/. .',
        'mv .git .git-aside',
        'rm -rf vendor/lib/.git/hooks',
        'git -c user.name=A -c user.email=a@example.com commit -q --allow-empty -m guarded',
        'echo b > b.txt',
        'git add b.txt && git -c user.name=A -c user.email=a@example.com commit -qm added && echo committed',
        'mkdir -p ../evil && echo ../../evil > .git/commondir',
      ].join('; '),
    )
    expect(result.output).toContain('Read-only file system')
    expect(result.output).toContain('committed')
    expect(readFileSync(join(repo, '.git/config'), 'utf8')).toBe(configBefore)
    expect(existsSync(join(repo, '.git/hooks/pre-commit'))).toBe(false)
    expect(existsSync(join(repo, '.git/info/attributes'))).toBe(false)
    expect(existsSync(join(repo, 'vendor/lib/.git/hooks/post-checkout'))).toBe(false)
    expect(existsSync(join(repo, '.git-aside'))).toBe(false)
    expect(existsSync(join(repo, '.git/commondir'))).toBe(false)
    expect(result.output).toContain('Parley removed')
    expect(existsSync(join(repo, 'vendor/lib/.git/hooks/pre-commit.sample'))).toBe(true)
    const log = execFileSync('git', ['-C', repo, 'log', '--format=%s'], { encoding: 'utf8' })
    expect(log.split('\n')).toContain('added')
  })

  it('property: a command, however it is written, reads no file outside the allow-lists and no variable outside the environment allow-list', async () => {
    const relative = (path: string) => path.slice(home.length + 1)
    const target = fc
      .constantFrom(...secretFiles)
      .chain((path) =>
        fc.constantFrom(
          path,
          `$(echo ${path})`,
          `/proc/self/root${path}`,
          `/proc/1/root${path}`,
          `${dirname(path)}/*`,
          `${dirname(path)}/./../${path.split('/').slice(-2).join('/')}`,
          ...(path.startsWith(home) ? [`~/${relative(path)}`, `$HOME/${relative(path)}`] : []),
        ),
      )
    const reader = fc.constantFrom(
      (t: string) => `cat ${t}`,
      (t: string) => `head -c 4096 ${t}`,
      (t: string) => `while read -r l; do echo "$l"; done < ${t}`,
      (t: string) => `python3 -c "import sys; print(open(sys.argv[1]).read())" ${t}`,
      (t: string) =>
        `node -e "console.log(require('fs').readFileSync(process.argv[1], 'utf8'))" ${t}`,
      (t: string) => `ln -sf ${t} link && cat link`,
      (t: string) => `cp ${t} copy && cat copy`,
      (t: string) => `grep -r . ${t}`,
      (t: string) => `tar cf - ${t} | tar xOf -`,
      (t: string) => `bash -c 'cat ${t}'`,
    )
    const envReader = fc.constantFrom(...ENV_READERS)
    await fc.assert(
      fc.asyncProperty(target, reader, envReader, async (t, read, readEnv) => {
        const result = await run(`${read(t)} 2>&1; ${readEnv}`)
        expect(result.output).not.toContain(CANARY)
      }),
      { numRuns: 40 },
    )
  }, 120_000)
})

/** A program on this machine's PATH (skipped tests say which was missing). */
const has = (program: string): boolean => {
  try {
    execFileSync('bash', ['-c', `command -v ${program}`], { stdio: 'ignore' })
    return true
  } catch {
    return false
  }
}
/** Whether the npm registry answers (the machine may have no network at all). */
const registry = (() => {
  try {
    execFileSync('npm', ['ping'], { stdio: 'ignore', timeout: 15_000 })
    return true
  } catch {
    return false
  }
})()
const hasPytest = (() => {
  try {
    execFileSync('python3', ['-m', 'pytest', '--version'], { stdio: 'ignore' })
    return true
  } catch {
    return false
  }
})()

describe.skipIf(found.kind === 'none')(
  `ordinary work in the sandbox, with the person's real home${missing}`,
  () => {
    let workspace: string
    let sandbox: CommandSandbox
    beforeAll(() => {
      workspace = folder(tmpdir(), 'parley-allow-work-')
      sandbox = { availability: found, home: homedir(), hidden: [] }
    })
    afterAll(() => {
      for (const dir of made) rmSync(dir, { recursive: true, force: true })
    })
    const run = (command: string) => runIn(sandbox, { workspace, base: process.env, command })

    it('npm test, make, and git status/add/commit as the person (the index and objects writable)', async () => {
      put(
        join(workspace, 'package.json'),
        JSON.stringify({ name: 'w', version: '1.0.0', scripts: { test: 'node test.js' } }),
      )
      put(join(workspace, 'test.js'), 'console.log("1 passed")')
      put(join(workspace, 'Makefile'), 'built.txt:\n\techo built > built.txt\n')
      const identity = has('git')
        ? execFileSync('git', ['config', '--global', 'user.name'], { encoding: 'utf8' }).trim()
        : ''
      const result = await run(
        [
          'npm test',
          'make',
          'git init -q .',
          'git add -A',
          identity
            ? 'git commit -qm first'
            : 'git -c user.name=A -c user.email=a@b commit -qm first',
          'git status --short | wc -l',
          'git log -1 --format=%an',
        ].join(' && '),
      )
      expect(result.output).toContain('1 passed')
      expect(result.exitCode).toBe(0)
      expect(readFileSync(join(workspace, 'built.txt'), 'utf8')).toBe('built\n')
      if (identity) expect(result.output.trim().split('\n').at(-1)).toBe(identity)
    })

    it.skipIf(!registry)(
      'npm install once the network was allowed (skipped where the npm registry cannot be reached)',
      async () => {
        put(
          join(workspace, 'dep/package.json'),
          JSON.stringify({ name: 'd', version: '1.0.0', dependencies: { 'is-number': '7.0.0' } }),
        )
        const result = await runIn(sandbox, {
          workspace,
          base: process.env,
          command:
            'cd dep && npm install --no-audit --no-fund && node -e "console.log(require(\'is-number\')(5))"',
          grant: grantFor(['network']),
        })
        expect(result.output).toContain('true')
        expect(result.exitCode).toBe(0)
      },
      120_000,
    )

    it.skipIf(!hasPytest)('python3 -m pytest (skipped where pytest is not installed)', async () => {
      put(join(workspace, 'py/test_sum.py'), 'def test_sum():\n    assert 1 + 1 == 2\n')
      const result = await run('cd py && python3 -m pytest -q -p no:cacheprovider')
      expect(result.output).toContain('1 passed')
      expect(result.exitCode).toBe(0)
    })

    it.skipIf(!has('cargo'))(
      'cargo build of a crate, offline (skipped where cargo is not installed)',
      async () => {
        put(
          join(workspace, 'crate/Cargo.toml'),
          '[package]\nname = "hello"\nversion = "0.1.0"\nedition = "2021"\n',
        )
        put(join(workspace, 'crate/src/main.rs'), 'fn main() { println!("hello from rust"); }\n')
        const result = await run('cd crate && cargo build -q --offline && ./target/debug/hello')
        expect(result.output).toContain('hello from rust')
        expect(result.exitCode).toBe(0)
      },
      120_000,
    )
  },
)
