import { LoopbackRedirect } from './loopback-redirect'
import type { McpOAuthConfig } from './oauth-config'
import { ParleyOAuthProvider } from './oauth-provider'
import type { McpOAuthStore } from './oauth-store'

/** One request to the person to sign in to a server. */
export interface SignInRequest {
  server: string
  /** The authorization server's page (never fetched by Parley; only the person's browser opens it). */
  authorizationUrl: URL
  /** The server's own URL, for the text ("wants you to sign in at HOST"). */
  serverUrl: string
  /** Aborted when the sign-in is no longer wanted (the server stopped, Parley closes). */
  signal: AbortSignal
  /** The tool call that needs it (a token expired, or lacks a scope), when there is one. */
  owner?: SignInOwner
  /** Aborted once the browser came back (or the sign-in ended otherwise). */
  done: AbortSignal
  /** The person gave up on it after opening the page (the waiting tray's Cancel). */
  abandon(): void
}

/** The turn and tool call a sign-in happens in. */
export interface SignInOwner {
  sessionId: string
  turnId: string
  toolCallId?: string
}

/** What the person (or the host standing in for them) did about a sign-in request. */
export type SignInChoice =
  /** The page was opened in a browser: the result comes back to the loopback listener. */
  | { kind: 'opened' }
  /** Not now, or nobody can be asked (headless without $BROWSER): the message says what to do. */
  | { kind: 'declined'; message: string }

/** How a host gets a server's sign-in page in front of the person. */
export type SignInPrompt = (request: SignInRequest) => Promise<SignInChoice>

/** What every MCP server's sign-in needs: where records are kept, and how to ask. */
export interface McpOAuthDeps {
  store: McpOAuthStore
  prompt: SignInPrompt
  /** How long a sign-in page may stay open before it is given up (default 10 minutes). */
  timeoutMs?: number
}

/** A sign-in that did not complete; the message says why and what to do. */
export class SignInError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'SignInError'
  }
}

/** How often one connection may send the person to sign in before it gives up. */
export const SIGN_IN_ATTEMPTS = 3

/**
 * One server's OAuth for the life of one connection: the SDK's provider, the loopback listener
 * it redirects to, and the step that gets the authorization code from the person once the SDK
 * answered `UnauthorizedError` (it has already sent them nowhere: `redirectToAuthorization` only
 * records the page).
 */
export class McpOAuthSession {
  #pending: URL | undefined
  #attempts = 0
  readonly #abort = new AbortController()

  private constructor(
    readonly provider: ParleyOAuthProvider,
    private readonly loopback: LoopbackRedirect,
    private readonly options: { server: string; serverUrl: string; deps: McpOAuthDeps },
  ) {}

  static async open(options: {
    server: string
    serverUrl: string
    oauth: McpOAuthConfig | undefined
    deps: McpOAuthDeps
  }): Promise<McpOAuthSession> {
    const stored = await options.deps.store.read(options.server, options.serverUrl)
    const loopback = await LoopbackRedirect.open(registeredPort(stored.client))
    const redirects: { to?: (url: URL) => void } = {}
    const provider = new ParleyOAuthProvider({
      store: options.deps.store,
      server: options.server,
      serverUrl: options.serverUrl,
      oauth: options.oauth,
      redirectUrl: loopback.url,
      onRedirect: (url) => redirects.to?.(url),
    })
    const session = new McpOAuthSession(provider, loopback, options)
    redirects.to = (url) => {
      session.#pending = url
    }
    return session
  }

  /**
   * After the SDK asked for a sign-in: puts the page to the person and waits for the browser to
   * come back. Resolves with the authorization code; rejects with a `SignInError` when they
   * declined, the authorization server refused, the page timed out, or this happened too often.
   */
  async completeSignIn(signal?: AbortSignal, owner?: SignInOwner): Promise<string> {
    const url = this.#pending
    this.#pending = undefined
    if (url === undefined)
      throw new SignInError(
        `MCP server "${this.options.server}" refused Parley's credentials after sign-in`,
      )
    if (++this.#attempts > SIGN_IN_ATTEMPTS)
      throw new SignInError(
        `MCP server "${this.options.server}" kept asking for sign-in (${SIGN_IN_ATTEMPTS} times); Parley stopped asking`,
      )
    const state = url.searchParams.get('state') ?? ''
    this.loopback.expect(state)
    const timeoutMs = this.options.deps.timeoutMs ?? 600_000
    const abandoned = new AbortController()
    const done = new AbortController()
    const stop = AbortSignal.any([
      this.#abort.signal,
      abandoned.signal,
      AbortSignal.timeout(timeoutMs),
      ...(signal ? [signal] : []),
    ])
    let result
    try {
      const choice = await this.options.deps.prompt({
        server: this.options.server,
        serverUrl: this.options.serverUrl,
        authorizationUrl: url,
        signal: stop,
        ...(owner ? { owner } : {}),
        done: done.signal,
        abandon: () => abandoned.abort(),
      })
      if (choice.kind === 'declined') throw new SignInError(choice.message)
      try {
        result = await this.loopback.wait(state, stop)
      } catch {
        throw new SignInError(
          this.#abort.signal.aborted || abandoned.signal.aborted || signal?.aborted
            ? `the sign-in to MCP server "${this.options.server}" was abandoned`
            : `the sign-in to MCP server "${this.options.server}" was not completed within ${Math.round(timeoutMs / 60_000)} minutes`,
        )
      }
    } finally {
      done.abort()
    }
    if (result.kind === 'error')
      throw new SignInError(
        `signing in to MCP server "${this.options.server}" failed: ${result.message}`,
      )
    return result.code
  }

  /** A sign-in succeeded and was used: the next one counts from zero again. */
  succeeded(): void {
    this.#attempts = 0
  }

  async close(): Promise<void> {
    this.#abort.abort()
    await this.loopback.close()
  }
}

/** The loopback port a stored dynamic registration was made for, so it can be used again. */
function registeredPort(client: Record<string, unknown> | undefined): number | undefined {
  const uris = client?.redirect_uris
  if (!Array.isArray(uris)) return undefined
  for (const uri of uris) {
    if (typeof uri !== 'string' || !URL.canParse(uri)) continue
    const parsed = new URL(uri)
    if (parsed.hostname === '127.0.0.1' && parsed.port !== '') return Number(parsed.port)
  }
  return undefined
}
