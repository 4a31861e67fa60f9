import { afterEach, describe, expect, it } from 'vitest'
import { LoopbackRedirect } from './loopback-redirect'

let open: LoopbackRedirect | undefined
afterEach(async () => {
  await open?.close()
  open = undefined
})

describe('the loopback redirect listener', () => {
  it('listens on 127.0.0.1 and hands over the code of the sign-in whose state it expects', async () => {
    open = await LoopbackRedirect.open()
    expect(open.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/)
    open.expect('s1')
    const result = open.wait('s1', new AbortController().signal)
    const page = await fetch(`${open.url}?code=abc&state=s1`)
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('Signed in')
    await expect(result).resolves.toEqual({ kind: 'code', code: 'abc' })
  })

  it('refuses a redirect with a state it does not expect, and still completes the right one', async () => {
    open = await LoopbackRedirect.open()
    open.expect('right')
    const result = open.wait('right', new AbortController().signal)
    expect((await fetch(`${open.url}?code=evil&state=guessed`)).status).toBe(400)
    expect((await fetch(`${open.url.replace('/callback', '/other')}?state=right`)).status).toBe(404)
    await fetch(`${open.url}?code=good&state=right`)
    await expect(result).resolves.toEqual({ kind: 'code', code: 'good' })
    // A state is used once: the same redirect again is refused.
    expect((await fetch(`${open.url}?code=again&state=right`)).status).toBe(400)
  })

  it('keeps a redirect that arrives before anyone waits, and reports the server’s refusal', async () => {
    open = await LoopbackRedirect.open()
    open.expect('early')
    await fetch(`${open.url}?error=access_denied&error_description=no%20thanks&state=early`)
    await expect(open.wait('early', new AbortController().signal)).resolves.toEqual({
      kind: 'error',
      message: 'the authorization server answered access_denied: no thanks',
    })
  })

  it('uses the port an earlier registration named when it is free', async () => {
    const first = await LoopbackRedirect.open()
    const port = Number(new URL(first.url).port)
    await first.close()
    open = await LoopbackRedirect.open(port)
    expect(new URL(open.url).port).toBe(String(port))
  })

  it('stops waiting when the sign-in is abandoned', async () => {
    open = await LoopbackRedirect.open()
    open.expect('s')
    const abort = new AbortController()
    const result = open.wait('s', abort.signal)
    abort.abort(new Error('gone'))
    await expect(result).rejects.toThrow('gone')
  })
})
