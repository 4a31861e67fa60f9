import { basename } from 'node:path'
import type { Risk } from '../../../../shared/permission'
import type { ReviewPart } from '../../tools/tool-types'
import { ToolError } from '../../tools/tool-types'
import { locateInWorkspace } from '../../tools/workspace-paths'
import {
  parseCommandLine,
  type ShellAssignment,
  type ShellPart,
  type ShellWord,
} from './command-parts'

/** What the review of one part knows about the whole command line. */
export interface LineFacts {
  workspace: string
  /** Some part downloads (curl, wget): code read from a pipe or a substitution may come from it. */
  downloads: boolean
  /** Some part changes folder (cd, pushd, popd): relative paths cannot be placed before it runs. */
  changesFolder: boolean
}

/** Keys of remembered decisions: a command's program (+ subcommand), or a written path. */
export const commandKey = (label: string): string => `run:${label}`
export const writeKey = (shown: string): string => `write:${shown}`

const RISK_ORDER: Record<Risk, number> = { low: 0, medium: 1, high: 2 }

export function highestRisk(risks: Iterable<Risk>): Risk {
  let highest: Risk = 'low'
  for (const risk of risks) if (RISK_ORDER[risk] > RISK_ORDER[highest]) highest = risk
  return highest
}

const HIGH_RISK_PROGRAMS = new Map<string, string>([
  ...['rm', 'shred', 'srm', 'unlink'].map((p): [string, string] => [p, 'deletes files']),
  ...['dd', 'fdisk', 'sfdisk', 'parted', 'wipefs', 'mkswap'].map((p): [string, string] => [
    p,
    'writes to disks',
  ]),
  ['truncate', 'empties files'],
  ...['kill', 'pkill', 'killall'].map((p): [string, string] => [p, 'stops processes']),
  ...['reboot', 'shutdown', 'halt', 'poweroff'].map((p): [string, string] => [
    p,
    'restarts or stops the machine',
  ]),
  ...['chmod', 'chown', 'chgrp', 'chattr', 'setfacl'].map((p): [string, string] => [
    p,
    'changes who may read, write or run files',
  ]),
  ['crontab', 'schedules commands'],
  ...['sudo', 'doas', 'su', 'pkexec', 'runas'].map((p): [string, string] => [
    p,
    'runs as another user',
  ]),
  ...['nc', 'ncat', 'netcat', 'socat', 'telnet', 'ssh', 'scp', 'sftp', 'ftp'].map(
    (p): [string, string] => [p, 'connects to another machine (can send data out)'],
  ),
  ['alias', 'redefines commands, so later parts may not do what they say'],
])

/** Programs that run another command given as their arguments: never remembered. */
const RUNS_ANOTHER_COMMAND = new Set([
  'env',
  'command',
  'builtin',
  'exec',
  'nohup',
  'nice',
  'timeout',
  'time',
  'watch',
  'stdbuf',
  'setsid',
  'ionice',
  'chroot',
  'flock',
  'strace',
  'ltrace',
  'unbuffer',
  'xargs',
  'parallel',
  'busybox',
  'sudo',
  'doas',
  'su',
  'pkexec',
  'caffeinate',
  'systemd-run',
  'script',
  'firejail',
])

/** Builtins that run text as code: never remembered. */
const RUNS_TEXT_AS_CODE = new Set(['eval', 'source', '.', 'trap'])

/** How an interpreter is handed code inline (instead of a script file). */
const INLINE_CODE_FLAGS: ReadonlyMap<string, readonly string[]> = new Map([
  ...['sh', 'bash', 'zsh', 'dash', 'ksh', 'mksh', 'fish', 'csh', 'tcsh'].map(
    (p): [string, string[]] => [p, ['-c']],
  ),
  ...['node', 'nodejs'].map((p): [string, string[]] => [p, ['-e', '--eval', '-p', '--print']]),
  ...['perl'].map((p): [string, string[]] => [p, ['-e', '-E']]),
  ...['ruby', 'lua', 'luajit', 'Rscript', 'osascript'].map((p): [string, string[]] => [p, ['-e']]),
  ['php', ['-r']],
  ...['pwsh', 'powershell'].map((p): [string, string[]] => [
    p,
    ['-c', '-command', '-encodedcommand', '-e', '-ec'],
  ]),
  ['tclsh', []],
])

const isPython = (name: string): boolean => /^(python[\d.]*|pypy[\d.]*)$/.test(name)

/** Programs whose first argument is a program in their own language (awk, sed). */
const PROGRAM_AS_ARGUMENT = new Set(['awk', 'gawk', 'mawk', 'nawk', 'sed', 'gsed', 'perl'])

/** Programs whose first word is a subcommand that changes what they do (`git push` vs `git status`). */
const SUBCOMMAND_PROGRAMS = new Set([
  'npm',
  'npx',
  'pnpm',
  'yarn',
  'bun',
  'deno',
  'git',
  'cargo',
  'go',
  'docker',
  'kubectl',
  'pip',
  'pip3',
  'poetry',
  'uv',
  'dotnet',
  'gradle',
  'mvn',
  'make',
  'brew',
  'apt',
  'apt-get',
  'systemctl',
])

/** Package managers whose `run`/`exec` subcommand is only meaningful with the script it runs. */
const SCRIPT_RUNNERS = new Set(['npm', 'pnpm', 'yarn', 'bun'])
const RUN_SUBCOMMANDS = new Set(['run', 'run-script', 'exec', 'x', 'dlx'])

const HIGH_RISK_SUBCOMMANDS: ReadonlyMap<string, ReadonlyMap<string, string>> = new Map([
  [
    'git',
    new Map([
      ['push', 'publishes to a remote'],
      ['reset', 'can discard changes'],
      ['clean', 'deletes untracked files'],
      ['filter-branch', 'rewrites history'],
    ]),
  ],
  ['deno', new Map([['eval', 'runs code given as text']])],
])

/** Programs that write to the paths they are given. */
const WRITES_ALL_ARGS = new Set(['tee', 'touch', 'mkdir'])
const WRITES_LAST_ARG = new Set(['cp', 'mv', 'ln', 'install', 'rsync'])

/** Variables that change how programs start or which program runs. */
const STARTUP_VARIABLES =
  /^(PATH|LD_\w+|DYLD_\w+|NODE_OPTIONS|NODE_PATH|BASH_ENV|ENV|SHELLOPTS|BASHOPTS|PS4|IFS|PROMPT_COMMAND|PYTHONSTARTUP|PYTHONPATH|PERL5OPT|PERL5LIB|RUBYOPT|GIT_SSH|GIT_SSH_COMMAND|GIT_EXEC_PATH|GIT_CONFIG\w*|EDITOR|VISUAL|PAGER|GIT_PAGER)$/

/** Paths that hold credentials: reading or writing them is always high risk. */
const CREDENTIALS =
  /(^|[/~])(\.ssh|\.gnupg|\.aws|\.azure|\.kube|\.docker|\.netrc|\.git-credentials|\.npmrc|\.pypirc|\.config\/gh|\.config\/gcloud)(\/|$)|(^|\/)id_(rsa|dsa|ecdsa|ed25519)\b|\/etc\/(shadow|gshadow|sudoers)/

/** A substitution inside the word is a part of its own and is judged there. */
function touchesCredentials(word: ShellWord): boolean {
  return CREDENTIALS.test(word.ownText) || (word.value !== null && CREDENTIALS.test(word.value))
}

/** Where a path a part writes to lands. */
type Place =
  | { kind: 'inside'; shown: string; through: string | null }
  | { kind: 'outside'; shown: string }
  | { kind: 'discard' }
  | { kind: 'network' }
  | { kind: 'unknown'; shown: string }

const DISCARD = new Set(['/dev/null', '/dev/stdout', '/dev/stderr', '/dev/tty'])

function placeOf(word: ShellWord, facts: LineFacts): Place {
  const home = /^(~|\$HOME\b|\$\{HOME\})/
  if (word.value === null)
    return home.test(word.text)
      ? { kind: 'outside', shown: word.text }
      : { kind: 'unknown', shown: word.text }
  const path = word.value
  if (DISCARD.has(path) || /^\/dev\/fd\/\d+$/.test(path)) return { kind: 'discard' }
  if (/^\/dev\/(tcp|udp)\//.test(path)) return { kind: 'network' }
  if (home.test(path)) return { kind: 'outside', shown: path }
  if (facts.changesFolder && !path.startsWith('/')) return { kind: 'unknown', shown: path }
  try {
    const located = locateInWorkspace(facts.workspace, path)
    return { kind: 'inside', shown: located.shown, through: located.through }
  } catch (error) {
    if (error instanceof ToolError) return { kind: 'outside', shown: path }
    throw error
  }
}

/** The risk of writing to a path inside the workspace (`.git` holds hooks and config that run). */
export function workspaceWriteRisk(shown: string): { risk: Risk; why?: string } {
  return shown === '.git' || shown.startsWith('.git/')
    ? { risk: 'high', why: 'writes inside .git, whose hooks and config run commands' }
    : { risk: 'medium' }
}

/** Longer labels and reasons are not shown in full, so such a part is never remembered. */
const MAX_LABEL = 500

function part(
  text: string,
  risk: Risk,
  why: string | undefined,
  remember: string | null,
  key: (label: string) => string = commandKey,
): ReviewPart {
  // A high-risk part is never remembered, whatever else is true of it.
  const rememberable = remember !== null && risk !== 'high' && remember.length <= MAX_LABEL
  return {
    text,
    risk,
    ...(why !== undefined
      ? { why: why.length > MAX_LABEL ? `${why.slice(0, MAX_LABEL)}…` : why }
      : {}),
    key: rememberable ? key(remember) : null,
    label: remember ?? text,
  }
}

function reviewWrite(text: string, target: ShellWord, facts: LineFacts): ReviewPart | null {
  if (touchesCredentials(target)) return part(text, 'high', 'writes to credentials', null)
  const place = placeOf(target, facts)
  switch (place.kind) {
    case 'discard':
      return null
    case 'network':
      return part(text, 'high', 'opens a network connection (can send data out)', null)
    case 'outside':
      return part(text, 'high', `writes outside the workspace (${place.shown})`, null)
    case 'unknown':
      return part(text, 'medium', 'writes to a path only known when it runs', null)
    case 'inside': {
      const { risk, why } = workspaceWriteRisk(place.shown)
      const through = place.through ? ` (through the link ${place.through})` : ''
      return part(
        text,
        risk,
        why ?? (through ? `writes ${place.shown}${through}` : undefined),
        place.shown,
        writeKey,
      )
    }
  }
}

const isOption = (word: ShellWord): boolean => word.value === null || word.value.startsWith('-')

/** The first word of the command a wrapper (`env`, `timeout 5`, `nice -n 5`, `xargs`) runs. */
function wrappedCommand(args: readonly ShellWord[]): ShellWord[] {
  const start = args.findIndex(
    (word) =>
      word.value !== null &&
      !word.value.startsWith('-') &&
      !word.value.includes('=') &&
      !/^[\d.]+[smhd]?$/.test(word.value),
  )
  return start === -1 ? [] : args.slice(start)
}

/** Upload options of curl and wget: they send a file (or stdin) somewhere. */
function uploads(name: string, args: readonly ShellWord[]): boolean {
  const values = args.map((word) => word.value ?? word.text)
  if (name === 'wget')
    return values.some((v) => /^--(post|body)-file\b/.test(v) || v === '--method=PUT')
  if (name !== 'curl') return false
  return values.some((value, i) => {
    const next = values[i + 1] ?? ''
    if (/^(-d|--data|--data-binary|--data-urlencode|--json)$/.test(value)) return next.includes('@')
    if (/^(-d|--data(-binary|-urlencode)?=|--json=)/.test(value)) return value.includes('@')
    if (/^(-F|--form)$/.test(value)) return /=[@<]/.test(next)
    if (/^(-F|--form=)/.test(value)) return /=[@<]/.test(value)
    return /^(-T|--upload-file)/.test(value)
  })
}

interface CommandVerdict {
  risk: Risk
  why?: string
  /** What Remember would cover ("npm test"), or null with the reason it never is. */
  remember: string | null
  notRemembered?: string
}

/** The verdict on a simple command's words alone (its redirections are parts of their own). */
function judgeCommand(words: readonly ShellWord[], facts: LineFacts, depth = 0): CommandVerdict {
  const [program, ...args] = words
  if (!program || program.value === null || /[\s$`]/.test(program.value))
    return {
      risk: 'high',
      why: 'runs a program whose name is only known when it runs',
      remember: null,
    }
  const name = basename(program.value)
  const credentials = words.some(touchesCredentials)
  const verdict = judgeProgram(program.value, name, args, facts, depth)
  if (credentials) return { ...verdict, risk: 'high', why: 'touches credentials' }
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
    if (name === 'env' && args.length === 0) return { risk: 'medium', remember: program }
    const inner = wrappedCommand(args)
    const innerVerdict =
      inner.length > 0 && depth < 5 ? judgeCommand(inner, facts, depth + 1) : undefined
    const risk = highestRisk([high ? 'high' : 'medium', innerVerdict?.risk ?? 'medium'])
    return {
      risk,
      why: high ?? innerVerdict?.why ?? 'runs another command given as its arguments',
      remember: null,
    }
  }
  if (high) return { risk: 'high', why: high, remember: null }
  if (name.startsWith('mkfs')) return { risk: 'high', why: 'writes to disks', remember: null }
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
      return { risk: 'high', why: 'sends a file or data over the network', remember: null }
    const output = args.findIndex((word) =>
      /^(-o|--output|-O|--output-document)$/.test(word.value ?? ''),
    )
    const target = output === -1 ? undefined : args[output + 1]
    const place = target ? placeOf(target, facts) : undefined
    if (place?.kind === 'outside')
      return { risk: 'high', why: `writes outside the workspace (${place.shown})`, remember: null }
    return { risk: 'medium', why: 'uses the network', remember: program }
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
          remember: null,
        }
      const inside = place.kind === 'inside' ? workspaceWriteRisk(place.shown) : undefined
      if (inside?.risk === 'high') return { ...inside, remember: null }
    }
    return { risk: 'medium', remember: program }
  }
  const inline = INLINE_CODE_FLAGS.get(name)
  if (inline !== undefined || isPython(name))
    return judgeInterpreter(program, name, args, inline ?? ['-c'], facts, depth)
  if (PROGRAM_AS_ARGUMENT.has(name)) {
    const fromFile = args.some((word) => word.value === '-f' || word.value === '--file')
    return fromFile
      ? { risk: 'medium', remember: null, notRemembered: 'runs a program file' }
      : codeRunner(facts, `runs the ${name} program given as its argument (never remembered)`)
  }
  if (SUBCOMMAND_PROGRAMS.has(name)) return judgeSubcommand(program, name, args)
  return { risk: 'medium', remember: program }
}

/** Code from text, a pipe or a substitution: never remembered; high when a download can feed it. */
function codeRunner(facts: LineFacts, why: string): CommandVerdict {
  return facts.downloads
    ? { risk: 'high', why: 'may run code downloaded from the network', remember: null }
    : { risk: 'medium', why, remember: null }
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
  if (line.kind === 'unparseable') return { risk: 'high', why: line.reason, remember: null }
  const own = lineFacts(line.parts, facts.workspace)
  const inner: LineFacts = {
    workspace: facts.workspace,
    downloads: facts.downloads || own.downloads,
    changesFolder: facts.changesFolder || own.changesFolder,
  }
  const worst = line.parts
    .flatMap((part) => reviewShellPart(part, inner, depth + 1) ?? [])
    .find((part) => part.risk === 'high')
  return worst
    ? {
        risk: 'high',
        why: `${worst.why ?? 'high risk'} (in the code it runs: ${worst.text.slice(0, 80)})`,
        remember: null,
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
  return { risk: 'medium', remember: `${program} ${script.value}` }
}

function judgeSubcommand(
  program: string,
  name: string,
  args: readonly ShellWord[],
): CommandVerdict {
  const [sub, next] = args
  if (sub === undefined) return { risk: 'medium', remember: program }
  if (sub.value === null || !/^[A-Za-z][\w:.-]*$/.test(sub.value))
    return { risk: 'medium', remember: null, notRemembered: 'options before its subcommand' }
  const high = HIGH_RISK_SUBCOMMANDS.get(name)?.get(sub.value)
  if (high) return { risk: 'high', why: high, remember: null }
  if (SCRIPT_RUNNERS.has(name) && RUN_SUBCOMMANDS.has(sub.value)) {
    if (next === undefined) return { risk: 'medium', remember: `${program} ${sub.value}` }
    if (next.value === null || next.value.startsWith('-'))
      return { risk: 'medium', remember: null, notRemembered: 'options before its script' }
    return { risk: 'medium', remember: `${program} ${sub.value} ${next.value}` }
  }
  return { risk: 'medium', remember: `${program} ${sub.value}` }
}

function judgeFind(
  program: string,
  args: readonly ShellWord[],
  facts: LineFacts,
  depth: number,
): CommandVerdict {
  const values = args.map((word) => word.value ?? '')
  if (values.includes('-delete')) return { risk: 'high', why: 'deletes files', remember: null }
  const exec = values.findIndex((v) => /^-(exec|execdir|ok|okdir)$/.test(v))
  if (exec !== -1) {
    const inner = depth < 5 ? judgeCommand(args.slice(exec + 1), facts, depth + 1) : undefined
    return {
      risk: highestRisk(['medium', inner?.risk ?? 'medium']),
      why: inner?.why ?? 'runs a command for each file found',
      remember: null,
    }
  }
  if (values.some((v) => /^-f(print|print0|printf|ls)$/.test(v)))
    return { risk: 'medium', why: 'writes its list to a file', remember: null }
  return { risk: 'medium', remember: program }
}

function judgeFolderChange(
  program: string,
  args: readonly ShellWord[],
  facts: LineFacts,
): CommandVerdict {
  const target = args.find((word) => !isOption(word))
  if (target === undefined || target.value === '-')
    return {
      risk: 'high',
      why: 'moves outside the workspace, so the parts after it act there',
      remember: null,
    }
  const place = placeOf(target, { ...facts, changesFolder: false })
  if (place.kind === 'outside')
    return {
      risk: 'high',
      why: `moves outside the workspace (${place.shown}), so the parts after it act there`,
      remember: null,
    }
  return { risk: 'medium', remember: program }
}

const ASSIGNMENT_WHY = 'sets shell variables that the parts after it see (never remembered)'

function judgeAssignments(assignments: readonly ShellAssignment[]): CommandVerdict | undefined {
  const startup = assignments.find((a) => STARTUP_VARIABLES.test(a.name))
  return startup
    ? {
        risk: 'high',
        why: `changes how programs start or which program runs (${startup.name})`,
        remember: null,
      }
    : undefined
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
      return touchesCredentials(shellPart.target)
        ? part(shellPart.text, 'high', 'reads credentials', null)
        : null
    case 'variables': {
      const startup = judgeAssignments(shellPart.names.map((name) => ({ name, text: name })))
      return part(shellPart.text, startup?.risk ?? 'low', startup?.why ?? ASSIGNMENT_WHY, null)
    }
    case 'command': {
      const verdict =
        judgeAssignments(shellPart.assignments) ?? judgeCommand(shellPart.words, facts, depth)
      const prefix = shellPart.assignments.map((a) => `${a.text} `).join('')
      const remember = verdict.remember === null ? null : `${prefix}${verdict.remember}`
      const why = verdict.why ?? verdict.notRemembered
      return part(shellPart.text, verdict.risk, why, remember)
    }
  }
}

/** The facts about a whole command line that the review of each part needs. */
export function lineFacts(parts: readonly ShellPart[], workspace: string): LineFacts {
  const programs = parts.flatMap((p) =>
    p.kind === 'command' && p.words[0]?.value ? [basename(p.words[0].value)] : [],
  )
  return {
    workspace,
    downloads: programs.some((name) => name === 'curl' || name === 'wget'),
    changesFolder: programs.some((name) => name === 'cd' || name === 'pushd' || name === 'popd'),
  }
}
