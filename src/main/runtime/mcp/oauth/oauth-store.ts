import { createHash } from 'node:crypto'
import { z } from 'zod'
import type { SecretStore } from '../../settings/secret-store'

/**
 * What Parley keeps for one MCP server's sign-in, as the SDK's `auth()` hands it over: the client
 * registration, the tokens and the discovered metadata. Kept as JSON the SDK parses again when it
 * reads it; nothing here is ever written to `mcp.json`, a log or a renderer.
 */
const OAuthRecordSchema = z.object({
  /** The server URL the record belongs to (a changed URL is a different server). */
  serverUrl: z.string(),
  client: z.record(z.string(), z.unknown()).optional(),
  tokens: z.record(z.string(), z.unknown()).optional(),
  discovery: z.record(z.string(), z.unknown()).optional(),
  /** When the last tokens were saved (ms since the epoch). */
  signedInAt: z.number().optional(),
})
export type OAuthRecord = z.infer<typeof OAuthRecordSchema>

/** The secret's name for a server: its name and URL, hashed so neither is spelled out. */
function secretName(server: string, serverUrl: string): `mcpOAuth:${string}` {
  const digest = createHash('sha256').update(`${server}\n${serverUrl}`).digest('hex')
  return `mcpOAuth:${digest.slice(0, 32)}`
}

/**
 * MCP servers' OAuth records in the secret store (safeStorage on desktop, the 0600 `secrets.json`
 * elsewhere), one secret per server name and URL. Updates to one server run one at a time.
 */
export class McpOAuthStore {
  #queue: Promise<unknown> = Promise.resolve()

  constructor(private readonly secrets: SecretStore) {}

  async read(server: string, serverUrl: string): Promise<OAuthRecord> {
    const text = await this.secrets.get(secretName(server, serverUrl))
    if (text === undefined) return { serverUrl }
    try {
      const parsed = OAuthRecordSchema.safeParse(JSON.parse(text))
      return parsed.success && parsed.data.serverUrl === serverUrl ? parsed.data : { serverUrl }
    } catch {
      return { serverUrl }
    }
  }

  /** Applies `change` to the stored record (read-modify-write, one at a time). */
  update(
    server: string,
    serverUrl: string,
    change: (record: OAuthRecord) => OAuthRecord,
  ): Promise<void> {
    const run = this.#queue.then(async () => {
      const next = change(await this.read(server, serverUrl))
      await this.secrets.set(secretName(server, serverUrl), JSON.stringify(next))
    })
    this.#queue = run.catch(() => undefined)
    return run
  }

  /** Forgets the server's sign-in (tokens, registration, metadata). */
  clear(server: string, serverUrl: string): Promise<void> {
    const run = this.#queue.then(() => this.secrets.set(secretName(server, serverUrl), undefined))
    this.#queue = run.catch(() => undefined)
    return run
  }

  /** Whether the server has tokens saved. */
  async signedIn(server: string, serverUrl: string): Promise<boolean> {
    return (await this.read(server, serverUrl)).tokens !== undefined
  }
}
