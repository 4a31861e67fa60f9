import { describe, expect, it } from 'vitest'
import { inlineStylesheets } from './inline-stylesheet'

const page = [
  '<head>',
  '<script type="module" crossorigin src="./assets/index-a.js"></script>',
  '<link rel="modulepreload" crossorigin href="./assets/jsx-b.js">',
  '<link rel="stylesheet" crossorigin href="./assets/index-c.css">',
  '<link rel="manifest" href="./manifest.webmanifest" />',
  '</head>',
].join('\n')

describe('inlining the page’s stylesheet', () => {
  it('puts the built stylesheet in the page and leaves scripts, preloads and the manifest linked', () => {
    const html = inlineStylesheets(page, new Map([['assets/index-c.css', 'body{margin:0}']]))
    expect(html).toContain('<style>body{margin:0}</style>')
    expect(html).not.toContain('index-c.css')
    expect(html).toContain('<script type="module" crossorigin src="./assets/index-a.js"></script>')
    expect(html).toContain('<link rel="modulepreload" crossorigin href="./assets/jsx-b.js">')
    expect(html).toContain('<link rel="manifest" href="./manifest.webmanifest" />')
  })

  it('keeps the link of a stylesheet it does not have, or one that would end the style element', () => {
    expect(inlineStylesheets(page, new Map())).toBe(page)
    const closing = new Map([['assets/index-c.css', 'a::after{content:"</style>"}']])
    expect(inlineStylesheets(page, closing)).toBe(page)
  })
})
