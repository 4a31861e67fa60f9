import { existsSync, mkdirSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { TestRig, TestRuntime } from '../testing/runtime-test-kit'
import { commandCall, resultText, runScriptedTurn } from '../testing/scripted-turn'

/**
 * The attacks of issue 20 on "Remember for this turn", each reproduced through the whole runtime
 * with real bash: a command is allowed with Remember, then the attack comes. Every attack must be
 * put to the person (here: denied), and nothing may land outside the workspace.
 */

const started: TestRuntime[] = []
afterEach(async () => {
  await Promise.all(started.splice(0).map((r) => r.close()))
})

/** `outside` beside the workspace, a file and a folder to work on inside it. */
function prepare(rig: TestRig): void {
  mkdirSync(join(rig.dir, 'outside'))
  mkdirSync(join(rig.workspace, 'sub'))
  writeFileSync(join(rig.workspace, 'a.txt'), 'b\na\n')
}

const outsideOf = (rig: TestRig): string => join(rig.dir, 'outside')

/**
 * Allows each of `remembered` with Remember, then runs each attack (made from the outside
 * folder), and denies whatever is asked after that.
 */
async function attack(
  remembered: string[],
  attacks: (outside: string) => string[],
  setUp: (rig: TestRig) => void = () => {},
) {
  let made: string[] = []
  const outcome = await runScriptedTurn({
    mode: 'ask',
    calls: (rig) => {
      made = attacks(outsideOf(rig))
      return [...remembered, ...made].map(commandCall)
    },
    prepare: (rig) => {
      prepare(rig)
      setUp(rig)
    },
    answer: (_prompt, i) =>
      i < remembered.length
        ? { decision: 'allow', remember: true }
        : { decision: 'deny', remember: false },
    started,
  })
  return {
    ...outcome,
    asked: outcome.prompts.map((p) => p.detail),
    attacks: made,
    outside: outsideOf(outcome.rig),
  }
}

/** Every attack was asked about, and the outside folder is still empty. */
function expectAllAsked(result: Awaited<ReturnType<typeof attack>>): void {
  for (const text of result.attacks) expect(result.asked).toContain(text)
  expect(readdirSync(result.outside)).toEqual([])
}

describe('class 1: write targets known only when the command runs', () => {
  it('with touch, cp, mkdir and tee remembered, a cd, a brace, ANSI-C quoting or a glob that leads outside still asks', async () => {
    const result = await attack(
      ['touch a.txt', 'cp a.txt b.txt', 'mkdir -p sub', 'echo x | tee c.txt'],
      (outside) => [
        `cd sub && touch ../../outside/x`,
        `touch ${outside}/{a,b}`,
        `cp a.txt $'${outside}/x'`,
        `cp a.txt ${outside.replace('outside', 'outsid?')}/y`,
        `echo x | tee ../outside/z`,
      ],
    )
    expectAllAsked(result)
  })
})

describe('class 2: options that write', () => {
  it('with cp, git diff and sort remembered, cp -t, git diff --output and sort -o outside still ask', async () => {
    const result = await attack(['cp a.txt b.txt', 'git diff', 'sort a.txt'], (outside) => [
      `cp -t ${outside} a.txt`,
      `git diff --output=${outside}/x`,
      `git diff --output=out.txt`,
      `sort -o ${outside}/sorted a.txt`,
      `mv -t ${outside} b.txt`,
      `tar -C ${outside} -xf x.tar`,
    ])
    expectAllAsked(result)
  })

  it('a download is never remembered: curl -o and wget -P ask each time, naming the network', async () => {
    const result = await attack(['echo hi'], (outside) => [
      'curl -s http://127.0.0.1:9/x',
      `curl -o${outside}/x http://127.0.0.1:9/`,
      `wget -P ${outside} http://127.0.0.1:9/`,
    ])
    expectAllAsked(result)
    expect(result.prompts[1]?.parts?.[0]?.why).toBe('needs network: curl reaches a URL')
    expect(result.prompts[1]?.rememberScope).toBeNull()
  })
})

describe('class 3: substitutions the grammar leaves inside other syntax', () => {
  it('with echo and printf remembered, ${X:=`…`}, a subscript in [[ ]] and printf -v still ask', async () => {
    const result = await attack(['echo hi', 'printf hi'], (outside) => [
      `echo \${X:=\`touch ${outside}/x\`}`,
      `echo hi; [[ 'a[$(touch ${outside}/y)]' -eq 1 ]]`,
      `printf -v 'a[$(touch ${outside}/z)]' x`,
      `echo $((a[$(touch ${outside}/w)]))`,
    ])
    expectAllAsked(result)
    expect(result.prompts[2]?.parts?.map((p) => p.why ?? '')).toContainEqual(
      expect.stringContaining('uses shell syntax whose effects Parley cannot take apart'),
    )
  })
})

describe('class 4: programs that run code from their arguments', () => {
  it('with make, tar, git, node and sqlite3 remembered, their code-running options (and npx, rsync -e) still ask', async () => {
    const result = await attack(
      ['make all', 'tar cf x.tar a.txt', 'git status', 'node a.js', 'sqlite3 db .tables'],
      (outside) => [
        `make --eval='$(shell touch ${outside}/make)' all`,
        `make 'X=$(shell touch ${outside}/make2)' all`,
        `tar cf x.tar --checkpoint=1 --checkpoint-action=exec='touch ${outside}/tar' a.txt`,
        `git -c alias.st='!touch ${outside}/alias' st`,
        `git submodule foreach 'touch ${outside}/sub'`,
        `git rebase --exec 'touch ${outside}/rebase' HEAD`,
        `npx node -e "require('fs').writeFileSync('${outside}/npx', '')"`,
        `rsync -e 'sh -c "touch ${outside}/rsync"' a.txt x:b`,
        `sqlite3 db '.shell touch ${outside}/sqlite'`,
        `node -e "require('fs').writeFileSync('${outside}/node', '')"`,
      ],
    )
    expectAllAsked(result)
  }, 60_000)
})

describe('class 6: a path that only leaves through a link', () => {
  it('echo x > L/../x, with L a link to a folder outside, is shown as a write outside, high risk', async () => {
    const result = await attack(['echo hi'], () => ['echo x > L/../escaped.txt'], linkOut)
    expect(result.prompts[1]).toMatchObject({
      risk: 'high',
      rememberScope: ['`echo` with any files in the workspace'],
    })
    expect(result.prompts[1]?.parts?.[1]?.why).toMatch(/^writes outside the workspace/)
  })

  it('a link made and written in one command, with ln and echo remembered, still asks', async () => {
    const result = await attack(['ln -sf a.txt b.txt', 'echo hi > d.txt'], (outside) => [
      `ln -sf ${outside}/t c.txt; echo x > c.txt`,
    ])
    expectAllAsked(result)
    expect(result.prompts.at(-1)?.parts?.[0]?.why).toBe(
      `makes a link to outside the workspace (${result.outside}/t)`,
    )
  })
})

describe('class 7: secrets', () => {
  it('with cat remembered, another process’s environ, a glob at ~/.ssh and the data folder ask, high risk, never remembered', async () => {
    const result = await attack(['cat a.txt'], () => [
      'cat /proc/$PPID/environ',
      'cat ~/.ss?/id_*',
      'cat /proc/1/cmdline',
    ])
    expectAllAsked(result)
    for (const prompt of result.prompts.slice(1))
      expect(prompt).toMatchObject({ risk: 'high', rememberScope: null })
  })

  it('the data folder, which holds the keys, is high risk and never remembered', async () => {
    const read = await runScriptedTurn({
      mode: 'ask',
      calls: (rig) => [commandCall(`cat ${rig.dataDir}/secrets.json`)],
      prepare,
      started,
    })
    expect(read.prompts[0]).toMatchObject({ risk: 'high', rememberScope: null })
  })

  it('in bypass mode a command sees no other process: not Parley’s command line, not its environment', async () => {
    const result = await runScriptedTurn({
      mode: 'bypass',
      calls: [commandCall('ls /proc | grep -c "^[0-9]"')],
      prepare,
      started,
    })
    // The sandbox's own init, bash, ls and grep: none of the machine's processes.
    const output = result.results[0]?.output as { output: string }
    expect(Number(output.output.trim())).toBeLessThanOrEqual(4)
    expect(result.prompts).toEqual([])
  })
})

describe('bypass and remembered commands always run sandboxed', () => {
  it('bypass mode runs a write outside without asking, and the sandbox stops it', async () => {
    const result = await runScriptedTurn({
      mode: 'bypass',
      calls: [commandCall('echo x > /usr/parley-bypass-escape-$$; echo done')],
      prepare,
      started,
    })
    expect(result.prompts).toEqual([])
    expect(resultText(result.results[0])).toContain('Read-only file system')
  })

  it('a write outside that a person approved runs outside the sandbox, and is never remembered', async () => {
    const write = commandCall('echo x > ../outside/approved.txt')
    const result = await runScriptedTurn({
      mode: 'ask',
      calls: [write, write],
      prepare,
      answer: () => ({ decision: 'allow', remember: true }),
      started,
    })
    expect(result.prompts).toHaveLength(2)
    expect(result.prompts[0]?.parts?.[1]?.why).toBe(
      'writes outside the workspace (../outside/approved.txt); allowing it lets this command write outside the workspace',
    )
    expect(existsSync(join(outsideOf(result.rig), 'approved.txt'))).toBe(true)
  })
})

// Set up for class 6: L → a folder inside `outside`, so L/.. is `outside` itself.
function linkOut(rig: TestRig): void {
  mkdirSync(join(outsideOf(rig), 'deep'), { recursive: true })
  symlinkSync(join(outsideOf(rig), 'deep'), join(rig.workspace, 'L'))
}

describe('without a sandbox (an injected probe that finds none)', () => {
  const noSandbox = {
    platform: 'linux' as const,
    findProgram: () => null,
    trial: async () => ({ ok: false, output: '' }),
  }

  it('Remember repeats only the exact command line, and says so on the checkbox', async () => {
    const result = await runScriptedTurn({
      mode: 'ask',
      calls: ['echo hi', 'echo hi', 'echo other'].map(commandCall),
      prepare,
      options: { sandboxProbe: noSandbox },
      answer: (_prompt, i) =>
        i === 0 ? { decision: 'allow', remember: true } : { decision: 'deny', remember: false },
      started,
    })
    expect(result.prompts.map((p) => p.detail)).toEqual(['echo hi', 'echo other'])
    expect(result.prompts[0]?.rememberScope).toEqual(['this exact command `echo hi`'])
    expect(resultText(result.results[1])).toContain('"output":"hi\\n"')
  })

  it('says once, when a session opens and at start-up, that commands run unsandboxed', async () => {
    const result = await runScriptedTurn({
      mode: 'ask',
      calls: [],
      prepare,
      options: { sandboxProbe: noSandbox },
      started,
    })
    const sessions = await result.runtime.listSessions({})
    const sessionId = sessions[0]?.id ?? ''
    const opened = await result.runtime.openSession({ sessionId })
    const notice =
      'Commands run without a sandbox here (bubblewrap (bwrap) is not installed): they can reach anything you can, and "Remember" repeats only the exact command you approved.'
    expect(opened.ok && opened.notices.filter((n) => n.message === notice)).toHaveLength(1)
    expect(result.runtime.problems).toContain(notice)
  })
})
