import { createReadStream } from 'node:fs'
import { realpath, stat } from 'node:fs/promises'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { extname, join, sep } from 'node:path'

const MIME_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
  '.wasm': 'application/wasm',
}

/** The content type a file is served with; unknown kinds are opaque bytes (never sniffed). */
export function mimeTypeFor(path: string): string {
  return MIME_TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream'
}

/**
 * Maps a request path to a file inside `root`, or null when it is malformed or would leave the
 * folder (`..`, encoded slashes, NUL bytes, backslashes). `/` is the app page. Pure: it does not
 * touch the disk; `serveStatic` additionally resolves symlinks before reading.
 */
export function resolveStaticPath(root: string, requestPath: string): string | null {
  const pathname = requestPath.split(/[?#]/, 1)[0] ?? ''
  let decoded: string
  try {
    decoded = decodeURIComponent(pathname)
  } catch {
    return null
  }
  if (!decoded.startsWith('/') || decoded.includes('\0') || decoded.includes('\\')) return null
  const segments = decoded.split('/').filter((segment) => segment !== '')
  if (segments.some((segment) => segment === '..' || segment === '.')) return null
  if (segments.length === 0) segments.push('index.html')
  return join(root, ...segments)
}

export interface StaticOptions {
  root: string
  /** Headers every response carries (CSP and friends). */
  headers: Readonly<Record<string, string>>
}

/** Serves a GET/HEAD for a file of the built renderer; anything else is answered plainly. */
export async function serveStatic(
  request: IncomingMessage,
  response: ServerResponse,
  options: StaticOptions,
): Promise<void> {
  const reply = (status: number, text: string) => {
    response.writeHead(status, {
      ...options.headers,
      'Content-Type': 'text/plain; charset=utf-8',
      'Cache-Control': 'no-store',
    })
    response.end(request.method === 'HEAD' ? undefined : text)
  }
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    response.setHeader('Allow', 'GET, HEAD')
    return reply(405, 'Method not allowed\n')
  }
  const path = resolveStaticPath(options.root, request.url ?? '/')
  if (path === null) return reply(400, 'Bad path\n')
  let real: string
  let rootReal: string
  try {
    ;[real, rootReal] = await Promise.all([realpath(path), realpath(options.root)])
    if (!real.startsWith(rootReal + sep) || !(await stat(real)).isFile()) throw new Error('outside')
  } catch {
    if (path === join(options.root, 'index.html'))
      return reply(503, 'The app is not built yet: run `npm run build`, then reload.\n')
    // Browsers ask for it unprompted; an empty answer keeps their console free of 404s.
    if (path === join(options.root, 'favicon.ico')) return reply(204, '')
    return reply(404, 'Not found\n')
  }
  response.writeHead(200, {
    ...options.headers,
    'Content-Type': mimeTypeFor(real),
    // Built assets carry a content hash in their name; the page itself must always be fresh.
    'Cache-Control': real.endsWith('.html') ? 'no-store' : 'public, max-age=31536000, immutable',
  })
  if (request.method === 'HEAD') {
    response.end()
    return
  }
  createReadStream(real)
    .on('error', () => response.destroy())
    .pipe(response)
}
