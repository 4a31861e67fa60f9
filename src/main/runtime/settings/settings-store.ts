import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { StoredSettingsSchema, type StoredSettings } from '../../../shared/settings'
import { writePrivateFile } from './private-file'

/** `<data-dir>/settings.json`. A missing or corrupt file gives defaults and a notice, never a crash. */
export class SettingsStore {
  readonly path: string
  #settings: StoredSettings = StoredSettingsSchema.parse({})
  problem: string | undefined

  constructor(dataDir: string) {
    this.path = join(dataDir, 'settings.json')
  }

  async load(): Promise<StoredSettings> {
    const text = await readFile(this.path, 'utf8').catch(() => undefined)
    if (text === undefined) return this.#settings
    try {
      const parsed = StoredSettingsSchema.safeParse(JSON.parse(text))
      if (parsed.success) this.#settings = parsed.data
      else
        this.problem = `settings.json is invalid and was ignored: ${parsed.error.issues[0]?.message ?? ''}`
    } catch {
      this.problem = 'settings.json is not valid JSON and was ignored'
    }
    return this.#settings
  }

  get current(): StoredSettings {
    return this.#settings
  }

  async update(patch: Partial<StoredSettings>): Promise<StoredSettings> {
    this.#settings = StoredSettingsSchema.parse({ ...this.#settings, ...patch })
    await writePrivateFile(this.path, `${JSON.stringify(this.#settings, null, 2)}\n`)
    return this.#settings
  }
}
