/**
 * The Content-Security-Policy every host serves the renderer with: only the app's own scripts,
 * styles and images; no remote code, no plugins, no framing, no form posts. `connectSources` adds
 * what a host needs beyond 'self' (the web host: its own WebSocket origin).
 */
export function contentSecurityPolicy(connectSources: readonly string[] = []): string {
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
    "frame-ancestors 'none'",
  ].join('; ')
}
