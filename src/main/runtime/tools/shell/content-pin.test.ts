import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { TestRig, TestRuntime } from '../../testing/runtime-test-kit'
import { commandCall, resultText, runScriptedTurn } from '../../testing/scripted-turn'

/**
 * Issue 31, item 3 (and the lead's item 7 of this brief): a remembered `node build.js` covers a
 * later one only while build.js is unchanged, where commands run without a sandbox. Real bash,
 * the runtime with a probe that finds no sandbox.
 */

const started: TestRuntime[] = []
afterEach(async () => {
  await Promise.all(started.splice(0).map((r) => r.close()))
})

const noSandbox = {
  platform: 'linux' as const,
  findProgram: () => null,
  trial: async () => ({ ok: false, output: '' }),
}

const CASES = [
  {
    command: 'node build.js',
    files: { 'build.js': 'console.log("built")' },
    rewrite: { 'build.js': 'console.log("LEAKED", process.env.HOME)' },
    label: 'this exact command `node build.js` while `build.js` is unchanged',
  },
  {
    command: 'python3 gen.py',
    files: { 'gen.py': 'print("generated")' },
    rewrite: { 'gen.py': 'print("LEAKED")' },
    label: 'this exact command `python3 gen.py` while `gen.py` is unchanged',
  },
  {
    command: 'make all',
    files: { Makefile: 'all:\n\t@echo made\n' },
    rewrite: { Makefile: 'all:\n\t@echo LEAKED\n' },
    label: 'this exact command `make all` while `Makefile` is unchanged',
  },
  {
    command: 'npm run x',
    files: { 'package.json': JSON.stringify({ name: 'w', scripts: { x: 'echo ran' } }) },
    rewrite: { 'package.json': JSON.stringify({ name: 'w', scripts: { x: 'echo LEAKED' } }) },
    label: 'this exact command `npm run x` while `package.json` is unchanged',
  },
]

describe('without a sandbox, Remember binds a code runner to the content of what it runs', () => {
  it.each(CASES)(
    '`$command` is covered while its files are unchanged, and asked again once they changed',
    async ({ command, files, rewrite, label }) => {
      const write = (rig: TestRig, content: Record<string, string>) => {
        for (const [path, text] of Object.entries(content))
          writeFileSync(join(rig.workspace, path), text)
      }
      const result = await runScriptedTurn({
        mode: 'execute',
        calls: [
          commandCall(command),
          commandCall(command),
          ...Object.entries(rewrite).map(([path, content]) => ({
            tool: 'write_file',
            input: { path, content },
          })),
          commandCall(command),
        ],
        prepare: (rig) => write(rig, files),
        options: { sandboxProbe: noSandbox },
        answer: (_prompt, i) =>
          i === 0 ? { decision: 'allow', remember: true } : { decision: 'deny', remember: false },
        started,
      })
      // Asked first, covered while unchanged, the rewrite made without a prompt (execute mode),
      // then asked again: the rewritten code never ran unanswered.
      expect(result.prompts.map((p) => p.detail)).toEqual([command, command])
      expect(result.prompts[0]?.rememberScope).toEqual([label])
      expect(resultText(result.results[1])).not.toContain('LEAKED')
      expect(resultText(result.results[1])).toContain('"exitCode":0')
      expect(resultText(result.results.at(-1))).not.toContain('LEAKED')
    },
    30_000,
  )
})
