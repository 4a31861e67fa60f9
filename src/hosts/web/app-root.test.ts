import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { findAppRoot, findRendererDir } from './app-root'

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'parley-root-'))
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

describe('findAppRoot', () => {
  it('finds the checkout from source and from a bundled chunk deep under out/', async () => {
    await writeFile(join(dir, 'package.json'), JSON.stringify({ name: 'parley' }))
    await mkdir(join(dir, 'out/cli/assets'), { recursive: true })
    // A dependency's own package.json on the way up is not Parley's.
    await mkdir(join(dir, 'node_modules/dep/lib'), { recursive: true })
    await writeFile(join(dir, 'node_modules/dep/package.json'), JSON.stringify({ name: 'dep' }))
    const chunk = pathToFileURL(join(dir, 'out/cli/assets/serve-command-x.js')).href
    expect(findAppRoot(chunk)).toBe(dir)
    expect(findRendererDir(chunk)).toBe(join(dir, 'out', 'renderer'))
    expect(findAppRoot(pathToFileURL(join(dir, 'node_modules/dep/lib/x.js')).href)).toBe(dir)
  })

  it('finds this checkout from this test', () => {
    expect(findAppRoot(import.meta.url)).toBe(join(import.meta.dirname, '..', '..', '..'))
  })

  it('gives up at the filesystem root', async () => {
    expect(findAppRoot(pathToFileURL(join(dir, 'a.js')).href)).toBeNull()
  })
})
