import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

/** What the authorization server sent back to the loopback listener. */
export type RedirectResult =
  | { kind: 'code'; code: string }
  /** The authorization server refused (`error`, `error_description`), or the person declined. */
  | { kind: 'error'; message: string }

const CALLBACK_PATH = '/callback'

function page(title: string, text: string): string {
  return `<!doctype html><meta charset="utf-8"><title>${title}</title><body style="font:16px system-ui;margin:3em"><h1>${title}</h1><p>${text}</p></body>`
}

/**
 * The redirect target of an MCP server's sign-in: an HTTP listener on 127.0.0.1 at a port the
 * system picks (or the one an earlier registration used, when free). It answers only
 * `GET /callback` with the `state` of the sign-in it is waiting for; any other request, or an
 * unknown state, is refused and changes nothing, so a page that guesses the port cannot complete
 * a sign-in it did not start.
 */
export class LoopbackRedirect {
  #waiting = new Map<string, (result: RedirectResult) => void>()
  #early = new Map<string, RedirectResult>()
  #expected = new Set<string>()

  private constructor(private readonly server: Server) {}

  /** Listens on 127.0.0.1 (`preferredPort` when it is free, else any free port). */
  static async open(preferredPort?: number): Promise<LoopbackRedirect> {
    const server = createServer()
    const redirect = new LoopbackRedirect(server)
    server.on('request', (request, response) => {
      const url = new URL(request.url ?? '/', 'http://127.0.0.1')
      const state = url.searchParams.get('state')
      if (request.method !== 'GET' || url.pathname !== CALLBACK_PATH || state === null) {
        response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found')
        return
      }
      const result = redirect.#take(state, url.searchParams)
      if (!result) {
        response
          .writeHead(400, { 'content-type': 'text/html; charset=utf-8' })
          .end(
            page(
              'Not this sign-in',
              'Parley is not waiting for this sign-in. Start it again from Parley.',
            ),
          )
        return
      }
      response
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        .end(
          result.kind === 'code'
            ? page('Signed in', 'You can close this tab and go back to Parley.')
            : page('Sign-in failed', result.message.replace(/[<>&"]/g, '')),
        )
    })
    const listen = (port: number) =>
      new Promise<void>((resolve, reject) => {
        server.once('error', reject)
        server.listen(port, '127.0.0.1', () => {
          server.off('error', reject)
          resolve()
        })
      })
    try {
      await listen(preferredPort ?? 0)
    } catch (caught) {
      if (preferredPort === undefined) throw caught
      await listen(0)
    }
    server.unref()
    return redirect
  }

  /** The redirect URI to register and send: `http://127.0.0.1:PORT/callback`. */
  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}${CALLBACK_PATH}`
  }

  /** Starts waiting for the redirect that carries `state` (call before the browser is opened). */
  expect(state: string): void {
    this.#expected.add(state)
  }

  /**
   * The result of the sign-in with `state` (which must have been expected), once the browser
   * comes back; rejects when `signal` aborts first.
   */
  wait(state: string, signal: AbortSignal): Promise<RedirectResult> {
    const early = this.#early.get(state)
    if (early) {
      this.#early.delete(state)
      return Promise.resolve(early)
    }
    return new Promise((resolve, reject) => {
      const onAbort = () => {
        this.#waiting.delete(state)
        this.#expected.delete(state)
        reject(signal.reason)
      }
      if (signal.aborted) return onAbort()
      signal.addEventListener('abort', onAbort, { once: true })
      this.#waiting.set(state, (result) => {
        signal.removeEventListener('abort', onAbort)
        resolve(result)
      })
    })
  }

  close(): Promise<void> {
    return new Promise((resolve) => {
      this.server.closeAllConnections()
      this.server.close(() => resolve())
    })
  }

  #take(state: string, params: URLSearchParams): RedirectResult | null {
    if (!this.#expected.has(state)) return null
    this.#expected.delete(state)
    const code = params.get('code')
    const error = params.get('error')
    const result: RedirectResult =
      code !== null && error === null
        ? { kind: 'code', code }
        : {
            kind: 'error',
            message: `the authorization server answered ${(error ?? 'without a code').slice(0, 100)}${
              params.get('error_description')
                ? `: ${(params.get('error_description') ?? '').slice(0, 300)}`
                : ''
            }`,
          }
    const waiter = this.#waiting.get(state)
    if (waiter) {
      this.#waiting.delete(state)
      waiter(result)
    } else this.#early.set(state, result)
    return result
  }
}
