import type { SignInPrompt } from '../../main/runtime/mcp/oauth/oauth-session'
import { loginHint } from '../../main/runtime/mcp/oauth/sign-in-prompts'
import { openInBrowser } from '../../main/runtime/mcp/oauth/open-browser'

/**
 * How `parley run` answers an MCP server's sign-in: nobody is there, so no browser is opened
 * unless `$BROWSER` names one (then the page goes to it, as other command-line tools do);
 * otherwise the server fails and one line names `parley mcp login NAME`.
 */
export function headlessSignIn(
  env: NodeJS.ProcessEnv,
  say: (line: string) => void,
  open: (url: string) => Promise<boolean> = (url) => openInBrowser(url, { env, fallback: false }),
): SignInPrompt {
  return async (request) => {
    const hint = loginHint(request.server)
    if (env.BROWSER !== undefined && env.BROWSER.trim() !== '') {
      if (await open(request.authorizationUrl.href)) return { kind: 'opened' }
      say(`$BROWSER could not be started; ${hint}`)
      return { kind: 'declined', message: hint }
    }
    say(hint)
    return { kind: 'declined', message: hint }
  }
}
