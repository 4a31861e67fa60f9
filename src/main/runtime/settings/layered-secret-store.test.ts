import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { FileSecretStore } from './file-secret-store'
import { layeredSecretStore } from './layered-secret-store'
import type { SecretName, SecretStore } from './secret-store'

const dirs: string[] = []
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })))

/** Stands in for the encrypted store: a map. */
function memoryStore(): SecretStore & { held: Map<SecretName, string> } {
  const held = new Map<SecretName, string>()
  return {
    held,
    get: async (name) => held.get(name),
    set: async (name, value) => {
      if (value === undefined || value === '') held.delete(name)
      else held.set(name, value)
    },
  }
}

function plainStore(): FileSecretStore {
  const dir = mkdtempSync(join(tmpdir(), 'parley-layered-'))
  dirs.push(dir)
  return new FileSecretStore(dir)
}

describe('the desktop’s secret store over the command line’s', () => {
  it('finds a secret the command line kept (a `parley mcp login` token) when it has none of its own', async () => {
    const plain = plainStore()
    await plain.set('mcpOAuth:tracker', '{"tokens":1}')
    const store = layeredSecretStore(memoryStore(), plain)
    expect(await store.get('mcpOAuth:tracker')).toBe('{"tokens":1}')
    expect(await store.get('openaiApiKey')).toBeUndefined()
  })

  it('prefers its own copy, and a write moves the secret out of the plain file', async () => {
    const plain = plainStore()
    const safe = memoryStore()
    await plain.set('agentEnv:claude-code', 'old')
    await plain.set('openaiApiKey', 'sk-plain')
    const store = layeredSecretStore(safe, plain)
    await store.set('agentEnv:claude-code', 'new')
    expect(await store.get('agentEnv:claude-code')).toBe('new')
    expect(safe.held.get('agentEnv:claude-code')).toBe('new')
    expect(JSON.parse(readFileSync(plain.path, 'utf8'))).toEqual({ openaiApiKey: 'sk-plain' })
  })

  it('signs out everywhere: clearing a secret removes both copies', async () => {
    const plain = plainStore()
    const safe = memoryStore()
    await plain.set('mcpOAuth:tracker', 'plain')
    safe.held.set('mcpOAuth:tracker', 'safe')
    const store = layeredSecretStore(safe, plain)
    await store.set('mcpOAuth:tracker', undefined)
    expect(await store.get('mcpOAuth:tracker')).toBeUndefined()
  })
})
