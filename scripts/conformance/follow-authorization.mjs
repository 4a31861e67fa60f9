// A stand-in for the person's browser in the MCP conformance suite: `$BROWSER` runs it with the
// authorization URL. It fetches the page and follows the redirects, which end at Parley's
// loopback listener, exactly as a browser would after the person signed in.
import process from 'node:process'

const url = process.argv.at(-1)
if (url === undefined || !/^https?:\/\//.test(url)) {
  process.stderr.write('follow-authorization: expected the authorization URL\n')
  process.exit(2)
}
const response = await globalThis.fetch(url, { redirect: 'follow' })
await response.text()
process.exit(response.ok ? 0 : 1)
