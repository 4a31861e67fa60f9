import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { contentSecurityPolicy, withContentSecurityPolicy } from './content-security-policy'

const indexHtml = readFileSync(join(import.meta.dirname, '..', 'renderer', 'index.html'), 'utf8')

describe('one generated Content-Security-Policy for the page and the header', () => {
  it('the built page carries the generated policy in its meta tag, without a socket wildcard', () => {
    const page = withContentSecurityPolicy(indexHtml)
    const meta = /http-equiv="Content-Security-Policy"\s+content="([^"]*)"/.exec(page)?.[1]
    expect(meta).toBe(contentSecurityPolicy([], { delivery: 'meta' }))
    expect(meta).toContain("connect-src 'self';")
    expect(meta).not.toMatch(/\b(ws|wss|http|https):(\s|;|$)/)
  })

  it('the meta form is the header form less frame-ancestors, which a meta tag cannot carry', () => {
    expect(contentSecurityPolicy()).toBe(
      `${contentSecurityPolicy([], { delivery: 'meta' })}; frame-ancestors 'none'`,
    )
  })

  it('a page without the placeholder is refused rather than shipped without a policy', () => {
    expect(() => withContentSecurityPolicy('<html></html>')).toThrow(
      /PARLEY_CONTENT_SECURITY_POLICY/,
    )
  })
})
