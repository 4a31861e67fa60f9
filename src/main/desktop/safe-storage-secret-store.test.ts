import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { fakeSafeStorage } from './testing/fake-electron'
import {
  createSafeStorageSecretStore,
  SecretStorageUnavailableError,
} from './safe-storage-secret-store'

let dir: string
let file: string

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'parley-secrets-'))
  file = join(dir, 'nested', 'secrets.bin')
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

describe('the safeStorage secret store', () => {
  it('keeps a key encrypted in a file only the user can read, and gives it back', async () => {
    const store = createSafeStorageSecretStore(fakeSafeStorage(), file)
    await store.set('openaiApiKey', 'sk-live-123456')
    expect(await store.get('openaiApiKey')).toBe('sk-live-123456')
    expect(await store.get('anthropicApiKey')).toBeUndefined()
    expect((await stat(file)).mode & 0o777).toBe(0o600)
    expect((await readFile(file)).toString()).not.toContain('sk-live-123456')
  })

  it('keeps both keys independently and clears one with an empty value', async () => {
    const store = createSafeStorageSecretStore(fakeSafeStorage(), file)
    await Promise.all([store.set('openaiApiKey', 'a-key'), store.set('anthropicApiKey', 'b-key')])
    await store.set('openaiApiKey', '')
    const reopened = createSafeStorageSecretStore(fakeSafeStorage(), file)
    expect(await reopened.get('openaiApiKey')).toBeUndefined()
    expect(await reopened.get('anthropicApiKey')).toBe('b-key')
  })

  it('refuses to store a key when the system has no secure storage, and reads nothing', async () => {
    const store = createSafeStorageSecretStore(fakeSafeStorage(false), file)
    await expect(store.set('openaiApiKey', 'sk')).rejects.toBeInstanceOf(
      SecretStorageUnavailableError,
    )
    expect(await store.get('openaiApiKey')).toBeUndefined()
  })

  it('treats a corrupt or foreign file as holding no keys, and can overwrite it', async () => {
    await writeFile(join(dir, 'secrets.bin'), 'garbage')
    const store = createSafeStorageSecretStore(fakeSafeStorage(), join(dir, 'secrets.bin'))
    expect(await store.get('openaiApiKey')).toBeUndefined()
    await store.set('anthropicApiKey', 'fresh')
    expect(await store.get('anthropicApiKey')).toBe('fresh')
  })
})
