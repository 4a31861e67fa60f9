import { describe, expect, it } from 'vitest'
import { isAppUrl } from './app-url'

const fileApp = 'file:///opt/Parley/resources/app.asar/out/renderer/index.html'
const devApp = 'http://localhost:5173/'

describe('isAppUrl', () => {
  it('accepts the packaged page with any fragment or query', () => {
    expect(isAppUrl(fileApp, fileApp)).toBe(true)
    expect(isAppUrl(`${fileApp}#/session/abc`, fileApp)).toBe(true)
    expect(isAppUrl(`${fileApp}?x=1`, fileApp)).toBe(true)
  })

  it('refuses another local file, even one beside the app', () => {
    expect(isAppUrl('file:///opt/Parley/resources/app.asar/out/renderer/other.html', fileApp)).toBe(
      false,
    )
    expect(isAppUrl('file:///etc/passwd', fileApp)).toBe(false)
    expect(
      isAppUrl('file://evil-host/opt/Parley/resources/app.asar/out/renderer/index.html', fileApp),
    ).toBe(false)
  })

  it('accepts the dev server origin and nothing that only looks like it', () => {
    expect(isAppUrl('http://localhost:5173/index.html#x', devApp)).toBe(true)
    expect(isAppUrl('http://localhost:5174/', devApp)).toBe(false)
    expect(isAppUrl('http://localhost:5173.evil.com/', devApp)).toBe(false)
    expect(isAppUrl('https://localhost:5173/', devApp)).toBe(false)
    expect(isAppUrl('http://localhost:5173@evil.com/', devApp)).toBe(false)
  })

  it('treats remote pages, unparsable text and other schemes as foreign', () => {
    expect(isAppUrl('https://example.com/', fileApp)).toBe(false)
    expect(isAppUrl('not a url', fileApp)).toBe(false)
    expect(isAppUrl('', fileApp)).toBe(false)
    expect(isAppUrl('javascript:alert(1)', fileApp)).toBe(false)
    expect(isAppUrl('data:text/html,<p>x</p>', 'data:text/html,<p>x</p>')).toBe(false)
    expect(isAppUrl(fileApp, 'nonsense')).toBe(false)
  })
})
