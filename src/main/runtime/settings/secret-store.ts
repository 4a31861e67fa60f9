/**
 * A secret's name: a provider key, an MCP server's OAuth record (`mcpOAuth:<server key>`), or a
 * variable the person gave one ACP agent (`agentEnv:<agent key>`).
 */
export type SecretName =
  'openaiApiKey' | 'anthropicApiKey' | `mcpOAuth:${string}` | `agentEnv:${string}`

/**
 * Where secrets are kept: Electron's safeStorage on desktop, a 0600 file elsewhere. Nothing read
 * from here goes to a renderer, a log, an agent or a sandboxed command.
 */
export interface SecretStore {
  get(name: SecretName): Promise<string | undefined>
  set(name: SecretName, value: string | undefined): Promise<void>
}
