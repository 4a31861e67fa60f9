import { CREDENTIAL_VARIABLES } from '../models/credential-variables'

/** Stored keys shorter than this are not looked for inside other variables' values. */
const MIN_SECRET_LENGTH = 8

/**
 * The variables every command the model runs gets from Parley's environment (when they are set):
 * where programs are, who and where the person is, the terminal and the locale, the temporary
 * folder, and the certificate bundles that tools behind a company proxy need. A list of what to
 * pass, not of what to hold back: any other variable (a token, `SSH_AUTH_SOCK`,
 * `DBUS_SESSION_BUS_ADDRESS`, a proxy URL with a password in it) reaches a command only when the
 * person names it in Settings (`sandboxAllowedEnv`).
 */
export const COMMAND_ENV_NAMES: readonly string[] = [
  'PATH',
  'HOME',
  'USER',
  'LOGNAME',
  'SHELL',
  'TERM',
  'COLORTERM',
  'NO_COLOR',
  'LANG',
  'LANGUAGE',
  'TZ',
  'TMPDIR',
  'SSL_CERT_FILE',
  'SSL_CERT_DIR',
  'NODE_EXTRA_CA_CERTS',
  'REQUESTS_CA_BUNDLE',
  'CURL_CA_BUNDLE',
  'GIT_SSL_CAINFO',
]

/** Every locale category (`LC_ALL`, `LC_CTYPE`, …) passes too. */
const LOCALE_VARIABLE = /^LC_[A-Z]+$/

/**
 * What Windows' own programs need to start at all (commands run there without a sandbox): the
 * system and profile folders, the command interpreter and its executable suffixes. Windows'
 * names are case-insensitive, so they are compared in upper case there.
 */
const WINDOWS_ENV_NAMES: readonly string[] = [
  'SYSTEMROOT',
  'SYSTEMDRIVE',
  'WINDIR',
  'COMSPEC',
  'PATHEXT',
  'TEMP',
  'TMP',
  'USERPROFILE',
  'APPDATA',
  'LOCALAPPDATA',
  'PROGRAMFILES',
  'PROGRAMFILES(X86)',
  'PROGRAMDATA',
  'NUMBER_OF_PROCESSORS',
  'PROCESSOR_ARCHITECTURE',
]

/** What the environment of a command is made from. */
export interface CommandEnvironmentInput {
  /** Parley's own environment. */
  base: NodeJS.ProcessEnv
  /** The names the person allowed in Settings, beyond `COMMAND_ENV_NAMES`. */
  allowed: readonly string[]
  /** The provider keys stored in Settings: no variable holding one is passed, whatever its name. */
  storedSecrets: ReadonlyArray<string | undefined>
  platform?: NodeJS.Platform
}

/**
 * The environment for a command the model runs (sandboxed or not, and every process below it):
 * only the variables of `COMMAND_ENV_NAMES`, the locale categories and the names the person
 * allowed. Even an allowed name never carries Parley's provider keys (`CREDENTIAL_VARIABLES`, or
 * a value that contains a stored key), and exported shell functions (`() { …`) are dropped.
 */
export function commandEnvironment({
  base,
  allowed,
  storedSecrets,
  platform = process.platform,
}: CommandEnvironmentInput): NodeJS.ProcessEnv {
  const windows = platform === 'win32'
  const fold = (name: string): string => (windows ? name.toUpperCase() : name)
  const names = new Set(
    [...COMMAND_ENV_NAMES, ...allowed, ...(windows ? WINDOWS_ENV_NAMES : [])].map(fold),
  )
  const secrets = storedSecrets.filter(
    (secret): secret is string => secret !== undefined && secret.length >= MIN_SECRET_LENGTH,
  )
  const refused = new Set(CREDENTIAL_VARIABLES.map(fold))
  const env: NodeJS.ProcessEnv = {}
  for (const [name, value] of Object.entries(base)) {
    if (value === undefined || value.startsWith('()')) continue
    const key = fold(name)
    if (!names.has(key) && !LOCALE_VARIABLE.test(name)) continue
    if (refused.has(key) || secrets.some((secret) => value.includes(secret))) continue
    env[name] = value
  }
  return env
}
