import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import http from 'node:http'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'

/** The command a person runs later, in the Parley folder, to fetch the binary by hand. */
export const INSTALL_ELECTRON_COMMAND = 'npx install-electron'

/** Whether the Electron binary is now installed, or why not (one line, no stack). */
export type ElectronInstall = { ok: true } | { ok: false; reason: string }

/** Where progress goes: the terminal's stderr, or a test's buffer. */
export interface ProgressOutput {
  write(text: string): void
  /** A terminal redraws one line in place; a pipe or a log file gets one line at the start and end. */
  isTTY?: boolean
}

export interface InstallElectronOptions {
  /** Folder of the `electron` npm package. */
  packageDir: string
  env: NodeJS.ProcessEnv
  output: ProgressOutput
  /** Node to run Electron's install script with. */
  execPath: string
}

/** The one function of `@electron/get` (the downloader Electron's install script uses) called here. */
interface ElectronGet {
  downloadArtifact(details: {
    version: string
    artifactName: 'electron'
    platform: string
    arch: string
    force: boolean
    cacheRoot?: string
    checksums?: Record<string, string>
    downloadOptions: {
      quiet: boolean
      getProgressCallback: (progress: { transferred: number; total: number | null }) => void
    }
  }): Promise<string>
}

const MB = 1024 * 1024

/** `Downloading Electron 45.3.4  [#####·····]  50%  48.0/96.0 MB`: one line of the progress bar. */
export function progressLine(version: string, transferred: number, total: number | null): string {
  const done = `${(transferred / MB).toFixed(1)}`
  if (total === null || total <= 0) return `Downloading Electron ${version}  ${done} MB`
  const fraction = Math.min(1, transferred / total)
  const width = 24
  const filled = Math.round(fraction * width)
  const bar = `${'#'.repeat(filled)}${'·'.repeat(width - filled)}`
  const percent = `${Math.floor(fraction * 100)}%`.padStart(4)
  return `Downloading Electron ${version}  [${bar}] ${percent}  ${done}/${(total / MB).toFixed(1)} MB`
}

/**
 * Gets the Electron binary the way the `electron` package does, so mirrors, caches and checksums
 * behave as Electron documents them (ELECTRON_MIRROR, electron_config_cache,
 * electron_use_remote_checksums, HTTP(S)_PROXY/NO_PROXY): first the archive is downloaded into
 * Electron's cache with `@electron/get` (the downloader the package itself depends on), drawing a
 * progress bar; then the package's own `install.js` finds it there, checks it again, unpacks it
 * and writes `path.txt`. Any failure comes back as one plain line.
 */
export async function installElectron(options: InstallElectronOptions): Promise<ElectronInstall> {
  const { packageDir, env, output } = options
  let version: string
  let get: ElectronGet
  try {
    version = readVersion(packageDir)
    get = await loadElectronGet(packageDir)
  } catch (error) {
    return { ok: false, reason: `the electron package is incomplete (${plainReason(error)})` }
  }
  let restoreProxy: () => void
  try {
    restoreProxy = http.setGlobalProxyFromEnv(env)
  } catch (error) {
    return { ok: false, reason: `the proxy setting is not a URL (${plainReason(error)})` }
  }
  const progress = progressWriter(version, output)
  try {
    await get.downloadArtifact({
      version,
      artifactName: 'electron',
      platform: env.ELECTRON_INSTALL_PLATFORM || env.npm_config_platform || process.platform,
      arch: env.ELECTRON_INSTALL_ARCH || env.npm_config_arch || process.arch,
      force: env.force_no_cache === 'true',
      ...(env.electron_config_cache ? { cacheRoot: env.electron_config_cache } : {}),
      ...(remoteChecksums(env) ? {} : { checksums: readChecksums(packageDir) }),
      downloadOptions: { quiet: true, getProgressCallback: progress.update },
    })
    progress.finish()
  } catch (error) {
    progress.finish()
    return { ok: false, reason: `download failed: ${plainReason(error)}` }
  } finally {
    restoreProxy()
  }
  return runInstallScript(options)
}

function readVersion(packageDir: string): string {
  const parsed: unknown = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'))
  if (typeof parsed === 'object' && parsed !== null && 'version' in parsed) {
    if (typeof parsed.version === 'string') return parsed.version
  }
  throw new Error('its package.json has no version')
}

function readChecksums(packageDir: string): Record<string, string> {
  const parsed: unknown = JSON.parse(readFileSync(join(packageDir, 'checksums.json'), 'utf8'))
  if (typeof parsed !== 'object' || parsed === null) throw new Error('checksums.json is not a map')
  return Object.fromEntries(
    Object.entries(parsed).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  )
}

function remoteChecksums(env: NodeJS.ProcessEnv): boolean {
  return Boolean(env.electron_use_remote_checksums || env.npm_config_electron_use_remote_checksums)
}

async function loadElectronGet(packageDir: string): Promise<ElectronGet> {
  const entry = createRequire(join(packageDir, 'package.json')).resolve('@electron/get')
  const loaded: unknown = await import(pathToFileURL(entry).href)
  if (
    typeof loaded === 'object' &&
    loaded !== null &&
    'downloadArtifact' in loaded &&
    typeof loaded.downloadArtifact === 'function'
  )
    return loaded as ElectronGet
  throw new Error('@electron/get has no downloadArtifact')
}

/** Redraws the bar in place on a terminal (at most every whole percent); elsewhere one line per end. */
function progressWriter(version: string, output: ProgressOutput) {
  let last = ''
  let started = false
  let latest = progressLine(version, 0, null)
  return {
    update: ({ transferred, total }: { transferred: number; total: number | null }) => {
      latest = progressLine(version, transferred, total)
      if (output.isTTY) {
        if (latest !== last) output.write(`\r${latest}`)
        last = latest
      } else if (!started) {
        output.write(`Downloading Electron ${version}…\n`)
      }
      started = true
    },
    finish: () => {
      if (!started) return
      output.write(output.isTTY ? '\n' : `${latest}\n`)
      started = false
    },
  }
}

/** Electron's own `install.js`: finds the archive in the cache, unpacks it, writes path.txt. */
function runInstallScript(options: InstallElectronOptions): Promise<ElectronInstall> {
  return new Promise((resolve) => {
    const child = spawn(options.execPath, [join(options.packageDir, 'install.js')], {
      cwd: options.packageDir,
      env: { ...options.env, ELECTRON_GET_NO_PROGRESS: '1' },
      stdio: ['ignore', 'ignore', 'pipe'],
    })
    let stderr = ''
    child.stderr.setEncoding('utf8')
    child.stderr.on('data', (chunk: string) => {
      if (stderr.length < 64 * 1024) stderr += chunk
    })
    child.once('error', (error) => resolve({ ok: false, reason: plainReason(error) }))
    child.once('exit', (code) => {
      if (code === 0) resolve({ ok: true })
      else {
        // install.js prints the error's stack: its first line is the message.
        const first = stderr.trim().split('\n')[0] ?? ''
        resolve({
          ok: false,
          reason: `Electron's install script failed${first ? `: ${first}` : ` (exit ${code})`}`,
        })
      }
    })
  })
}

/** An error as a person reads it: the message and, for network errors, the cause's code. */
export function plainReason(error: unknown): string {
  if (!(error instanceof Error)) return String(error)
  const cause: unknown = error.cause
  if (cause instanceof Error) {
    const code = 'code' in cause && typeof cause.code === 'string' ? cause.code : undefined
    return code && !cause.message.includes(code) ? `${code}: ${cause.message}` : cause.message
  }
  return error.message.split('\n')[0] ?? error.message
}
