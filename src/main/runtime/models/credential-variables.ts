/**
 * Variables that carry credentials Parley itself uses: the provider keys it reads
 * (`provider-config.ts`) and the other names the providers' own tools read them from. Nothing
 * Parley starts gets them: not a command the model runs (a prompt-injected one would send them
 * away), not an ACP agent (it signs in with its own), not an MCP server (not inherited and not
 * reachable through `${VAR}` in its configuration).
 */
export const CREDENTIAL_VARIABLES: readonly string[] = [
  'OPENAI_API_KEY',
  'ANTHROPIC_API_KEY',
  'ANTHROPIC_AUTH_TOKEN',
]
