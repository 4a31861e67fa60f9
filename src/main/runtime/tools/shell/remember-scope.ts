import { ToolError } from '../tool-types'
import { contentPin, runsWorkspaceCode, type ContentPin } from './content-pin'
import { locateInWorkspace } from '../workspace-paths'

/**
 * What "Remember for this turn" covers for one part of a command: the key the decision is kept
 * under, and the words the checkbox shows for it.
 */
export interface RememberScope {
  key: string
  label: string
}

/**
 * Options known neither to write outside the files named nor to run code, per program (and per
 * subcommand for programs that have them). An option that is not listed makes the part an exact
 * repeat only. `--name=` allows `--name=VALUE`; a single letter `-x` may also come in a cluster
 * (`-la`).
 */
interface RememberRule {
  options: readonly string[]
  /** Programs whose first word picks what they do: only the listed subcommands are covered. */
  subcommands?: ReadonlyMap<string, readonly string[]>
  /** `npm run build`: the script's name is part of what is covered. */
  namedScript?: boolean
  /** `node app.js`, `make test`: the first argument is part of what is covered. */
  firstArgument?: boolean
}

const GREP = ['-r', '-R', '-n', '-i', '-v', '-l', '-L', '-c', '-w', '-x', '-E', '-F', '-o']
const READ_LISTING = ['-s', '-q', '-h', '-H', '--color', '--color=', '-e', '-A', '-B', '-C']
const NO_OPTIONS: readonly string[] = []

const RULES: ReadonlyMap<string, RememberRule> = new Map<string, RememberRule>([
  ['echo', { options: ['-n', '-e', '-E'] }],
  ['printf', { options: NO_OPTIONS }],
  ['pwd', { options: NO_OPTIONS }],
  ['true', { options: NO_OPTIONS }],
  ['false', { options: NO_OPTIONS }],
  ['ls', { options: ['-l', '-a', '-A', '-h', '-R', '-1', '-t', '-r', '-S', '-d', '-F', '--all'] }],
  ['cat', { options: ['-n', '-A', '-b', '-s', '-v', '-e', '-t'] }],
  ['head', { options: ['-n', '-c', '-q', '-v'] }],
  ['tail', { options: ['-n', '-c', '-q', '-v', '-f'] }],
  ['wc', { options: ['-l', '-w', '-c', '-m', '-L'] }],
  ['grep', { options: [...GREP, ...READ_LISTING, '--include=', '--exclude='] }],
  ['rg', { options: [...GREP, ...READ_LISTING, '--hidden', '-g', '--glob=', '-t', '--type='] }],
  ['sort', { options: ['-n', '-r', '-u', '-k', '-t', '-f', '-h', '-V'] }],
  ['uniq', { options: ['-c', '-d', '-u', '-i'] }],
  ['diff', { options: ['-u', '-r', '-N', '-q', '--color', '--color='] }],
  ['du', { options: ['-s', '-h', '-a', '-c'] }],
  ['stat', { options: NO_OPTIONS }],
  ['file', { options: NO_OPTIONS }],
  ['basename', { options: NO_OPTIONS }],
  ['dirname', { options: NO_OPTIONS }],
  ['touch', { options: ['-c'] }],
  ['mkdir', { options: ['-p', '-v'] }],
  ['cp', { options: ['-r', '-R', '-p', '-v', '-f', '-i', '-n'] }],
  ['mv', { options: ['-f', '-i', '-n', '-v'] }],
  ['tee', { options: ['-a'] }],
  ['node', { options: NO_OPTIONS, firstArgument: true }],
  ['python3', { options: NO_OPTIONS, firstArgument: true }],
  ['python', { options: NO_OPTIONS, firstArgument: true }],
  ['make', { options: ['-s', '-k', '-j'], firstArgument: true }],
  ['pytest', { options: ['-q', '-x', '-v', '-k'] }],
  [
    'git',
    {
      options: NO_OPTIONS,
      subcommands: new Map([
        ['status', ['-s', '--short', '-b', '--porcelain', '-u']],
        ['diff', ['--stat', '--cached', '--staged', '--name-only', '--name-status', '--color']],
        ['log', ['--oneline', '-n', '--graph', '--stat', '-p', '--decorate', '--format=']],
        ['show', ['--stat', '--name-only', '--oneline']],
        ['add', ['-A', '--all', '-u', '-v']],
        ['commit', ['-m', '-a', '-q', '--allow-empty']],
        ['init', ['-q', '-b']],
        ['branch', ['-a', '-v', '-r', '--list']],
        ['ls-files', NO_OPTIONS],
        ['rev-parse', ['--show-toplevel', '--abbrev-ref', '--short']],
      ]),
    },
  ],
  ...['npm', 'pnpm', 'yarn', 'bun'].map((program): [string, RememberRule] => [
    program,
    {
      options: NO_OPTIONS,
      subcommands: new Map([
        ['test', NO_OPTIONS],
        ['run', NO_OPTIONS],
      ]),
      namedScript: true,
    },
  ]),
  [
    'cargo',
    {
      options: NO_OPTIONS,
      subcommands: new Map([
        ['test', ['-q']],
        ['build', ['-q', '--release']],
        ['check', ['-q']],
      ]),
    },
  ],
  [
    'go',
    {
      options: NO_OPTIONS,
      subcommands: new Map([
        ['test', ['-v']],
        ['build', NO_OPTIONS],
        ['vet', NO_OPTIONS],
      ]),
    },
  ],
])

/** True when `word` is an option the list allows. */
function allowedOption(word: string, allowed: readonly string[]): boolean {
  if (allowed.includes(word)) return true
  const equals = word.indexOf('=')
  if (equals !== -1) {
    // A value that names a path or home is a path of its own; such a part is exact only.
    const value = word.slice(equals + 1)
    return allowed.includes(word.slice(0, equals + 1)) && !/[/~]/.test(value)
  }
  return (
    /^-[A-Za-z0-9]{2,}$/.test(word) &&
    [...word.slice(1)].every((letter) => allowed.includes(`-${letter}`))
  )
}

/**
 * An argument a covered part may have: a path whose real location on disk (every link and `..`
 * followed) is inside the workspace, outside `.git`, and with nothing another program reads as
 * code or settings (`make 'X=$(shell …)'`, `CC=…`).
 */
function insidePath(word: string, workspace: string): boolean {
  if (/[=$`~\n\\]/.test(word) || word.startsWith('-')) return false
  try {
    const { shown } = locateInWorkspace(workspace, word)
    return shown !== '.git' && !shown.startsWith('.git/')
  } catch (error) {
    if (error instanceof ToolError) return false
    throw error
  }
}

/**
 * The general form of a part, when it has one: the same program and subcommand, only listed
 * options, and every other word a path inside the workspace. Null when any of that is not so.
 */
function generalScope(values: readonly string[], workspace: string): RememberScope | null {
  const [program, ...args] = values
  if (program === undefined || program.includes('/')) return null
  const rule = RULES.get(program)
  if (!rule) return null
  const named = [program]
  let options = rule.options
  let rest = args
  if (rule.subcommands) {
    const [sub, ...after] = args
    const subOptions = sub === undefined ? undefined : rule.subcommands.get(sub)
    if (sub === undefined || subOptions === undefined) return null
    named.push(sub)
    options = subOptions
    rest = after
    if (rule.namedScript && sub === 'run') {
      const [script, ...more] = rest
      if (script === undefined || !/^[\w:.-]+$/.test(script)) return null
      named.push(script)
      rest = more
    }
  } else if (rule.firstArgument) {
    const [first, ...more] = rest
    if (first === undefined || first.startsWith('-') || !insidePath(first, workspace)) return null
    named.push(first)
    rest = more
  }
  for (const word of rest) {
    if (word.startsWith('-') ? !allowedOption(word, options) : !insidePath(word, workspace))
      return null
  }
  const shown = named.join(' ')
  return {
    key: `run:${shown}`,
    // A program that runs code from the workspace runs whatever that code is when it runs.
    label: runsWorkspaceCode(program)
      ? `\`${shown}\`, whatever it runs then, in the sandbox, with any files in the workspace`
      : `\`${shown}\` with any files in the workspace`,
  }
}

/** The exact form of a part: the same words, nothing else. */
export function exactScope(words: readonly string[], text: string): RememberScope {
  return { key: `exact:${JSON.stringify(words)}`, label: `this exact command \`${text}\`` }
}

/**
 * The exact form of a part that runs code from the workspace without a sandbox: the same words,
 * and the files it runs with the same content (`contentPin`). Editing `build.js` after the
 * person remembered `node build.js` makes the next `node build.js` ask again.
 */
export function pinnedExactScope(
  words: readonly string[],
  text: string,
  pin: ContentPin,
): RememberScope {
  const exact = exactScope(words, text)
  if (pin.files.length === 0) return exact
  return {
    key: `${exact.key}${CONTENT}${pin.digest}`,
    label: `${exact.label}${pinnedWords(pin.files)}`,
  }
}

/** Where a pinned key's digest starts. */
const CONTENT = ':content:'

/** " while `a.js` is unchanged", as a label ends for pinned files. */
const pinnedWords = (files: readonly string[]): string =>
  ` while ${files.map((file) => `\`${file}\``).join(', ')} ${files.length === 1 ? 'is' : 'are'} unchanged`

/**
 * The content bindings of a line's parts, for a key that covers the whole line (no sandbox): the
 * digests to add to the line's key and the words to add to its label; none when no part is pinned.
 */
export function linePins(scopes: ReadonlyArray<{ key: string | null; label: string }>): {
  key: string
  label: string
} {
  const digests: string[] = []
  const words: string[] = []
  for (const { key, label } of scopes) {
    const at = key?.lastIndexOf(CONTENT) ?? -1
    if (key === null || at < 0) continue
    digests.push(key.slice(at + CONTENT.length))
    const files = / while (.+) (?:is|are) unchanged$/.exec(label)?.[1]
    if (files !== undefined) words.push(files)
  }
  if (digests.length === 0) return { key: '', label: '' }
  const files = words.join(', ')
  const many = (files.match(/`/g)?.length ?? 0) > 2
  return {
    key: `${CONTENT}${digests.join(',')}`,
    label: ` while ${files} ${many ? 'are' : 'is'} unchanged`,
  }
}

/**
 * What Remember covers for a simple command whose every word is known before it runs
 * (`values`, the prefix assignments first, as written): its general form when commands run in a
 * sandbox and the part has one, else exactly these words. A word only known when it runs
 * (an expansion, a glob, a substitution) makes the part never remembered: call this only when
 * there is none.
 */
export function commandScope({
  assignments,
  values,
  text,
  workspace,
  sandboxed,
  changesFolder,
}: {
  assignments: readonly string[]
  values: readonly string[]
  text: string
  workspace: string
  sandboxed: boolean
  /** A `cd` in the line: relative paths cannot be placed before it runs. */
  changesFolder: boolean
}): RememberScope {
  const general =
    sandboxed && !changesFolder && assignments.length === 0 ? generalScope(values, workspace) : null
  if (general) return general
  const words = [...assignments, ...values]
  // In the sandbox an exact repeat runs whatever the files hold then, confined; without one it is
  // bound to their content. (After a `cd` the files cannot be placed before the line runs.)
  const pin = sandboxed || changesFolder ? null : contentPin(values, workspace)
  return pin ? pinnedExactScope(words, text, pin) : exactScope(words, text)
}
