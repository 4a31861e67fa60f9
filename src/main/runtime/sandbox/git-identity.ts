import { execFileSync } from 'node:child_process'

/**
 * The settings of the person's global git config (`~/.gitconfig`, `~/.config/git/config`) that a
 * sandboxed git gets: who commits and how files are compared and shown. The files themselves are
 * not shown: they may carry a token (`http.extraHeader`, a `url.….insteadOf` with a password), a
 * credential helper or an `include` of another file. A list of keys to pass, not of keys to drop.
 */
const PASSED_KEYS = new Set([
  'user.name',
  'user.email',
  'init.defaultbranch',
  'core.autocrlf',
  'core.eol',
  'core.filemode',
  'core.ignorecase',
  'core.quotepath',
  'core.whitespace',
  'color.ui',
  'diff.algorithm',
  'diff.renames',
  'merge.conflictstyle',
  'pull.rebase',
  'pull.ff',
  'push.default',
  'rebase.autosquash',
  'status.showuntrackedfiles',
  'advice.detachedhead',
])

/** A value this long is not a setting anyone needs here. */
const MAX_VALUE = 1_000

/**
 * The passed settings of `git config --list -z` output (`key\nvalue\0` records) as the variables
 * that give them to git without a file (`GIT_CONFIG_COUNT`, `GIT_CONFIG_KEY_n`,
 * `GIT_CONFIG_VALUE_n`, git 2.31 and later).
 */
export function gitIdentityEnv(listing: string): Record<string, string> {
  const env: Record<string, string> = {}
  let count = 0
  for (const record of listing.split('\0')) {
    const newline = record.indexOf('\n')
    const key = (newline < 0 ? record : record.slice(0, newline)).toLowerCase()
    const value = newline < 0 ? 'true' : record.slice(newline + 1)
    if (!PASSED_KEYS.has(key) || value.length > MAX_VALUE) continue
    env[`GIT_CONFIG_KEY_${count}`] = key
    env[`GIT_CONFIG_VALUE_${count}`] = value
    count++
  }
  if (count > 0) env.GIT_CONFIG_COUNT = String(count)
  return env
}

/** The person's global git settings, listed by git itself (none when git is missing or fails). */
export function readGlobalGitConfig(home: string): string {
  try {
    return execFileSync('git', ['config', '--global', '--list', '-z'], {
      env: { HOME: home, PATH: process.env.PATH ?? '/usr/bin:/bin' },
      encoding: 'utf8',
      timeout: 2_000,
      stdio: ['ignore', 'pipe', 'ignore'],
    })
  } catch {
    return ''
  }
}
