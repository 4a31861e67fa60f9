import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { defaultDataDir } from '../../main/runtime/sessions/data-dir'
import { electronPackageDir, locateElectron, type ElectronLocation } from '../locate-electron'
import {
  installElectron,
  INSTALL_ELECTRON_COMMAND,
  type ElectronInstall,
} from '../install-electron'
import { findAppRoot } from '../../hosts/web/app-root'
import type { CliOptions } from '../parse-cli'
import { folderProblem } from '../folder-problem'
import { errorMessage } from '../../shared/plain-error'

/** What `parley desktop` needs from the outside world; tests replace each part. */
export interface DesktopDeps {
  locate: () => ElectronLocation
  /** Downloads the missing binary with Electron's installer, drawing progress on stderr. */
  install: () => Promise<ElectronInstall>
  /** The checkout or install root: Electron loads its package.json `main` (out/main/index.js). */
  appRoot: string
  launch: (binary: string, args: string[]) => Promise<number>
  serve: (options: CliOptions) => Promise<number>
  stderr: (text: string) => void
}

const defaultDeps: DesktopDeps = {
  locate: () =>
    locateElectron({
      packageDir: electronPackageDir(import.meta.url),
      env: process.env,
      platform: process.platform,
    }),
  install: async () => {
    const packageDir = electronPackageDir(import.meta.url)
    if (packageDir === null) return { ok: false, reason: 'the electron package is not installed' }
    return installElectron({
      packageDir,
      env: process.env,
      output: process.stderr,
      execPath: process.execPath,
    })
  },
  appRoot: findAppRoot(import.meta.url) ?? process.cwd(),
  launch: launchElectron,
  serve: async (options) => (await import('./serve-command')).serveCommand(options),
  stderr: (text) => process.stderr.write(text),
}

/**
 * `parley desktop` (`npm start`): starts the Electron app, downloading its binary first when only
 * that is missing (the `electron` package fetches it lazily, not at npm install). Where Electron
 * cannot start (download failed, Linux without a display, app not built) it says why in one line
 * and serves the same UI through the web host instead, which prints `Parley listening on …`. Both
 * use the same data folder by default, so sessions follow the person between the two.
 */
export async function desktopCommand(
  options: CliOptions,
  deps: DesktopDeps = defaultDeps,
): Promise<number> {
  const fallBack = (reason: string) => {
    deps.stderr(
      `Electron can't start here (${reason}); serving the same UI in your browser instead.\n`,
    )
    return deps.serve(options)
  }
  const refused = folderProblem(options)
  if (refused !== undefined) {
    deps.stderr(`parley desktop: ${refused}\n`)
    return 2
  }
  let located = deps.locate()
  if (!located.ok && located.downloadable) {
    const installed = await deps.install()
    if (!installed.ok)
      return fallBack(
        `${installed.reason}; get it later with \`${INSTALL_ELECTRON_COMMAND}\` in the Parley folder`,
      )
    located = deps.locate()
  }
  if (!located.ok) return fallBack(located.reason)
  if (!existsSync(resolve(deps.appRoot, 'out/main/index.js')))
    return fallBack('the desktop app is not built; run npm run build')
  const args = [
    deps.appRoot,
    '--data-dir',
    resolve(options.dataDir ?? defaultDataDir()),
    ...(options.scenario !== undefined ? ['--scenario', resolve(options.scenario)] : []),
    ...(options.workspace !== undefined ? ['--workspace', resolve(options.workspace)] : []),
    ...(options.acp !== undefined ? ['--acp', options.acp] : []),
    ...(options.mcpConfig !== undefined ? ['--mcp-config', resolve(options.mcpConfig)] : []),
  ]
  try {
    return await deps.launch(located.binary, args)
  } catch (error) {
    return fallBack(errorMessage(error))
  }
}

/** Runs Electron until it exits, passing Ctrl-C on to it; rejects if it cannot be spawned. */
function launchElectron(binary: string, args: string[]): Promise<number> {
  const env = { ...process.env }
  // Set by some tools; it would make Electron behave as plain Node and ignore the app.
  delete env.ELECTRON_RUN_AS_NODE
  return new Promise((resolvePromise, reject) => {
    const child = spawn(binary, args, { stdio: 'inherit', env })
    const forward = (signal: NodeJS.Signals) => child.kill(signal)
    process.on('SIGINT', forward)
    process.on('SIGTERM', forward)
    const cleanup = () => {
      process.off('SIGINT', forward)
      process.off('SIGTERM', forward)
    }
    child.once('error', (error) => {
      cleanup()
      reject(error)
    })
    child.once('exit', (code, signal) => {
      cleanup()
      resolvePromise(code ?? (signal ? 1 : 0))
    })
  })
}
