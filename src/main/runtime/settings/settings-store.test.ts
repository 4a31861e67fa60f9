import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { SettingsFileError, SettingsStore } from './settings-store'

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'parley-settings-'))
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

/** A hand-edited file: a custom agent with its env, and one trailing comma. */
const HAND_EDITED = `{
  "model": "gpt-test",
  "agents": [
    { "id": "mine", "name": "Mine", "command": "my-agent", "args": [], "env": { "TOKEN": "t" } }
  ],
}
`

describe('SettingsStore', () => {
  it('keeps a settings.json with a mistake untouched, says where the mistake is, and refuses to overwrite it', async () => {
    const path = join(dir, 'settings.json')
    await writeFile(path, HAND_EDITED)
    const store = new SettingsStore(dir)
    await store.load()
    expect(store.problem?.startsWith(`${path}:6:1: Expected double-quoted property name (`)).toBe(
      true,
    )
    await expect(store.update({ model: 'other' })).rejects.toBeInstanceOf(SettingsFileError)
    expect(await readFile(path, 'utf8')).toBe(HAND_EDITED)
  })

  it('saves again once the file was fixed, keeping what the person wrote', async () => {
    const path = join(dir, 'settings.json')
    await writeFile(path, HAND_EDITED)
    const store = new SettingsStore(dir)
    await store.load()
    await writeFile(path, HAND_EDITED.replace('],\n}', ']\n}'))
    const saved = await store.update({ defaultMode: 'explore' })
    expect(store.problem).toBeUndefined()
    expect(saved.model).toBe('gpt-test')
    const written = JSON.parse(await readFile(path, 'utf8')) as Record<string, unknown>
    expect(written).toMatchObject({
      model: 'gpt-test',
      defaultMode: 'explore',
      agents: [{ id: 'mine', env: { TOKEN: 't' } }],
    })
  })

  it('names the setting a well-formed file gets wrong, and keeps that file too', async () => {
    const path = join(dir, 'settings.json')
    await writeFile(path, '{ "defaultMode": "yolo" }\n')
    const store = new SettingsStore(dir)
    await store.load()
    expect(store.problem).toContain(`${path}: defaultMode: `)
    await expect(store.update({ model: 'x' })).rejects.toThrow(/defaultMode/)
    expect(await readFile(path, 'utf8')).toBe('{ "defaultMode": "yolo" }\n')
  })

  it('starts from defaults without a problem when there is no file', async () => {
    const store = new SettingsStore(dir)
    expect((await store.load()).defaultMode).toBe('ask')
    expect(store.problem).toBeUndefined()
    await store.update({ model: 'm' })
    expect(JSON.parse(await readFile(join(dir, 'settings.json'), 'utf8'))).toMatchObject({
      model: 'm',
    })
  })
})
