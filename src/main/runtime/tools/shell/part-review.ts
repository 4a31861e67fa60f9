import { basename } from 'node:path'
import type { Risk } from '../../../../shared/permission'
import { highestRisk } from '../../../../shared/risk-order'
import type { SandboxExit } from '../../sandbox/sandbox-policy'
import type { ReviewPart } from '../tool-types'
import { commandScope, type RememberScope } from './remember-scope'
import {
  CONNECTS,
  HIGH_RISK_PROGRAMS,
  HIGH_RISK_SUBCOMMANDS,
  INLINE_CODE_FLAGS,
  isPython,
  NETWORK_SUBCOMMANDS,
  PROGRAM_AS_ARGUMENT,
  RUNS_ANOTHER_COMMAND,
  RUNS_TEXT_AS_CODE,
  WRITES_ALL_ARGS,
  WRITES_LAST_ARG,
} from './program-kinds'
import {
  placeOf,
  touchesCredentials,
  workspaceWriteRisk,
  writeKey,
  type LineFacts,
} from './path-risk'
import {
  ASSIGNMENT_WHY,
  isOption,
  judgeAssignments,
  judgeFolderChange,
  judgeLink,
  judgeSubcommand,
  uploads,
  wrappedCommand,
  type CommandVerdict,
} from './program-judges'
import { parseCommandLine, type ShellPart, type ShellWord } from './command-parts'

/** Longer labels and reasons are not shown in full, so such a part is never remembered. */
const MAX_LABEL = 500

/** How the prompt names what a part needs beyond the sandbox, and what allowing it does. */
function exitWhy(why: string, exits: readonly SandboxExit[], facts: LineFacts): string {
  // A reason from code run as text (`sh -c '…'`) already says it.
  if (why.startsWith('needs network: ') || why.includes('; allowing it lets')) return why
  if (exits.includes('network')) return `needs network: ${why}`
  if (!facts.sandboxed || exits.length === 0) return why
  return exits.includes('credentials')
    ? `${why}; allowing it lets this command see your credential files`
    : `${why}; allowing it lets this command write outside the workspace`
}

function part(
  text: string,
  risk: Risk,
  why: string | undefined,
  scope: RememberScope | null,
  exits: readonly SandboxExit[] = [],
  facts?: LineFacts,
): ReviewPart {
  // A high-risk part, or one that leaves the sandbox, is never remembered.
  const rememberable =
    scope !== null && risk !== 'high' && exits.length === 0 && scope.label.length <= MAX_LABEL
  const said = why !== undefined && facts ? exitWhy(why, exits, facts) : why
  return {
    text,
    risk,
    ...(said !== undefined
      ? { why: said.length > MAX_LABEL ? `${said.slice(0, MAX_LABEL)}…` : said }
      : {}),
    key: rememberable ? scope.key : null,
    label: rememberable ? scope.label : text,
    ...(exits.length > 0 ? { exits: [...exits] } : {}),
  }
}

function reviewWrite(text: string, target: ShellWord, facts: LineFacts): ReviewPart | null {
  if (touchesCredentials(target, facts))
    return part(text, 'high', 'writes to credentials', null, ['credentials', 'writeOutside'], facts)
  const place = placeOf(target, facts)
  switch (place.kind) {
    case 'discard':
      return null
    case 'network':
      return part(
        text,
        'high',
        'opens a network connection (can send data out)',
        null,
        ['network'],
        facts,
      )
    case 'outside':
      return part(
        text,
        'high',
        `writes outside the workspace (${place.shown})`,
        null,
        ['writeOutside'],
        facts,
      )
    case 'unknown':
      return part(text, 'medium', 'writes to a path only known when it runs', null)
    case 'inside': {
      const { risk, why } = workspaceWriteRisk(place.shown)
      const through = place.through ? ` (through the link ${place.through})` : ''
      return part(text, risk, why ?? (through ? `writes ${place.shown}${through}` : undefined), {
        key: writeKey(place.shown),
        label: place.shown,
      })
    }
  }
}

/** The verdict on a simple command's words alone (its redirections are parts of their own). */
function judgeCommand(words: readonly ShellWord[], facts: LineFacts, depth = 0): CommandVerdict {
  const [program, ...args] = words
  if (!program || program.value === null || /[\s$`]/.test(program.value))
    return {
      risk: 'high',
      why: 'runs a program whose name is only known when it runs',
      remember: false,
    }
  const name = basename(program.value)
  const credentials = words.some((word) => touchesCredentials(word, facts))
  const verdict = judgeProgram(program.value, name, args, facts, depth)
  if (credentials)
    return {
      ...verdict,
      risk: 'high',
      why: "touches credentials or another process's secrets",
      remember: false,
      exits: [...(verdict.exits ?? []), 'credentials'],
    }
  return verdict
}

function judgeProgram(
  program: string,
  name: string,
  args: readonly ShellWord[],
  facts: LineFacts,
  depth: number,
): CommandVerdict {
  const high = HIGH_RISK_PROGRAMS.get(name)
  if (RUNS_ANOTHER_COMMAND.has(name)) {
    if (name === 'env' && args.length === 0) return { risk: 'medium', remember: true }
    const inner = wrappedCommand(args)
    const innerVerdict =
      inner.length > 0 && depth < 5 ? judgeCommand(inner, facts, depth + 1) : undefined
    const risk = highestRisk([high ? 'high' : 'medium', innerVerdict?.risk ?? 'medium'])
    return {
      risk,
      why: high ?? innerVerdict?.why ?? 'runs another command given as its arguments',
      remember: false,
      exits: innerVerdict?.exits ?? [],
    }
  }
  if (high)
    return {
      risk: 'high',
      why: high,
      remember: false,
      ...(CONNECTS.has(name) ? { exits: ['network' as const] } : {}),
    }
  if (name.startsWith('mkfs')) return { risk: 'high', why: 'writes to disks', remember: false }
  if (RUNS_TEXT_AS_CODE.has(name)) {
    const text = name === 'eval' ? joinedValues(args) : null
    return (
      judgeShellText(text, facts, depth) ??
      codeRunner(facts, 'runs code given as text (never remembered)')
    )
  }
  if (name === 'find') return judgeFind(program, args, facts, depth)
  if (name === 'curl' || name === 'wget') {
    if (uploads(name, args))
      return {
        risk: 'high',
        why: 'sends a file or data over the network',
        remember: false,
        exits: ['network'],
      }
    const output = args.findIndex((word) =>
      /^(-o|--output|-O|--output-document)$/.test(word.value ?? ''),
    )
    const target = output === -1 ? undefined : args[output + 1]
    const place = target ? placeOf(target, facts) : undefined
    if (place?.kind === 'outside')
      return {
        risk: 'high',
        why: `downloads to outside the workspace (${place.shown})`,
        remember: false,
        exits: ['network', 'writeOutside'],
      }
    return { risk: 'medium', why: `${name} reaches a URL`, remember: false, exits: ['network'] }
  }
  if (name === 'cd' || name === 'pushd' || name === 'popd')
    return judgeFolderChange(program, args, facts)
  if (WRITES_ALL_ARGS.has(name) || WRITES_LAST_ARG.has(name)) {
    const paths = args.filter((word) => !isOption(word))
    const written = WRITES_ALL_ARGS.has(name) ? paths : paths.slice(-1)
    for (const target of written) {
      const place = placeOf(target, facts)
      if (place.kind === 'outside' || place.kind === 'network')
        return {
          risk: 'high',
          why: `writes outside the workspace (${target.value ?? target.text})`,
          remember: false,
          exits: ['writeOutside'],
        }
      const inside = place.kind === 'inside' ? workspaceWriteRisk(place.shown) : undefined
      if (inside?.risk === 'high') return { ...inside, remember: false }
    }
    return name === 'ln' ? judgeLink(args, facts) : { risk: 'medium', remember: true }
  }
  const inline = INLINE_CODE_FLAGS.get(name)
  if (inline !== undefined || isPython(name))
    return judgeInterpreter(program, name, args, inline ?? ['-c'], facts, depth)
  if (PROGRAM_AS_ARGUMENT.has(name)) {
    const fromFile = args.some((word) => word.value === '-f' || word.value === '--file')
    return fromFile
      ? { risk: 'medium', remember: true }
      : codeRunner(facts, `runs the ${name} program given as its argument (never remembered)`)
  }
  if (HIGH_RISK_SUBCOMMANDS.has(name) || NETWORK_SUBCOMMANDS.has(name))
    return judgeSubcommand(name, args)
  return { risk: 'medium', remember: true }
}

/** Code from text, a pipe or a substitution: never remembered; high when a download can feed it. */
function codeRunner(facts: LineFacts, why: string): CommandVerdict {
  return facts.downloads
    ? { risk: 'high', why: 'may run code downloaded from the network', remember: false }
    : { risk: 'medium', why, remember: false }
}

const SHELLS = new Set(['sh', 'bash', 'zsh', 'dash', 'ksh', 'mksh'])
/** How deep shell code given as text (`sh -c "bash -c '…'"`) is looked into. */
const MAX_TEXT_DEPTH = 3

function joinedValues(words: readonly ShellWord[]): string | null {
  const values = words.map((word) => word.value)
  return values.every((value): value is string => value !== null) ? values.join(' ') : null
}

/**
 * Shell code given as text (`sh -c '…'`, `eval …`) is never remembered, but its risk is its own
 * parts' risk: `bash -c "rm -rf ~"` is as high as `rm -rf ~`.
 */
function judgeShellText(
  code: string | null,
  facts: LineFacts,
  depth: number,
): CommandVerdict | undefined {
  if (code === null || depth >= MAX_TEXT_DEPTH) return undefined
  const line = parseCommandLine(code)
  if (line.kind === 'unparseable') return { risk: 'high', why: line.reason, remember: false }
  const own = lineFacts(line.parts, facts)
  const inner: LineFacts = {
    ...facts,
    downloads: facts.downloads || own.downloads,
    changesFolder: facts.changesFolder || own.changesFolder,
  }
  const parts = line.parts.flatMap((part) => reviewShellPart(part, inner, depth + 1) ?? [])
  // What the code needs beyond the sandbox is what the command needs: approving it grants that.
  const exits = [...new Set(parts.flatMap((part) => part.exits ?? []))]
  const worst = parts.find((part) => part.risk === 'high') ?? parts.find((part) => part.exits)
  return worst
    ? {
        risk: highestRisk(parts.map((part) => part.risk)),
        why: `${worst.why ?? 'high risk'} (in the code it runs: ${worst.text.slice(0, 80)})`,
        remember: false,
        exits,
      }
    : undefined
}

function judgeInterpreter(
  program: string,
  name: string,
  args: readonly ShellWord[],
  inlineFlags: readonly string[],
  facts: LineFacts,
  depth: number,
): CommandVerdict {
  const script = args[0]
  const inlineAt = args.findIndex((word) => {
    const value = word.value ?? ''
    // `-c`, and clusters such as `-lc` or `-xc` for the shells.
    return (
      inlineFlags.includes(value.toLowerCase()) ||
      (inlineFlags.includes('-c') && /^-[a-zA-Z]*c[a-zA-Z]*$/.test(value))
    )
  })
  if (inlineAt !== -1) {
    const code = SHELLS.has(name) ? (args[inlineAt + 1]?.value ?? null) : null
    return (
      judgeShellText(code, facts, depth) ??
      codeRunner(facts, 'runs code given inline (never remembered)')
    )
  }
  if (script === undefined || script.value === '-' || script.value === '-s')
    return codeRunner(facts, 'runs code read from its input (never remembered)')
  if (isOption(script) || script.value === null)
    return codeRunner(facts, 'options before its script (never remembered)')
  // `python3 -m http.server` is a module run: remembered as such.
  return { risk: 'medium', remember: true }
}

function judgeFind(
  program: string,
  args: readonly ShellWord[],
  facts: LineFacts,
  depth: number,
): CommandVerdict {
  const values = args.map((word) => word.value ?? '')
  if (values.includes('-delete')) return { risk: 'high', why: 'deletes files', remember: false }
  const exec = values.findIndex((v) => /^-(exec|execdir|ok|okdir)$/.test(v))
  if (exec !== -1) {
    const inner = depth < 5 ? judgeCommand(args.slice(exec + 1), facts, depth + 1) : undefined
    return {
      risk: highestRisk(['medium', inner?.risk ?? 'medium']),
      why: inner?.why ?? 'runs a command for each file found',
      remember: false,
    }
  }
  if (values.some((v) => /^-f(print|print0|printf|ls)$/.test(v)))
    return { risk: 'medium', why: 'writes its list to a file', remember: false }
  return { risk: 'medium', remember: true }
}

/** One part of a command line, judged on its own: risk, why, and what Remember would cover. */
export function reviewShellPart(
  shellPart: ShellPart,
  facts: LineFacts,
  depth = 0,
): ReviewPart | null {
  switch (shellPart.kind) {
    case 'write':
      return reviewWrite(shellPart.text, shellPart.target, facts)
    case 'read':
      return touchesCredentials(shellPart.target, facts)
        ? part(shellPart.text, 'high', 'reads credentials', null, ['credentials'], facts)
        : null
    case 'opaque':
      return part(
        shellPart.text,
        'medium',
        `uses shell syntax whose effects Parley cannot take apart (${shellPart.syntax.replace(/_/g, ' ')}); never remembered`,
        null,
      )
    case 'variables': {
      const startup = judgeAssignments(shellPart.names.map((name) => ({ name, text: name })))
      return part(shellPart.text, startup?.risk ?? 'low', startup?.why ?? ASSIGNMENT_WHY, null)
    }
    case 'command': {
      const verdict =
        judgeAssignments(shellPart.assignments) ?? judgeCommand(shellPart.words, facts, depth)
      // A word only known when it runs (an expansion, a glob) is never repeated unseen.
      const values = shellPart.words.map((word) => word.value)
      const literal = values.every((value): value is string => value !== null)
      const scope =
        verdict.remember && literal
          ? commandScope({
              assignments: shellPart.assignments.map((a) => a.text),
              values,
              text: shellPart.text,
              workspace: facts.workspace,
              sandboxed: facts.sandboxed,
              changesFolder: facts.changesFolder,
            })
          : null
      return part(shellPart.text, verdict.risk, verdict.why, scope, verdict.exits ?? [], facts)
    }
  }
}

/** The facts about a whole command line that the review of each part needs. */
export function lineFacts(
  parts: readonly ShellPart[],
  { workspace, sandboxed, dataDir }: Pick<LineFacts, 'workspace' | 'sandboxed' | 'dataDir'>,
): LineFacts {
  const programs = parts.flatMap((p) =>
    p.kind === 'command' && p.words[0]?.value ? [basename(p.words[0].value)] : [],
  )
  return {
    workspace,
    sandboxed,
    dataDir,
    downloads: programs.some((name) => name === 'curl' || name === 'wget'),
    changesFolder: programs.some((name) => name === 'cd' || name === 'pushd' || name === 'popd'),
  }
}
