/** How a policy reaches the page: an HTTP header, or the page's own `<meta http-equiv>` tag. */
export type PolicyDelivery = 'header' | 'meta'

/**
 * The Content-Security-Policy every host serves the renderer with: only the app's own scripts,
 * styles and images; no remote code, no plugins, no framing, no form posts. `connectSources` adds
 * what a host needs beyond 'self' (the web host: its own WebSocket origin; a same-origin socket is
 * already 'self'). One generator for the header and for the page's meta tag (built into
 * index.html), so the two can never drift; the meta form leaves out `frame-ancestors`, which a
 * meta tag cannot carry.
 */
export function contentSecurityPolicy(
  connectSources: readonly string[] = [],
  { delivery = 'header' }: { delivery?: PolicyDelivery } = {},
): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    // React and markdown renderers set inline style attributes; no inline <script> is ever allowed.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    ['connect-src', "'self'", ...connectSources].join(' '),
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    ...(delivery === 'header' ? ["frame-ancestors 'none'"] : []),
  ].join('; ')
}

/** The placeholder `src/renderer/index.html` carries where the build writes the policy. */
export const CSP_PLACEHOLDER = '%PARLEY_CONTENT_SECURITY_POLICY%'

/**
 * The renderer page with its meta policy filled in (the build's index.html transform). Throws
 * when the placeholder is missing, so a page can never ship without its policy.
 */
export function withContentSecurityPolicy(html: string): string {
  if (!html.includes(CSP_PLACEHOLDER))
    throw new Error(`index.html has no ${CSP_PLACEHOLDER} to fill with the Content-Security-Policy`)
  return html.replaceAll(CSP_PLACEHOLDER, contentSecurityPolicy([], { delivery: 'meta' }))
}
