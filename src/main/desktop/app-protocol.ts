import { lstat, readFile } from 'node:fs/promises'
import { extname, isAbsolute, relative, resolve, sep } from 'node:path'
import { contentSecurityPolicy } from '../../shared/content-security-policy'
import type { DesktopProtocol } from './electron-port'

/**
 * The packaged renderer is served from `app://parley/`, a custom scheme registered as standard and
 * secure, instead of `file://`: the page's origin is its own (not every file on the disk), the
 * `grantFileProtocolExtraPrivileges` fuse can be turned off, and only files inside `out/renderer`
 * can ever be loaded.
 */
export const APP_SCHEME = 'app'
export const APP_HOST = 'parley'
export const APP_PAGE_URL = `${APP_SCHEME}://${APP_HOST}/index.html`

/** Must run before the app is ready (Electron's rule for privileged schemes). */
export function registerAppScheme(
  protocol: Pick<DesktopProtocol, 'registerSchemesAsPrivileged'>,
): void {
  protocol.registerSchemesAsPrivileged([
    {
      scheme: APP_SCHEME,
      privileges: { standard: true, secure: true, supportFetchAPI: true, corsEnabled: true },
    },
  ])
}

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.webmanifest': 'application/manifest+json',
}

function isInside(root: string, target: string): boolean {
  const rel = relative(root, target)
  return rel !== '' && !rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel)
}

/** A regular file only: a symlink (which could lead anywhere) or a folder is not served. */
async function readRegularFile(path: string): Promise<Buffer> {
  if (!(await lstat(path)).isFile()) throw new Error(`${path} is not a regular file`)
  return readFile(path)
}

const notFound = () =>
  new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain' } })

/**
 * The `app://` handler: GET of a file inside `rendererDir` on host `parley`, with the app's
 * Content-Security-Policy header; anything else (another host, `..` or an encoded separator
 * that leads out, a symlink, a folder, a missing file, another method) is refused.
 */
export function serveRenderer(
  rendererDir: string,
  read: (path: string) => Promise<Buffer> = readRegularFile,
): (request: Request) => Promise<Response> {
  const root = resolve(rendererDir)
  const csp = contentSecurityPolicy()
  return async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD')
      return new Response('Method not allowed', { status: 405 })
    const url = URL.parse(request.url)
    if (url === null || url.protocol !== `${APP_SCHEME}:` || url.host !== APP_HOST)
      return notFound()
    let path: string
    try {
      path = decodeURIComponent(url.pathname)
    } catch {
      return notFound()
    }
    if (path.includes('\0') || path.includes('\\')) return notFound()
    const file = resolve(root, `.${path === '/' ? '/index.html' : path}`)
    if (!isInside(root, file)) return notFound()
    let body: Buffer
    try {
      body = await read(file)
    } catch {
      return notFound()
    }
    return new Response(request.method === 'HEAD' ? null : new Uint8Array(body), {
      status: 200,
      headers: {
        'Content-Type': CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream',
        'Content-Security-Policy': csp,
        'X-Content-Type-Options': 'nosniff',
      },
    })
  }
}

/** Longest link handed to the system browser. */
const MAX_EXTERNAL_URL = 2_048

/**
 * Whether a link from the page may be opened in the system browser: http(s) only, well formed,
 * not too long, and without credentials in it (`https://user:pass@host` reads as another host).
 * Everything else (file:, javascript:, custom app schemes that start programs) is never opened.
 */
export function isOpenableExternalUrl(url: string): boolean {
  if (url.length > MAX_EXTERNAL_URL) return false
  const parsed = URL.parse(url)
  return (
    parsed !== null &&
    (parsed.protocol === 'https:' || parsed.protocol === 'http:') &&
    parsed.hostname !== '' &&
    parsed.username === '' &&
    parsed.password === ''
  )
}
