const SAFE_PROTOCOLS = new Set(['http:', 'https:', 'mailto:'])

/**
 * The link target if it is an absolute http, https or mailto URL; undefined for anything else
 * (javascript:, file:, data:, relative paths that would navigate inside the app).
 */
export function safeHref(url: string): string | undefined {
  try {
    const parsed = new URL(url)
    return SAFE_PROTOCOLS.has(parsed.protocol) ? parsed.href : undefined
  } catch {
    return undefined
  }
}
