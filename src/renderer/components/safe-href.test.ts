import { describe, expect, it } from 'vitest'
import { safeHref } from './safe-href'
import { shortPath } from './short-path'

describe('safeHref', () => {
  it('allows only absolute http, https and mailto links', () => {
    expect(safeHref('https://example.com/a')).toBe('https://example.com/a')
    expect(safeHref('mailto:a@b.c')).toBe('mailto:a@b.c')
    expect(safeHref('javascript:alert(1)')).toBeUndefined()
    expect(safeHref('file:///etc/passwd')).toBeUndefined()
    expect(safeHref('/settings')).toBeUndefined()
    expect(safeHref('data:text/html,hi')).toBeUndefined()
  })
})

describe('shortPath', () => {
  it('keeps the last two segments of a long path', () => {
    expect(shortPath('/tmp/parley/work/app')).toBe('…/work/app')
    expect(shortPath('/work/app')).toBe('/work/app')
    expect(shortPath('C:\\Users\\me\\code')).toBe('…/me/code')
  })
})
