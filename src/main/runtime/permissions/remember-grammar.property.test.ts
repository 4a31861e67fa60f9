import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import fc from 'fast-check'
import { beforeAll, describe, expect, it } from 'vitest'
import { reviewCommand } from '../tools/run-command-review'
import { PermissionEngine } from './permission-engine'
import { decide } from './permission-policy'
import type { RememberQuery } from './remembered-decisions'
import { loadBashGrammar } from '../tools/shell/bash-grammar'
import { presentReview } from './tool-intent'

/** What the one decision says of a command in ask mode, given this turn's remembered answers. */
function verdictOf(engine: PermissionEngine, review: RememberQuery): 'allow' | 'deny' | 'ask' {
  const decided = decide({
    tool: 'run_command',
    category: 'command',
    mode: 'ask',
    review,
    remembered: engine.turn('turn'),
  })
  if (decided.kind === 'allow' || decided.kind === 'deny') return decided.kind
  return 'ask'
}

/**
 * Command lines from a grammar of bash features, with a model of what each line does that is
 * independent of the parser: the generator knows where it hid a "payload" (a program never seen
 * before, named uniquely) and which commands carry an option that writes or runs code, or a
 * path outside the workspace. A remembered decision may cover only what was seen: never a
 * payload, and a risky command only when that exact command was approved with Remember before.
 */
interface Line {
  text: string
  /** The line runs a program hidden somewhere in it. */
  payload: boolean
  /** The commands (as written) whose options or paths leave what Remember may generalise. */
  risky: string[]
  /** Every simple command in it, as written (without its redirection). */
  commands: string[]
}

let payloads = 0
/** A program nobody has seen: each payload is new. */
const payload = fc.constant(null).map(() => `payload_${++payloads} x`)

/** Where bash runs a command hidden inside a word or a statement (`P` is the payload). */
const HIDING_PLACES: Array<(p: string) => string> = [
  (p) => `$(${p})`,
  (p) => `\`${p}\``,
  (p) => `"$(${p})"`,
  (p) => `<(${p})`,
  (p) => `>(${p})`,
  (p) => `\${X:=\`${p}\`}`,
  (p) => `\${X:-$(${p})}`,
  (p) => `$((a[$(${p})]))`,
  (p) => `{a,$(${p})}`,
  (p) => `pre$(${p})post`,
]
/** Statements that run a payload of their own. */
const HIDING_STATEMENTS: Array<(p: string) => string> = [
  (p) => `[[ 'a[$(${p})]' -eq 1 ]]`,
  (p) => `(( a[$(${p})] ))`,
  (p) => `X=$(${p})`,
  (p) => `X=$(${p}) echo hi`,
  (p) => `cat <<EOF\n$(${p})\nEOF`,
  (p) => `echo hi > "$(${p})"`,
  (p) => `f() { ${p}; }; f`,
  (p) => `if ${p}; then :; fi`,
  (p) => `for i in $(${p}); do :; done`,
  (p) => `case $(${p}) in *) ;; esac`,
]

const PROGRAMS = [
  'echo',
  'printf',
  'cat',
  'ls',
  'grep -r',
  'sort',
  'cp',
  'mv',
  'touch',
  'tee',
  'git diff',
  'git log',
  'git status',
  'npm test',
  'npm run build',
  'make all',
  'tar cf x.tar',
  'node app.js',
  'python3 gen.py',
]
const SAFE_ARGS = ['a.txt', 'sub/b.txt', 'sub', '.', '-n', '-r', 'word']
/** Options and paths that write elsewhere or run code: Remember generalises none of them. */
const RISKY_ARGS = [
  '-o /outside/o',
  '--output=/outside/o',
  '--output=out.txt',
  '-t /outside',
  '--target-directory=/outside',
  '--eval=x',
  '--checkpoint-action=exec=x',
  '-C /outside',
  '--prefix /outside',
  '/outside/f',
  '../outside/f',
  'L/../f',
  '~/.bashrc',
  'X=1',
  '--',
]

/** Commands whose options run code or write elsewhere, whatever follows them. */
const RISKY_COMMANDS = [
  'printf -v v',
  'node -e x',
  'rsync -e sh',
  'git -c alias.x=!sh x',
  'make --eval=x all',
  'npx node -e x',
  'git diff --output=/outside/o',
  'cp -t /outside',
  'sort -o /outside/o',
]

const argument = fc.oneof(
  fc.constantFrom(...SAFE_ARGS).map((text) => ({ text, risky: false, payload: false })),
  fc.constantFrom(...RISKY_ARGS).map((text) => ({ text, risky: true, payload: false })),
  fc
    .tuple(fc.constantFrom(...HIDING_PLACES), payload)
    .map(([hide, p]) => ({ text: hide(p), risky: false, payload: true })),
)

/** A simple command: a program, then arguments and options in any order. */
const simple: fc.Arbitrary<Line> = fc
  .tuple(
    fc.oneof(
      fc.constantFrom(...PROGRAMS).map((text) => ({ text, risky: false })),
      fc.constantFrom(...RISKY_COMMANDS).map((text) => ({ text, risky: true })),
    ),
    fc.array(argument, { maxLength: 4 }),
  )
  .map(([program, args]) => {
    const text = [program.text, ...args.map((a) => a.text)].join(' ')
    return {
      text,
      payload: args.some((a) => a.payload),
      risky: program.risky || args.some((a) => a.risky || a.payload) ? [text] : [],
      commands: [text],
    }
  })

const REDIRECTS = ['', ' > out.txt', ' >> sub/log.txt', ' 2>&1', ' > /outside/r', ' > L/../r']
const redirected: fc.Arbitrary<Line> = fc
  .tuple(simple, fc.constantFrom(...REDIRECTS))
  .map(([line, redirect]) => ({
    text: line.text + redirect,
    payload: line.payload,
    risky:
      redirect.includes('outside') || redirect.includes('L/')
        ? [...line.risky, line.text + redirect]
        : line.risky,
    commands: line.commands,
  }))

const statement: fc.Arbitrary<Line> = fc
  .tuple(fc.constantFrom(...HIDING_STATEMENTS), payload)
  .map(([hide, p]) => ({ text: hide(p), payload: true, risky: [], commands: [] }))

/** Plain commands that come back often, so what was remembered is tried against new company. */
const familiar: fc.Arbitrary<Line> = fc
  .constantFrom('echo hi', 'cat a.txt', 'git status', 'npm test', 'ls sub', 'echo hi > out.txt')
  .map((text) => ({
    text,
    payload: false,
    risky: [],
    commands: [text.replace(' > out.txt', '')],
  }))

const SEPARATORS = ['; ', ' && ', ' || ', ' | ', '\n']
const line: fc.Arbitrary<Line> = fc
  .array(
    fc.oneof(
      { weight: 3, arbitrary: familiar },
      { weight: 3, arbitrary: redirected },
      { weight: 2, arbitrary: statement },
    ),
    {
      minLength: 1,
      maxLength: 3,
    },
  )
  .chain((pieces) =>
    fc
      .array(fc.constantFrom(...SEPARATORS), {
        minLength: pieces.length - 1,
        maxLength: pieces.length - 1,
      })
      .map((separators) => ({
        text: pieces.map((p, i) => (i === 0 ? p.text : `${separators[i - 1]}${p.text}`)).join(''),
        payload: pieces.some((p) => p.payload),
        risky: pieces.flatMap((p) => p.risky),
        commands: pieces.flatMap((p) => p.commands),
      })),
  )

const workspace = mkdtempSync(join(tmpdir(), 'parley-grammar-'))
beforeAll(async () => {
  await loadBashGrammar()
  mkdirSync(join(workspace, 'sub'))
  writeFileSync(join(workspace, 'a.txt'), 'a\n')
  // L/.. is outside the workspace: the kernel follows L first.
  mkdirSync(join(workspace, '..', 'parley-grammar-outside', 'deep'), { recursive: true })
  symlinkSync(join(workspace, '..', 'parley-grammar-outside', 'deep'), join(workspace, 'L'))
})

describe.each([
  { sandboxed: true, where: 'commands run in a sandbox' },
  { sandboxed: false, where: 'there is no sandbox' },
])('where $where, a remembered decision never covers an unseen part', ({ sandboxed }) => {
  it('holds for lines of every bash feature, each approved with Remember, one after another', () => {
    fc.assert(
      fc.property(fc.array(line, { minLength: 2, maxLength: 8 }), (turn) => {
        const engine = new PermissionEngine()
        /** The commands of the lines approved with Remember so far, as written. */
        const approved = new Set<string>()
        for (const current of turn) {
          const review = reviewCommand(current.text, { workspace, sandboxed })
          const verdict = verdictOf(engine, review)
          if (verdict === 'allow') {
            expect(current.payload).toBe(false)
            for (const command of current.risky) expect(approved.has(command)).toBe(true)
            continue
          }
          const intent = presentReview('run_command', review)
          engine.remember('turn', intent.rememberKeys, 'allow')
          if (intent.rememberKeys.length > 0)
            for (const command of current.commands) approved.add(command)
        }
      }),
      { numRuns: 250 },
    )
  }, 60_000)
})
