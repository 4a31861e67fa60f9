import { homedir } from 'node:os'
import { isAbsolute, relative, resolve } from 'node:path'
import type { Risk } from '../../../../shared/permission'
import { HOME_CREDENTIALS } from '../../sandbox/sandbox-policy'
import { ToolError } from '../tool-types'
import { selfRunningFile } from '../self-running-files'
import { locateInWorkspace } from '../workspace-paths'
import type { ShellWord } from './command-parts'

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

export const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')

/**
 * Paths that hold secrets: the usual credential files, private keys, the system's password
 * files, and another process's environment or command line (`/proc/<pid>/environ`; a process's
 * own, `/proc/self/…`, is its own business). Reading or writing them is always high risk.
 */
export const CREDENTIALS = new RegExp(
  [
    `(^|[/~])(${HOME_CREDENTIALS.map(escapeRegExp).join('|')})(/|$)`,
    '(^|/)id_(rsa|dsa|ecdsa|ed25519)\\b',
    '/etc/(shadow|gshadow|sudoers)',
    '/proc/+(?!(self|thread-self)/)[^/]+/+(environ|cmdline|mem|maps|auxv)',
  ].join('|'),
)

/** Paths a glob is tried against: could it reach a secret? */
export function secretProbes(facts: LineFacts): string[] {
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
export function globPattern(text: string, facts: LineFacts): RegExp | null {
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

export const isWithin = (folder: string, path: string): boolean => {
  const rel = relative(folder, path)
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel))
}

/** In Parley's data folder (it holds the provider keys), but not in the workspace. */
export function inDataDir(path: string, facts: LineFacts): boolean {
  if (facts.dataDir === null) return false
  const home = homedir()
  const absolute = resolve(facts.workspace, path.replace(/^~(?=\/|$)/, home))
  return isWithin(facts.dataDir, absolute) && !isWithin(facts.workspace, absolute)
}

/**
 * True when a word names a secret: as written, as its value, in Parley's data folder, or as a
 * glob that could match one. A substitution inside the word is a part of its own.
 */
export function touchesCredentials(word: ShellWord, facts: LineFacts): boolean {
  if (CREDENTIALS.test(word.ownText) || (word.value !== null && CREDENTIALS.test(word.value)))
    return true
  if (word.value !== null) return inDataDir(word.value, facts)
  if (!/[*?[{]/.test(word.ownText)) return false
  const pattern = globPattern(word.ownText, facts)
  return pattern !== null && secretProbes(facts).some((probe) => pattern.test(probe))
}

/** Where a path a part writes to lands. */
export type Place =
  | { kind: 'inside'; shown: string; through: string | null }
  | { kind: 'outside'; shown: string }
  | { kind: 'discard' }
  | { kind: 'network' }
  | { kind: 'unknown'; shown: string }

export const DISCARD = new Set(['/dev/null', '/dev/stdout', '/dev/stderr', '/dev/tty'])

export function placeOf(word: ShellWord, facts: LineFacts): Place {
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
