import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { contentSecurityPolicy } from '../../shared/content-security-policy'
import { createFakeElectron } from './testing/fake-electron'
import { registerAppScheme, serveRenderer } from './app-protocol'

const root = mkdtempSync(join(tmpdir(), 'parley-app-'))
const rendererDir = join(root, 'out', 'renderer')
beforeAll(() => {
  mkdirSync(join(rendererDir, 'assets'), { recursive: true })
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><p>Parley</p>')
  writeFileSync(join(rendererDir, 'assets', 'main-x.js'), 'console.log(1)')
  writeFileSync(join(root, 'out', 'secret.txt'), 'not for the page')
  symlinkSync('/etc/passwd', join(rendererDir, 'assets', 'passwd.js'))
})

const handler = () => serveRenderer(rendererDir)
const get = (url: string, method = 'GET') => handler()(new Request(url, { method }))

describe('the app:// scheme', () => {
  it('is registered before ready as a standard, secure scheme that fetch and modules can use', () => {
    const electron = createFakeElectron('app://parley/index.html')
    registerAppScheme(electron.protocol)
    expect(electron.privilegedSchemes).toEqual([
      {
        scheme: 'app',
        privileges: { standard: true, secure: true, supportFetchAPI: true, corsEnabled: true },
      },
    ])
  })

  it('serves the built page and its assets with their types and the app’s header policy', async () => {
    const page = await get('app://parley/index.html')
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(page.headers.get('content-security-policy')).toBe(contentSecurityPolicy())
    expect(await page.text()).toContain('Parley')
    const script = await get('app://parley/assets/main-x.js')
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
    expect(await script.text()).toBe('console.log(1)')
    expect((await get('app://parley/')).status).toBe(200)
  })

  it('never serves anything outside the renderer folder, whatever the path says', async () => {
    for (const url of [
      'app://parley/../secret.txt',
      'app://parley/%2e%2e/secret.txt',
      'app://parley/assets/..%2F..%2Fsecret.txt',
      'app://parley/assets%2F..%2F..%2Fsecret.txt',
      'app://parley/..%5C..%5Csecret.txt',
      'app://parley/%00index.html',
      'app://parley/%E0%A4%A',
      'app://other/index.html',
      'app://parley/assets',
      'app://parley/missing.js',
      'app://parley/assets/passwd.js',
    ]) {
      const response = await get(url)
      expect({ url, status: response.status }).toEqual({ url, status: 404 })
    }
    expect((await get('app://parley/index.html', 'POST')).status).toBe(405)
  })
})
