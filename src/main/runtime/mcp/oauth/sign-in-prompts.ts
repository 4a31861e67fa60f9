import type { SignInChoice, SignInRequest } from './oauth-session'

/** The one line that tells the person how to sign in where Parley cannot ask them itself. */
export function loginHint(server: string): string {
  return `MCP server "${server}" needs you to sign in: run \`parley mcp login ${server}\``
}

/** A host that cannot show a sign-in page: the server fails with the line naming the command. */
export async function signInFromCommandLine(request: SignInRequest): Promise<SignInChoice> {
  return { kind: 'declined', message: loginHint(request.server) }
}
