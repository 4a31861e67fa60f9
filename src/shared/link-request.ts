import { z } from 'zod'

/** Bounds on a link an asker wants opened. */
export const LINK_LIMITS = { url: 4_096, warning: 300, warnings: 5 } as const

/**
 * A page an asker wants the person to open (an MCP server's sign-in, an URL-mode elicitation):
 * shown in full, never fetched or prefetched by Parley, opened only by the person's click.
 * `waiting` is the same request after it was opened: "waiting for <asker>…" until it says done.
 */
export const LinkRequestSchema = z.strictObject({
  purpose: z.enum(['sign_in', 'open', 'waiting']),
  url: z.string().max(LINK_LIMITS.url),
  /** The host as the browser will reach it (punycode for an international name). */
  host: z.string().max(300),
  /** What is odd about the link (an international host, a host the text does not name). */
  warnings: z.array(z.string().max(LINK_LIMITS.warning)).max(LINK_LIMITS.warnings),
})
export type LinkRequest = z.infer<typeof LinkRequestSchema>

/** Names in a text that look like hosts ("tracker.example.com"), lower-cased. */
function hostsNamed(text: string): string[] {
  const found = text.toLowerCase().match(/\b(?:[a-z0-9-]+\.)+[a-z]{2,}\b/g) ?? []
  return [...new Set(found)].filter((host) => !/^\d+(\.\d+)*$/.test(host))
}

/** Whether `a` is `b` or one is a subdomain of the other (auth.example.com and example.com). */
function sameSite(a: string, b: string): boolean {
  return a === b || a.endsWith(`.${b}`) || b.endsWith(`.${a}`)
}

/**
 * Checks a link before it is shown: null when it is not an http(s) URL at all (such a request
 * is refused), else the host and the warnings the tray shows beside it. `text` is what the asker
 * says around it; a host it names that the link does not go to is a warning, as is an
 * international (punycode) host, whose letters may imitate another's, and plain http.
 */
export function checkLink(
  url: string,
  text: string,
): { url: string; host: string; warnings: string[] } | null {
  if (url.length > LINK_LIMITS.url || !URL.canParse(url)) return null
  const parsed = new URL(url)
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return null
  if (parsed.username !== '' || parsed.password !== '') return null
  const host = parsed.hostname
  const warnings: string[] = []
  if (host.split('.').some((label) => label.startsWith('xn--')))
    warnings.push(
      `The address uses international letters (${host}); they can imitate another site's name.`,
    )
  const loopback = host === '127.0.0.1' || host === 'localhost' || host === '[::1]'
  if (parsed.protocol === 'http:' && !loopback)
    warnings.push('The page is not encrypted (http): others on the network can read it.')
  const named = hostsNamed(text).filter((name) => !sameSite(name, host))
  if (named.length > 0 && !hostsNamed(text).some((name) => sameSite(name, host)))
    warnings.push(`The text names ${named.slice(0, 2).join(', ')}, but the link goes to ${host}.`)
  return {
    url: parsed.href,
    host,
    warnings: warnings.map((warning) => warning.slice(0, LINK_LIMITS.warning)),
  }
}

/** The URL cut around its host, so a UI can emphasise the host: `https://` · host · rest. */
export function splitAtHost(url: string): { before: string; host: string; after: string } {
  if (!URL.canParse(url)) return { before: '', host: '', after: url }
  const parsed = new URL(url)
  const start = url.indexOf(parsed.host, parsed.protocol.length)
  if (start < 0) return { before: '', host: '', after: url }
  return {
    before: url.slice(0, start),
    host: parsed.host,
    after: url.slice(start + parsed.host.length),
  }
}
