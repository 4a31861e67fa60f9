// `parley desktop` on a machine where the Electron binary was never downloaded, driven through the
// built CLI against a loopback mirror (ELECTRON_MIRROR) serving a stand-in archive and its
// SHASUMS256.txt: the real binary's host is unreachable from the test machines.
import { spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import JSZip from 'jszip'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { progressLine } from './install-electron'

const root = resolve(__dirname, '../..')
const cli = join(root, 'out/cli/parley.js')
const electronPackage = JSON.parse(
  readFileSync(join(root, 'node_modules/electron/package.json'), 'utf8'),
) as { version: string }
const version = `v${electronPackage.version}`
const archiveName = `electron-${version}-${process.platform}-${process.arch}.zip`

/** A zip holding an executable `electron` that prints its arguments, like the real one's layout. */
async function standInArchive(): Promise<Buffer> {
  const zip = new JSZip()
  zip.file('electron', '#!/bin/sh\necho "stand-in electron $*"\n', { unixPermissions: 0o755 })
  zip.file('version', version)
  return zip.generateAsync({ type: 'nodebuffer', platform: 'UNIX' })
}

let scratch: string
let server: Server | undefined
beforeEach(() => {
  scratch = mkdtempSync(join(tmpdir(), 'parley-electron-install-'))
})
afterEach(async () => {
  await new Promise((done) => (server ? server.close(done) : done(undefined)))
  server = undefined
  rmSync(scratch, { recursive: true, force: true })
})

/** A copy of the `electron` package (its scripts, not a binary) whose dependencies resolve. */
function electronPackageCopy(): string {
  const modules = join(scratch, 'node_modules')
  const dir = join(modules, 'electron')
  mkdirSync(dir, { recursive: true })
  for (const file of ['package.json', 'install.js', 'index.js', 'checksums.json'])
    copyFileSync(join(root, 'node_modules/electron', file), join(dir, file))
  for (const scope of ['@electron', '@electron-internal'])
    symlinkSync(join(root, 'node_modules', scope), join(modules, scope))
  return dir
}

/** Serves `files` under /<version>/; records every path asked for. */
async function mirror(
  files: Record<string, Buffer | string>,
): Promise<{ url: string; asked: string[] }> {
  const asked: string[] = []
  const listening = createServer((request, response) => {
    const path = request.url ?? ''
    asked.push(path)
    const body = files[path.replace(`/${version}/`, '')]
    if (!path.startsWith(`/${version}/`) || body === undefined) {
      response.writeHead(404).end()
      return
    }
    response.writeHead(200, { 'content-length': Buffer.byteLength(body) }).end(body)
  })
  server = listening
  await new Promise<void>((done) => listening.listen(0, '127.0.0.1', done))
  const { port } = listening.address() as AddressInfo
  return { url: `http://127.0.0.1:${port}/`, asked }
}

type Run = { code: number | null; stdout: string; stderr: string }

/** Runs `parley desktop`; when it falls back to the browser, stops it once it is listening. */
function desktop(env: Record<string, string>): Promise<Run> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [cli, 'desktop', '--data-dir', join(scratch, 'data')], {
      env: {
        ...process.env,
        DISPLAY: ':99',
        electron_config_cache: join(scratch, 'cache'),
        ELECTRON_OVERRIDE_DIST_PATH: '',
        ...env,
      },
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString()
      if (stdout.includes('Parley listening on')) child.kill('SIGTERM')
    })
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    child.once('exit', (code) => done({ code, stdout, stderr }))
  })
}

describe('parley desktop without the Electron binary', () => {
  it('downloads it from ELECTRON_MIRROR, checks it against SHASUMS256.txt, unpacks it and opens the app', async () => {
    const archive = await standInArchive()
    const sum = createHash('sha256').update(archive).digest('hex')
    const { url, asked } = await mirror({
      [archiveName]: archive,
      'SHASUMS256.txt': `${sum} *${archiveName}\n`,
    })
    const packageDir = electronPackageCopy()
    const run = await desktop({
      PARLEY_ELECTRON_DIR: packageDir,
      ELECTRON_MIRROR: url,
      electron_use_remote_checksums: '1',
    })
    expect(asked).toContain(`/${version}/${archiveName}`)
    expect(asked).toContain(`/${version}/SHASUMS256.txt`)
    expect(run.stderr).toContain(`Downloading Electron ${electronPackage.version}`)
    expect(run.stderr).toContain('100%')
    expect(run.stdout).toContain(`stand-in electron ${root} --data-dir ${join(scratch, 'data')}`)
    expect(run.stdout).not.toContain('Parley listening on')
    expect(run.code).toBe(0)
  })

  it('refuses an archive whose checksum does not match, says how to get Electron later, and serves the browser UI', async () => {
    const archive = await standInArchive()
    const { url } = await mirror({
      [archiveName]: archive,
      'SHASUMS256.txt': `${'0'.repeat(64)} *${archiveName}\n`,
    })
    const run = await desktop({
      PARLEY_ELECTRON_DIR: electronPackageCopy(),
      ELECTRON_MIRROR: url,
      electron_use_remote_checksums: '1',
    })
    const lines = run.stderr.trim().split('\n')
    expect(lines.at(-1)).toMatch(
      /^Electron can't start here \(download failed: .*checksum.*; get it later with `npx install-electron` in the Parley folder\); serving the same UI in your browser instead\.$/,
    )
    expect(run.stderr).not.toContain('    at ')
    expect(run.stdout).not.toContain('stand-in electron')
    expect(run.stdout).toContain('Parley listening on http://127.0.0.1:')
  })

  it('says the mirror is unreachable in one line and serves the browser UI', async () => {
    const { url } = await mirror({})
    await new Promise((done) => server?.close(done))
    server = undefined
    const run = await desktop({ PARLEY_ELECTRON_DIR: electronPackageCopy(), ELECTRON_MIRROR: url })
    expect(run.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(
        /^Electron can't start here \(download failed: .*ECONNREFUSED.*; get it later with `npx install-electron` in the Parley folder\); serving the same UI in your browser instead\.$/,
      ),
    ])
    expect(run.stdout).toContain('Parley listening on http://127.0.0.1:')
  })
})

describe('the download progress bar', () => {
  it('shows the share downloaded and the sizes in megabytes', () => {
    expect(progressLine('45.3.4', 48 * 1024 * 1024, 96 * 1024 * 1024)).toBe(
      'Downloading Electron 45.3.4  [############············]  50%  48.0/96.0 MB',
    )
    expect(progressLine('45.3.4', 1024 * 1024, null)).toBe('Downloading Electron 45.3.4  1.0 MB')
  })
})
