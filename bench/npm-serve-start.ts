import { spawn } from 'node:child_process'
import { createInterface } from 'node:readline'

const LISTENING = 'Parley listening on '

/**
 * `npm run parley -- serve` as a person types it: spawn → the "listening" line, in ms. The
 * process group is ended afterwards (npm, its shell and the CLI).
 */
export async function timeNpmServeStart(dataDir: string, workspace: string): Promise<number> {
  const startedAt = performance.now()
  const child = spawn(
    'npm',
    [
      'run',
      '--silent',
      'parley',
      '--',
      'serve',
      '--port',
      '0',
      '--data-dir',
      dataDir,
      '--workspace',
      workspace,
    ],
    { stdio: ['ignore', 'pipe', 'ignore'], detached: true },
  )
  const exited = new Promise((done) => child.once('exit', done))
  try {
    return await new Promise<number>((resolve, reject) => {
      const lines = createInterface({ input: child.stdout })
      lines.on('line', (line) => {
        if (line.startsWith(LISTENING)) resolve(performance.now() - startedAt)
      })
      child.once('exit', (code) => reject(new Error(`npm run parley exited with ${code}`)))
      child.once('error', reject)
    })
  } finally {
    if (child.pid !== undefined && child.exitCode === null) process.kill(-child.pid, 'SIGTERM')
    await exited
  }
}
