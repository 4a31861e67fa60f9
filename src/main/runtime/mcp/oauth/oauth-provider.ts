import { randomBytes } from 'node:crypto'
import type {
  OAuthClientProvider,
  OAuthDiscoveryState,
} from '@modelcontextprotocol/sdk/client/auth.js'
import {
  OAuthClientInformationFullSchema,
  OAuthTokensSchema,
  type OAuthClientInformationMixed,
  type OAuthClientMetadata,
  type OAuthTokens,
} from '@modelcontextprotocol/sdk/shared/auth.js'
import { isMetadataDocumentUrl, type McpOAuthConfig } from './oauth-config'
import type { McpOAuthStore, OAuthRecord } from './oauth-store'

export interface OAuthProviderOptions {
  store: McpOAuthStore
  server: string
  serverUrl: string
  oauth: McpOAuthConfig | undefined
  /** The loopback listener's redirect URI. */
  redirectUrl: string
  /** The SDK wants the person sent to `url` (it carries the `state` to expect). */
  onRedirect(url: URL): void
}

/**
 * The MCP SDK's `OAuthClientProvider` for one server: the SDK runs discovery, registration, PKCE,
 * resource indicators, scope selection, the token exchange and refresh; this provider keeps what it
 * hands over in the secret store and reports when the person has to sign in. A client configured
 * in the server's entry (`"oauth": { "clientId", "clientSecret" }`) is used as given; a `clientId`
 * that is an https URL is offered as a Client ID Metadata Document instead.
 */
export class ParleyOAuthProvider implements OAuthClientProvider {
  readonly clientMetadataUrl?: string
  #verifier: string | undefined

  constructor(private readonly options: OAuthProviderOptions) {
    const clientId = options.oauth?.clientId
    if (clientId !== undefined && isMetadataDocumentUrl(clientId)) this.clientMetadataUrl = clientId
  }

  get redirectUrl(): string {
    return this.options.redirectUrl
  }

  get clientMetadata(): OAuthClientMetadata {
    const scopes = this.options.oauth?.scopes
    return {
      client_name: 'Parley',
      redirect_uris: [this.options.redirectUrl],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
      ...(scopes && scopes.length > 0 ? { scope: scopes.join(' ') } : {}),
    }
  }

  state(): string {
    return randomBytes(24).toString('base64url')
  }

  async clientInformation(): Promise<OAuthClientInformationMixed | undefined> {
    const oauth = this.options.oauth
    if (oauth && this.clientMetadataUrl === undefined)
      return {
        client_id: oauth.clientId,
        ...(oauth.clientSecret !== undefined ? { client_secret: oauth.clientSecret } : {}),
      }
    const stored = OAuthClientInformationFullSchema.partial({ redirect_uris: true }).safeParse(
      (await this.#read()).client,
    )
    if (!stored.success) return undefined
    const client = stored.data
    // A registration for another redirect URI (another loopback port) would be refused.
    if (client.redirect_uris !== undefined && !client.redirect_uris.includes(this.redirectUrl))
      return undefined
    return client
  }

  async saveClientInformation(client: OAuthClientInformationMixed): Promise<void> {
    await this.#update((record) => ({ ...record, client: { ...client } }))
  }

  async tokens(): Promise<OAuthTokens | undefined> {
    const parsed = OAuthTokensSchema.safeParse((await this.#read()).tokens)
    return parsed.success ? parsed.data : undefined
  }

  async saveTokens(tokens: OAuthTokens): Promise<void> {
    await this.#update((record) => ({ ...record, tokens: { ...tokens }, signedInAt: Date.now() }))
  }

  redirectToAuthorization(url: URL): void {
    this.options.onRedirect(url)
  }

  saveCodeVerifier(verifier: string): void {
    this.#verifier = verifier
  }

  codeVerifier(): string {
    if (this.#verifier === undefined) throw new Error('no sign-in is in progress')
    return this.#verifier
  }

  async invalidateCredentials(
    scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery',
  ): Promise<void> {
    switch (scope) {
      case 'all':
        this.#verifier = undefined
        await this.options.store.clear(this.options.server, this.options.serverUrl)
        return
      case 'client':
        await this.#update(({ client: _client, ...rest }) => rest)
        return
      case 'tokens':
        await this.#update(({ tokens: _tokens, ...rest }) => rest)
        return
      case 'verifier':
        this.#verifier = undefined
        return
      case 'discovery':
        await this.#update(({ discovery: _discovery, ...rest }) => rest)
        return
    }
  }

  async saveDiscoveryState(state: OAuthDiscoveryState): Promise<void> {
    await this.#update((record) => ({
      ...record,
      discovery: JSON.parse(JSON.stringify(state)) as Record<string, unknown>,
    }))
  }

  async discoveryState(): Promise<OAuthDiscoveryState | undefined> {
    const discovery = (await this.#read()).discovery
    return discovery !== undefined && typeof discovery.authorizationServerUrl === 'string'
      ? (discovery as unknown as OAuthDiscoveryState)
      : undefined
  }

  #read(): Promise<OAuthRecord> {
    return this.options.store.read(this.options.server, this.options.serverUrl)
  }

  #update(change: (record: OAuthRecord) => OAuthRecord): Promise<void> {
    return this.options.store.update(this.options.server, this.options.serverUrl, change)
  }
}
