import * as electron from 'electron'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { createRuntime } from './runtime/create-runtime'
import { FileSecretStore } from './runtime/settings/file-secret-store'
import { layeredSecretStore } from './runtime/settings/layered-secret-store'
import { defaultDataDir } from './runtime/sessions/data-dir'
import { registerAppScheme } from './desktop/app-protocol'
import { parseDesktopArgs } from './desktop/desktop-args'
import { createSafeStorageSecretStore } from './desktop/safe-storage-secret-store'
import { startDesktop } from './desktop/start-desktop'
import { errorMessage } from '../shared/plain-error'

/**
 * Electron entry (`parley desktop`, `npm start`): reads `--data-dir` / `--scenario` (or
 * PARLEY_DATA_DIR / PARLEY_SCENARIO), builds the one Runtime and hands it to the desktop host.
 * Everything Electron-specific lives in ./desktop; this file only composes.
 */
async function main(): Promise<void> {
  const { app, safeStorage } = electron
  const args = parseDesktopArgs(process.argv.slice(1), process.env)
  // One Parley at a time: a second launch quits, and the first shows its window ('second-instance').
  if (!app.requestSingleInstanceLock()) {
    app.quit()
    return
  }
  registerAppScheme(electron.protocol)
  await app.whenReady()
  // The same folder as the `parley` command's, not Electron's userData (which follows the app name).
  const dataDir = args.dataDir ?? defaultDataDir()
  const runtime = await createRuntime({
    dataDir,
    ...(args.scenarioPath !== undefined && { scenarioPath: args.scenarioPath }),
    ...(args.workspace !== undefined && { workspace: args.workspace }),
    ...(args.acp !== undefined && { acp: args.acp }),
    ...(args.mcpConfig !== undefined && { mcpConfigFiles: [args.mcpConfig] }),
    interactive: true,
    // Encrypted with the OS keychain; what the command line keeps in its plain secrets.json is
    // found too, and moved into the encrypted file when the desktop writes it.
    secretStore: layeredSecretStore(
      createSafeStorageSecretStore(safeStorage, join(dataDir, 'secrets.safe')),
      new FileSecretStore(dataDir),
    ),
  })
  for (const problem of runtime.problems) process.stderr.write(`parley: ${problem}\n`)
  startDesktop({
    electron,
    runtime,
    preloadPath: fileURLToPath(new URL('../preload/index.cjs', import.meta.url)),
    rendererFile: fileURLToPath(new URL('../renderer/index.html', import.meta.url)),
    windowStateFile: join(dataDir, 'window-state.json'),
    ...(process.env.ELECTRON_RENDERER_URL !== undefined &&
      !app.isPackaged && { rendererUrl: process.env.ELECTRON_RENDERER_URL }),
  })
}

main().catch((error: unknown) => {
  const message = errorMessage(error)
  process.stderr.write(`parley: ${message}\n`)
  electron.dialog.showErrorBox('Parley could not start', message)
  electron.app.exit(1)
})
