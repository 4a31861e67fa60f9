import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { StoredSettingsSchema, type StoredSettings } from '../../../shared/settings'
import { jsonSyntaxProblem } from './json-syntax-problem'
import { writePrivateFile } from './private-file'

/** A settings change refused because `settings.json` has a mistake that a write would erase. */
export class SettingsFileError extends Error {}

/**
 * `<data-dir>/settings.json`. A missing file gives defaults. A file with a mistake (a hand edit
 * gone wrong) is never overwritten: Parley runs on defaults, `problem` says where the mistake is
 * (`…/settings.json:3:1: …`) for every host to show, and `update` refuses until the file is
 * fixed (it reads the file again first, so fixing it while Parley runs is enough).
 */
export class SettingsStore {
  readonly path: string
  #settings: StoredSettings = StoredSettingsSchema.parse({})
  problem: string | undefined

  constructor(dataDir: string) {
    this.path = join(dataDir, 'settings.json')
  }

  async load(): Promise<StoredSettings> {
    let text: string
    try {
      text = await readFile(this.path, 'utf8')
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code
      this.problem =
        code === 'ENOENT' ? undefined : `${this.path} cannot be read (${code ?? String(error)})`
      this.#settings = StoredSettingsSchema.parse({})
      return this.#settings
    }
    let json: unknown
    try {
      json = JSON.parse(text)
    } catch (error) {
      const { line, column, message } = jsonSyntaxProblem(text, error)
      return this.#refuse(`${this.path}:${line}:${column}: ${message}`)
    }
    const parsed = StoredSettingsSchema.safeParse(json)
    if (!parsed.success) {
      const issue = parsed.error.issues[0]
      const where = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : ''
      return this.#refuse(`${this.path}: ${where}${issue?.message ?? 'not valid settings'}`)
    }
    this.problem = undefined
    this.#settings = parsed.data
    return this.#settings
  }

  #refuse(where: string): StoredSettings {
    this.problem = `${where} (the file was left as it is; Parley uses default settings and saves no settings change until it is fixed)`
    this.#settings = StoredSettingsSchema.parse({})
    return this.#settings
  }

  get current(): StoredSettings {
    return this.#settings
  }

  /** Rejects with `SettingsFileError`, writing nothing, while the file on disk has a mistake. */
  async update(patch: Partial<StoredSettings>): Promise<StoredSettings> {
    if (this.problem !== undefined) await this.load()
    if (this.problem !== undefined) throw new SettingsFileError(this.problem)
    this.#settings = StoredSettingsSchema.parse({ ...this.#settings, ...patch })
    await writePrivateFile(this.path, `${JSON.stringify(this.#settings, null, 2)}\n`)
    return this.#settings
  }
}
