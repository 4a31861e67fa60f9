import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { DraftStore } from './draft-store'

const made: string[] = []
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true })
})

function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'parley-drafts-'))
  made.push(dir)
  return dir
}

const Draft = z.object({ index: z.number() })

describe('drafts', () => {
  it('saved one after another without waiting, the last one is what a restart reads', async () => {
    const dir = dataDir()
    const drafts = new DraftStore(dir)
    for (let index = 0; index < 5; index++) void drafts.save('req-1', { index })
    await drafts.flush()
    expect(new DraftStore(dir).load('req-1', Draft)).toEqual({ index: 4 })
  })

  it('dropped while a save is still on its way, stays dropped', async () => {
    const dir = dataDir()
    const drafts = new DraftStore(dir)
    const saving = drafts.save('req-1', { index: 1 })
    drafts.drop('req-1')
    await saving
    await drafts.flush()
    expect(existsSync(join(dir, 'drafts', 'req-1.json'))).toBe(false)
    expect(readdirSync(join(dir, 'drafts'))).toEqual([])
  })
})
