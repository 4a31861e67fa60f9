import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { z } from 'zod'
import type { SecretName, SecretStore } from './secret-store'
import { writePrivateFile } from './private-file'

const SecretsSchema = z.record(z.string(), z.string())

/**
 * Secrets outside Electron: a 0600 file beside the settings (`secrets.json`). The desktop
 * host replaces this with one backed by Electron's safeStorage.
 */
export class FileSecretStore implements SecretStore {
  readonly path: string
  #changes: Promise<void> = Promise.resolve()

  constructor(dataDir: string) {
    this.path = join(dataDir, 'secrets.json')
  }

  async #read(): Promise<z.infer<typeof SecretsSchema>> {
    try {
      const parsed = SecretsSchema.safeParse(JSON.parse(await readFile(this.path, 'utf8')))
      return parsed.success ? parsed.data : {}
    } catch {
      return {}
    }
  }

  async get(name: SecretName): Promise<string | undefined> {
    return (await this.#read())[name]
  }

  async set(name: SecretName, value: string | undefined): Promise<void> {
    // One change at a time: two keys set at once both survive the read-modify-write.
    const change = this.#changes.then(async () => {
      const secrets = await this.#read()
      if (value === undefined || value === '') delete secrets[name]
      else secrets[name] = value
      await writePrivateFile(this.path, JSON.stringify(secrets))
    })
    this.#changes = change.catch(() => undefined)
    return change
  }
}
