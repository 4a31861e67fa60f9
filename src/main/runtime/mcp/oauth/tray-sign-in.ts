import type { InteractionAsker } from '../../interactions/asker'
import type { SignInPrompt } from './oauth-session'

/** The line a server that needs sign-in fails with where no turn can show the tray. */
export function signInElsewhereHint(server: string): string {
  return `MCP server "${server}" needs you to sign in: use Sign in under Settings → MCP servers, or run \`parley mcp login ${server}\``
}

/**
 * How an interactive host (desktop, browser, terminal) asks for a server's sign-in: in the tray of
 * the turn whose tool call needs it, like any asker ("MCP server tracker wants you to sign in at
 * tracker.example.com": Sign in / Not now). The click opens the page in the browser; the tray
 * then says it waits until the browser comes back, and Cancel there gives the sign-in up. With no
 * turn to show it in (the server is starting), the server is left needing sign-in, with the line
 * that says where to do it.
 */
export function signInThroughTray(asker: InteractionAsker): SignInPrompt {
  return async (request) => {
    const { owner } = request
    if (!owner) return { kind: 'declined', message: signInElsewhereHint(request.server) }
    const source = {
      kind: 'mcp' as const,
      server: request.server,
      rpcId: 'sign-in',
      ...(owner.toolCallId !== undefined ? { toolCallId: owner.toolCallId } : {}),
    }
    const where = URL.canParse(request.serverUrl) ? new URL(request.serverUrl).host : request.server
    const message = `MCP server ${request.server} wants you to sign in at ${where}`
    const url = request.authorizationUrl.href
    const outcome = await asker.ask({
      sessionId: owner.sessionId,
      turnId: owner.turnId,
      source,
      body: { kind: 'link', purpose: 'sign_in', message, url },
      signal: request.signal,
    })
    if (outcome.kind !== 'answered' || outcome.value.optionId !== 'open')
      return {
        kind: 'declined',
        message: `the user chose not to sign in to MCP server "${request.server}" now`,
      }
    void asker
      .ask({
        sessionId: owner.sessionId,
        turnId: owner.turnId,
        source,
        body: { kind: 'link', purpose: 'waiting', message, url },
        signal: AbortSignal.any([request.done, request.signal]),
      })
      .then((waited) => {
        if (waited.kind === 'answered') request.abandon()
      })
    return { kind: 'opened' }
  }
}
