/**
 * The renderer page with its own stylesheets inlined: the first frame (the shell's outline, drawn
 * from the HTML) then waits for nothing but the page itself, not for a second request (a cache
 * read at best) before it may paint. The page's policy allows inline styles (`style-src 'self'
 * 'unsafe-inline'`), never inline scripts. `stylesheets` maps a built file's name (as the page
 * links it, `assets/index-….css`) to its text; links to anything else are left as they are.
 */
export function inlineStylesheets(html: string, stylesheets: ReadonlyMap<string, string>): string {
  return html.replace(/<link\b[^>]*>/g, (tag) => {
    if (!/\brel="stylesheet"/.test(tag)) return tag
    const href = /\bhref="(?:\.\/|\/)?([^"]+)"/.exec(tag)?.[1]
    const css = href === undefined ? undefined : stylesheets.get(href)
    // `</style` inside the text would end the element early; a built stylesheet never has it.
    if (css === undefined || /<\/style/i.test(css)) return tag
    return `<style>${css}</style>`
  })
}
