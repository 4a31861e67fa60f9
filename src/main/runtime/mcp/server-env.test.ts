import { describe, expect, it } from 'vitest'
import { expandVariables, serverEnvironment } from './server-env'

describe('a stdio server’s environment', () => {
  it('inherits only the safe names, then its configured env, and never the provider keys', () => {
    const env = serverEnvironment(
      { DEBUG: '1', PATH: '/custom' },
      {
        PATH: '/usr/bin',
        HOME: '/home/ada',
        LANG: 'C.UTF-8',
        OPENAI_API_KEY: 'sk',
        ANTHROPIC_API_KEY: 'sk-ant',
        ANTHROPIC_AUTH_TOKEN: 'tok',
        GITHUB_TOKEN: 'ghp',
        BASH_FUNC_x: '() { evil; }',
        SHELL: '() { evil; }',
      },
    )
    expect(env).toEqual({ PATH: '/custom', HOME: '/home/ada', LANG: 'C.UTF-8', DEBUG: '1' })
  })
})

describe('${VAR} expansion', () => {
  const env = { TOKEN: 'abc', EMPTY: '' }

  it('replaces set variables and uses defaults for unset or empty ones', () => {
    expect(expandVariables('Bearer ${TOKEN}', env)).toEqual({ ok: true, value: 'Bearer abc' })
    expect(expandVariables('${EMPTY:-dflt}/${NOPE:-x}', env)).toEqual({ ok: true, value: 'dflt/x' })
    expect(expandVariables('$TOKEN and ${not valid}', env)).toEqual({
      ok: true,
      value: '$TOKEN and ${not valid}',
    })
  })

  it('refuses an unset variable without default and any provider key', () => {
    expect(expandVariables('${NOPE}', env)).toEqual({
      ok: false,
      message: 'refers to ${NOPE}, which is not set',
    })
    expect(expandVariables('${OPENAI_API_KEY:-x}', { OPENAI_API_KEY: 'sk' })).toEqual({
      ok: false,
      message: 'refers to ${OPENAI_API_KEY}; Parley never passes its provider keys to MCP servers',
    })
  })
})
