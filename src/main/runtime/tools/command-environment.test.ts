import { describe, expect, it } from 'vitest'
import { commandEnvironment } from './command-environment'

const base: NodeJS.ProcessEnv = {
  PATH: '/usr/bin',
  HOME: '/home/ann',
  LANG: 'C.UTF-8',
  LC_TIME: 'de_DE.UTF-8',
  TERM: 'xterm',
  SSL_CERT_FILE: '/etc/ssl/cert.pem',
  GITHUB_TOKEN: 'ghp_canary',
  GEMINI_API_KEY: 'canary',
  AWS_SECRET_ACCESS_KEY: 'canary',
  SSH_AUTH_SOCK: '/run/user/0/ssh',
  DBUS_SESSION_BUS_ADDRESS: 'unix:path=/run/user/0/bus',
  OPENAI_API_KEY: 'sk-canary',
  MY_TOOL_HOME: '/opt/tool',
  HIDES_KEY: 'x-sk-stored-secret-x',
  BASH_FUNC_f: '() { echo hi; }',
}

describe('the environment of a command', () => {
  it('passes only the fixed allow-list and the locale: no token, agent socket or bus address', () => {
    const env = commandEnvironment({ base, allowed: [], storedSecrets: [], platform: 'linux' })
    expect(env).toEqual({
      PATH: '/usr/bin',
      HOME: '/home/ann',
      LANG: 'C.UTF-8',
      LC_TIME: 'de_DE.UTF-8',
      TERM: 'xterm',
      SSL_CERT_FILE: '/etc/ssl/cert.pem',
    })
  })

  it('passes a variable the person allowed by name, but never a provider key or a stored key', () => {
    const env = commandEnvironment({
      base,
      allowed: ['MY_TOOL_HOME', 'OPENAI_API_KEY', 'HIDES_KEY', 'BASH_FUNC_f'],
      storedSecrets: ['sk-stored-secret', undefined],
      platform: 'linux',
    })
    expect(env.MY_TOOL_HOME).toBe('/opt/tool')
    expect(env).not.toHaveProperty('OPENAI_API_KEY')
    expect(env).not.toHaveProperty('HIDES_KEY')
    expect(env).not.toHaveProperty('BASH_FUNC_f')
  })

  it("keeps what Windows' programs need to start, whatever the case of their names", () => {
    const env = commandEnvironment({
      base: { Path: 'C:\\Windows', SystemRoot: 'C:\\Windows', GITHUB_TOKEN: 'x' },
      allowed: [],
      storedSecrets: [],
      platform: 'win32',
    })
    expect(env).toEqual({ Path: 'C:\\Windows', SystemRoot: 'C:\\Windows' })
  })
})
