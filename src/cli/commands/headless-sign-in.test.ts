import { describe, expect, it } from 'vitest'
import { headlessSignIn } from './headless-sign-in'

const request = {
  server: 'tracker',
  serverUrl: 'https://tracker.example.com/mcp',
  authorizationUrl: new URL('https://auth.example.com/authorize?state=s'),
  signal: new AbortController().signal,
  done: new AbortController().signal,
  abandon: () => {},
}

describe('a sign-in during headless parley run', () => {
  it('opens no browser without $BROWSER and fails the server with one line naming the login command', async () => {
    const lines: string[] = []
    const opened: string[] = []
    const prompt = headlessSignIn(
      {},
      (line) => lines.push(line),
      async (url) => {
        opened.push(url)
        return true
      },
    )
    const choice = await prompt(request)
    expect(choice).toEqual({
      kind: 'declined',
      message: 'MCP server "tracker" needs you to sign in: run `parley mcp login tracker`',
    })
    expect(lines).toEqual([
      'MCP server "tracker" needs you to sign in: run `parley mcp login tracker`',
    ])
    expect(opened).toEqual([])
  })

  it('sends the page to $BROWSER when it is set', async () => {
    const opened: string[] = []
    const prompt = headlessSignIn(
      { BROWSER: 'my-browser' },
      () => {},
      async (url) => {
        opened.push(url)
        return true
      },
    )
    expect(await prompt(request)).toEqual({ kind: 'opened' })
    expect(opened).toEqual(['https://auth.example.com/authorize?state=s'])
  })

  it('says so when $BROWSER cannot be started', async () => {
    const lines: string[] = []
    const prompt = headlessSignIn(
      { BROWSER: 'nothere' },
      (line) => lines.push(line),
      async () => false,
    )
    expect((await prompt(request)).kind).toBe('declined')
    expect(lines[0]).toMatch(/^\$BROWSER could not be started; .*parley mcp login tracker/)
  })
})
