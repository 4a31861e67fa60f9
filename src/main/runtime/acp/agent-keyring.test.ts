import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { FileSecretStore } from '../settings/file-secret-store'
import { agentSecretName, secretKeyring } from './agent-keyring'

const dirs: string[] = []
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })))

function store(): FileSecretStore {
  const dir = mkdtempSync(join(tmpdir(), 'parley-keyring-'))
  dirs.push(dir)
  return new FileSecretStore(dir)
}

const CLAUDE = {
  id: 'claude-code',
  command: 'npx',
  args: ['@agentclientprotocol/claude-agent-acp'],
}

describe('agent keyring', () => {
  it('keeps a variable given to one agent in the private secrets file, under that agent only', async () => {
    const secrets = store()
    await secretKeyring(secrets, CLAUDE).give('ANTHROPIC_API_KEY', 'sk-1')
    await secretKeyring(secrets, CLAUDE).give('OPENAI_API_KEY', 'sk-2')
    expect(await secretKeyring(secrets, CLAUDE).load()).toEqual({
      ANTHROPIC_API_KEY: 'sk-1',
      OPENAI_API_KEY: 'sk-2',
    })
    expect(await secretKeyring(secrets, { ...CLAUDE, id: 'codex' }).load()).toEqual({})
    expect(statSync(secrets.path).mode & 0o777).toBe(0o600)
    expect(Object.keys(JSON.parse(readFileSync(secrets.path, 'utf8')))).toEqual([
      'agentEnv:claude-code',
    ])
  })

  it('tells apart agents named only with --acp by their command line', () => {
    const a = agentSecretName({ id: 'command-line', command: 'npx', args: ['agent-a'] })
    const b = agentSecretName({ id: 'command-line', command: 'npx', args: ['agent-b'] })
    expect(a).toMatch(/^agentEnv:command-line:[0-9a-f]{16}$/)
    expect(a).not.toBe(b)
    expect(agentSecretName({ id: 'command-line', command: 'npx', args: ['agent-a'] })).toBe(a)
  })

  it('reads a damaged entry as nothing given', async () => {
    const secrets = store()
    await secrets.set('agentEnv:claude-code', 'not json')
    expect(await secretKeyring(secrets, CLAUDE).load()).toEqual({})
  })
})
