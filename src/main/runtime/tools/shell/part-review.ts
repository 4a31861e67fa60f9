import { homedir } from 'node:os'
import { basename, isAbsolute, relative, resolve } from 'node:path'
import type { Risk } from '../../../../shared/permission'
import { HOME_CREDENTIALS, type SandboxExit } from '../../sandbox/sandbox-policy'
import type { ReviewPart } from '../tool-types'
import { ToolError } from '../tool-types'
import { selfRunningFile } from '../self-running-files'
import { locateInWorkspace } from '../workspace-paths'
import { commandScope, type RememberScope } from './remember-scope'
import {
  parseCommandLine,
  type ShellAssignment,
  type ShellPart,
  type ShellWord,
} from './command-parts'

/** What the review of one part knows about the whole command line. */
export interface LineFacts {
  workspace: string
  /** Commands run in a sandbox: Remember may cover a part's general form (else exact only). */
  sandboxed: boolean
  /** Parley's data folder (it holds the provider keys), when known. */
  dataDir: string | null
  /** Some part downloads (curl, wget): code read from a pipe or a substitution may come from it. */
  downloads: boolean
  /** Some part changes folder (cd, pushd, popd): relative paths cannot be placed before it runs. */
  changesFolder: boolean
}

/** The key of a remembered write to a path inside the workspace (a redirection, write_file). */
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

/** Programs that connect to another machine: the network, always high risk. */
const CONNECTS = new Set(['nc', 'ncat', 'netcat', 'socat', 'telnet', 'ssh', 'scp', 'sftp', 'ftp'])

/**
 * Subcommands known to need the network: their prompt says so, and approving it runs the
 * command with the network. Any other command that tries is cut off by the sandbox.
 */
const NETWORK_SUBCOMMANDS: ReadonlyMap<string, ReadonlySet<string>> = new Map(
  (
    [
      ['git', ['clone', 'fetch', 'pull', 'push', 'ls-remote', 'submodule']],
      ['npm', ['install', 'i', 'ci', 'add', 'update', 'upgrade', 'publish', 'outdated', 'view']],
      ['pnpm', ['install', 'i', 'add', 'update', 'upgrade', 'publish', 'dlx']],
      ['yarn', ['install', 'add', 'upgrade', 'publish', 'dlx']],
      ['bun', ['install', 'i', 'add', 'update', 'publish', 'x']],
      ['pip', ['install', 'download']],
      ['pip3', ['install', 'download']],
      ['uv', ['add', 'sync', 'pip', 'lock']],
      ['poetry', ['install', 'add', 'update', 'lock']],
      ['cargo', ['fetch', 'install', 'update', 'publish']],
      ['go', ['get', 'mod', 'install']],
      ['docker', ['pull', 'push', 'login', 'build']],
      ['apt', ['install', 'update', 'upgrade']],
      ['apt-get', ['install', 'update', 'upgrade']],
      ['brew', ['install', 'update', 'upgrade']],
      ['gem', ['install']],
    ] as const
  ).map(([program, subs]): [string, ReadonlySet<string>] => [program, new Set<string>(subs)]),
)

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

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')

/**
 * Paths that hold secrets: the usual credential files, private keys, the system's password
 * files, and another process's environment or command line (`/proc/<pid>/environ`; a process's
 * own, `/proc/self/…`, is its own business). Reading or writing them is always high risk.
 */
const CREDENTIALS = new RegExp(
  [
    `(^|[/~])(${HOME_CREDENTIALS.map(escapeRegExp).join('|')})(/|$)`,
    '(^|/)id_(rsa|dsa|ecdsa|ed25519)\\b',
    '/etc/(shadow|gshadow|sudoers)',
    '/proc/+(?!(self|thread-self)/)[^/]+/+(environ|cmdline|mem|maps|auxv)',
  ].join('|'),
)

/** Paths a glob is tried against: could it reach a secret? */
function secretProbes(facts: LineFacts): string[] {
  const home = homedir()
  return [
    ...HOME_CREDENTIALS.flatMap((path) =>
      ['', '/id_rsa', '/id_ed25519', '/credentials', '/config'].map(
        (end) => `${home}/${path}${end}`,
      ),
    ),
    '/proc/1/environ',
    '/proc/1/cmdline',
    '/etc/shadow',
    ...(facts.dataDir ? [`${facts.dataDir}/secrets.json`, `${facts.dataDir}/settings.json`] : []),
  ]
}

/** A glob (`~/.ss?/id_*`) as a regular expression over the paths it can match. */
function globPattern(text: string, facts: LineFacts): RegExp | null {
  const home = homedir()
  const expanded = text
    .replace(/^~(?=\/|$)/, home)
    .replace(/^(\$HOME|\$\{HOME\})(?=\/|$)/, home)
    .replace(/["']/g, '')
  if (/[$`]/.test(expanded)) return null
  const absolute = isAbsolute(expanded) ? expanded : resolve(facts.workspace, expanded)
  let source = ''
  for (let i = 0; i < absolute.length; i++) {
    const char = absolute[i] as string
    if (char === '*') source += '[^/]*'
    else if (char === '?') source += '[^/]'
    else if (char === '[') {
      const close = absolute.indexOf(']', i + 1)
      if (close === -1) source += '\\['
      else {
        source += `[${absolute
          .slice(i + 1, close)
          .replace(/^!/, '^')
          .replace(/\\/g, '\\\\')}]`
        i = close
      }
    } else if (char === '{' || char === '}' || char === ',') source += '.*'
    else source += escapeRegExp(char)
  }
  try {
    return new RegExp(`^${source}`)
  } catch {
    return null
  }
}

const isWithin = (folder: string, path: string): boolean => {
  const rel = relative(folder, path)
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel))
}

/** In Parley's data folder (it holds the provider keys), but not in the workspace. */
function inDataDir(path: string, facts: LineFacts): boolean {
  if (facts.dataDir === null) return false
  const home = homedir()
  const absolute = resolve(facts.workspace, path.replace(/^~(?=\/|$)/, home))
  return isWithin(facts.dataDir, absolute) && !isWithin(facts.workspace, absolute)
}

/**
 * True when a word names a secret: as written, as its value, in Parley's data folder, or as a
 * glob that could match one. A substitution inside the word is a part of its own.
 */
function touchesCredentials(word: ShellWord, facts: LineFacts): boolean {
  if (CREDENTIALS.test(word.ownText) || (word.value !== null && CREDENTIALS.test(word.value)))
    return true
  if (word.value !== null) return inDataDir(word.value, facts)
  if (!/[*?[{]/.test(word.ownText)) return false
  const pattern = globPattern(word.ownText, facts)
  return pattern !== null && secretProbes(facts).some((probe) => pattern.test(probe))
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

/**
 * The risk of writing to a path inside the workspace: high for a file another program runs by
 * itself outside the sandbox (`self-running-files.ts`), in every mode.
 */
export function workspaceWriteRisk(shown: string): { risk: Risk; why?: string } {
  const runs = selfRunningFile(shown)
  return runs === null ? { risk: 'medium' } : { risk: 'high', why: `writes ${runs}` }
}

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
  /** False when it is never remembered (inline code, another command it runs, high risk). */
  remember: boolean
  /** What it needs beyond the sandbox. */
  exits?: SandboxExit[]
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

/** Options that come before a subcommand with a value of their own (`git -C dir push`). */
const GLOBAL_OPTIONS_WITH_VALUE = new Set(['-C', '-c', '--git-dir', '--work-tree', '--prefix'])

/** The subcommand: the first word that is neither an option nor an option's value. */
function subcommandOf(args: readonly ShellWord[]): string | null {
  for (const [i, word] of args.entries()) {
    if (isOption(word)) continue
    if (i > 0 && GLOBAL_OPTIONS_WITH_VALUE.has(args[i - 1]?.value ?? '')) continue
    return word.value
  }
  return null
}

function judgeSubcommand(name: string, args: readonly ShellWord[]): CommandVerdict {
  const sub = subcommandOf(args)
  if (sub === null) return { risk: 'medium', remember: true }
  const high = HIGH_RISK_SUBCOMMANDS.get(name)?.get(sub)
  if (high)
    return {
      risk: 'high',
      why: high,
      remember: false,
      ...(NETWORK_SUBCOMMANDS.get(name)?.has(sub) ? { exits: ['network' as const] } : {}),
    }
  if (NETWORK_SUBCOMMANDS.get(name)?.has(sub))
    return {
      risk: 'medium',
      why: `${name} ${sub} downloads or publishes`,
      remember: false,
      exits: ['network'],
    }
  return { risk: 'medium', remember: true }
}

/** `ln`: a link that leads outside is named (a write through it later lands there). */
function judgeLink(args: readonly ShellWord[], facts: LineFacts): CommandVerdict {
  const outside = args
    .filter((word) => !isOption(word))
    .slice(0, -1)
    .find((word) => placeOf(word, facts).kind === 'outside')
  return outside
    ? {
        risk: 'medium',
        why: `makes a link to outside the workspace (${outside.value ?? outside.text})`,
        remember: true,
      }
    : { risk: 'medium', remember: true }
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
      remember: false,
      exits: ['writeOutside'],
    }
  const place = placeOf(target, { ...facts, changesFolder: false })
  if (place.kind === 'outside')
    return {
      risk: 'high',
      why: `moves outside the workspace (${place.shown}), so the parts after it act there`,
      remember: false,
      exits: ['writeOutside'],
    }
  return { risk: 'medium', remember: true }
}

const ASSIGNMENT_WHY = 'sets shell variables that the parts after it see (never remembered)'

function judgeAssignments(assignments: readonly ShellAssignment[]): CommandVerdict | undefined {
  const startup = assignments.find((a) => STARTUP_VARIABLES.test(a.name))
  return startup
    ? {
        risk: 'high',
        why: `changes how programs start or which program runs (${startup.name})`,
        remember: false,
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
