import { readFile } from 'node:fs/promises'
import { z } from 'zod'
import type { SecretName, SecretStore } from '../runtime/settings/secret-store'
import { writePrivateFile } from '../runtime/settings/private-file'
import type { DesktopSafeStorage } from './electron-port'

const SecretsSchema = z.record(z.string(), z.string())
type Secrets = z.infer<typeof SecretsSchema>

/** Thrown by `set` when the OS offers no encryption (e.g. Linux without a keyring). */
export class SecretStorageUnavailableError extends Error {}

/**
 * Provider API keys encrypted with Electron's safeStorage (the OS keychain / DPAPI / libsecret)
 * in one file readable only by the user (0600). The runtime reads keys through this store; they
 * never go back to a renderer (PublicSettings only says whether each is set). Writes are
 * serialized and atomic (write-file-atomic: temp file, fsync, rename), so a crash leaves the old or the new file, never a
 * torn one. An unreadable file counts as "no keys" rather than stopping the app.
 */
export function createSafeStorageSecretStore(
  safeStorage: DesktopSafeStorage,
  filePath: string,
): SecretStore {
  let queue: Promise<unknown> = Promise.resolve()

  async function load(): Promise<Secrets> {
    let blob: Buffer
    try {
      blob = await readFile(filePath)
    } catch {
      return {}
    }
    if (!safeStorage.isEncryptionAvailable()) return {}
    try {
      const parsed = SecretsSchema.safeParse(JSON.parse(safeStorage.decryptString(blob)))
      return parsed.success ? parsed.data : {}
    } catch {
      return {}
    }
  }

  async function save(secrets: Secrets): Promise<void> {
    await writePrivateFile(filePath, safeStorage.encryptString(JSON.stringify(secrets)))
  }

  function serialized<T>(task: () => Promise<T>): Promise<T> {
    const run = queue.then(task, task)
    queue = run.catch(() => undefined)
    return run
  }

  return {
    get: (name: SecretName) => serialized(async () => (await load())[name]),
    set: (name: SecretName, value: string | undefined) =>
      serialized(async () => {
        if (!safeStorage.isEncryptionAvailable())
          throw new SecretStorageUnavailableError(
            'This system offers no secure storage for API keys; set them through the environment instead.',
          )
        const secrets = await load()
        if (value === undefined || value === '') delete secrets[name]
        else secrets[name] = value
        await save(secrets)
      }),
  }
}
