import { existsSync } from 'node:fs'
import { join } from 'node:path'
import type { CliOptions } from '../parse-cli'
import { runtimeForCommand } from '../cli-runtime'
import { findRendererDir } from '../../hosts/web/app-root'
import { startWebHost } from '../../hosts/web/start-web-host'
import type { RemoteHost } from '../../hosts/web/remote/start-remote-host'
import { defaultDataDir } from '../../main/runtime/sessions/data-dir'
import { errorMessage } from '../../shared/plain-error'

/** The line `parley serve` prints once it listens (pinned: tests and people look for it). */
export const LISTENING_PREFIX = 'Parley listening on '

/** What `parley serve --remote` prints before its pairing link (which is pinned: tests find it). */
export const PAIRING_PREFIX =
  'Answer from your phone (open on the phone, link works once, for 10 minutes): '

/** Where the command writes and how it learns it should stop; tests inject their own. */
export interface ServeIo {
  stdout: (text: string) => void
  stderr: (text: string) => void
  /** Resolves when the process is asked to stop (SIGINT/SIGTERM). */
  stopRequested: () => Promise<unknown>
}

const processIo: ServeIo = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  stopRequested: () =>
    new Promise((resolve) => {
      // The listeners stay for the life of the process. A signal nobody else listens for is
      // re-raised by write-file-atomic's signal-exit, which would kill the process in the middle
      // of the shutdown below: tabs' last calls unanswered, the last draft never renamed into place.
      // A second signal means "now": it exits at once.
      let signals = 0
      const stop = () => {
        signals++
        if (signals === 1) resolve(undefined)
        else process.exit(130)
      }
      process.on('SIGINT', stop)
      process.on('SIGTERM', stop)
    }),
}

/**
 * `parley serve`: builds the runtime, starts the web host on 127.0.0.1, prints the pinned line
 * `Parley listening on http://127.0.0.1:PORT/#token=TOKEN`, and runs until SIGINT/SIGTERM, then
 * disconnects every tab and closes the runtime (parked requests stay open in the log).
 */
export async function serveCommand(options: CliOptions, io: ServeIo = processIo): Promise<number> {
  const stopRequested = io.stopRequested()
  const runtime = await runtimeForCommand('serve', options, true, io.stderr)
  if (typeof runtime === 'number') return runtime
  const rendererDir = findRendererDir()
  let host
  try {
    host = await startWebHost({ runtime, port: options.port ?? 0, rendererDir })
  } catch (error) {
    await runtime.close()
    const code = (error as NodeJS.ErrnoException).code
    io.stderr(
      code === 'EADDRINUSE'
        ? `parley serve: port ${options.port} is already in use; try --port 0 for any free port\n`
        : `parley serve: cannot listen: ${errorMessage(error)}\n`,
    )
    return 1
  }
  io.stdout(`${LISTENING_PREFIX}${host.url}\n`)
  let remote: RemoteHost | undefined
  if (options.remote) {
    try {
      // The phone listener (its certificate tooling, the QR code) loads only when asked for.
      const { startRemoteHost } = await import('../../hosts/web/remote/start-remote-host')
      remote = await startRemoteHost({
        runtime,
        devices: runtime.devices,
        dataDir: options.dataDir ?? defaultDataDir(),
        rendererDir,
      })
    } catch (error) {
      io.stderr(`parley serve: cannot listen for phones: ${errorMessage(error)}\n`)
    }
  }
  if (remote) {
    const link = remote.pairingLink()
    io.stdout(`${PAIRING_PREFIX}${link}\n`)
    const { default: QRCode } = await import('qrcode')
    io.stdout(await QRCode.toString(link, { type: 'terminal', small: true }))
    if (remote.addresses.length === 0)
      io.stderr('parley serve: no LAN address found; the link works on this computer only\n')
  }
  if (!existsSync(join(rendererDir, 'index.html')))
    io.stderr(
      'parley serve: the app is not built (run `npm run build`); only the WebSocket works\n',
    )
  await stopRequested
  await remote?.close()
  await host.close()
  await runtime.close()
  return 0
}
