import { z } from 'zod'

/**
 * A server entry's `"oauth"`: a client registered with the server's authorization server ahead of
 * time. `clientId` may instead be an https URL with a path, a Client ID Metadata Document: Parley
 * then presents that URL as its client id where the authorization server supports it, and
 * registers dynamically where it does not. `scopes` are asked for when the server names none.
 */
export const McpOAuthConfigSchema = z.strictObject({
  clientId: z.string().min(1).max(2_048),
  clientSecret: z.string().min(1).max(4_096).optional(),
  scopes: z.array(z.string().min(1).max(256)).max(50).optional(),
})
export type McpOAuthConfig = z.infer<typeof McpOAuthConfigSchema>

/** True when a configured client id is a Client ID Metadata Document URL (https, with a path). */
export function isMetadataDocumentUrl(clientId: string): boolean {
  if (!URL.canParse(clientId)) return false
  const url = new URL(clientId)
  return url.protocol === 'https:' && url.pathname !== '/' && url.pathname !== ''
}
