import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { FileSecretStore } from './file-secret-store'
import { writePrivateFile, writePrivateFileSync } from './private-file'

let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'parley-private-'))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

const isPosix = process.platform !== 'win32'

describe('a private file', () => {
  it('is written in a folder created for it, readable by the user only, whatever the umask', async () => {
    const previous = process.umask(0o000)
    try {
      const file = join(dir, 'nested', 'settings.json')
      await writePrivateFile(file, '{"a":1}\n')
      expect(readFileSync(file, 'utf8')).toBe('{"a":1}\n')
      if (isPosix) expect(statSync(file).mode & 0o777).toBe(0o600)
    } finally {
      process.umask(previous)
    }
  })

  it('replaces a file that others could read with one only the user can', async () => {
    const file = join(dir, 'secrets.json')
    writeFileSync(file, 'old', { mode: 0o644 })
    await writePrivateFile(file, 'new')
    expect(readFileSync(file, 'utf8')).toBe('new')
    if (isPosix) expect(statSync(file).mode & 0o777).toBe(0o600)
  })

  it('ends with the content of the last of several writes started at once, and no temporary file', async () => {
    const file = join(dir, 'draft.json')
    await Promise.all(
      Array.from({ length: 20 }, (_, i) => writePrivateFile(file, JSON.stringify({ i }))),
    )
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ i: 19 })
    expect(readdirSync(dir)).toEqual(['draft.json'])
  })

  it('leaves no temporary file behind when the write fails', async () => {
    // A folder where the file should be: the final rename fails.
    const file = join(dir, 'taken')
    await writePrivateFile(join(file, 'inner'), 'x')
    await expect(writePrivateFile(file, 'y')).rejects.toThrow()
    expect(readdirSync(dir)).toEqual(['taken'])
  })

  it('fails as a rejected promise, never a throw, when its folder cannot be made', async () => {
    writeFileSync(join(dir, 'file'), 'x')
    const writing = writePrivateFile(join(dir, 'file', 'inner.json'), '{}')
    await expect(writing).rejects.toThrow()
  })

  it('is written synchronously too, for a cache, with the same mode', () => {
    const file = join(dir, 'session-index.json')
    writePrivateFileSync(file, '{}', { fsync: false })
    expect(readFileSync(file, 'utf8')).toBe('{}')
    if (isPosix) expect(statSync(file).mode & 0o777).toBe(0o600)
    expect(readdirSync(dir)).toEqual(['session-index.json'])
  })
})

describe('the file secret store', () => {
  it('keeps both keys when they are set at the same time', async () => {
    const store = new FileSecretStore(dir)
    await Promise.all([
      store.set('openaiApiKey', 'sk-open'),
      store.set('anthropicApiKey', 'sk-ant'),
    ])
    const again = new FileSecretStore(dir)
    expect(await again.get('openaiApiKey')).toBe('sk-open')
    expect(await again.get('anthropicApiKey')).toBe('sk-ant')
    if (isPosix) expect(statSync(store.path).mode & 0o777).toBe(0o600)
  })
})
