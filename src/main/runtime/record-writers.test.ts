import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { SessionEventSchema } from '../../shared/session-events'

/** The runtime's production files: tests, benchmarks and `testing/` scaffolding left out. */
function productionSources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === 'testing' ? [] : productionSources(path)
    return /\.ts$/.test(entry.name) &&
      !/\.(test|bench|optional-test|agents-test)\.ts$/.test(entry.name)
      ? [path]
      : []
  })
}

/** Every record type of a session log. */
const RECORD_TYPES = SessionEventSchema.options.map((option) => option.shape.type.value)

/** Per record type, the runtime modules that build one (`type: 'turn_end'` in an object). */
function writersOf(): Map<string, string[]> {
  const writers = new Map<string, string[]>(RECORD_TYPES.map((type) => [type, []]))
  for (const file of productionSources(__dirname)) {
    const text = readFileSync(file, 'utf8')
    for (const [, type] of text.matchAll(/\btype:\s*['"`]([a-z_]+)['"`]/g)) {
      const modules = type === undefined ? undefined : writers.get(type)
      const name = relative(__dirname, file)
      if (modules && !modules.includes(name)) modules.push(name)
    }
  }
  return writers
}

describe('session records', () => {
  it('each record type is built by exactly one runtime module', () => {
    const shared = [...writersOf()].filter(([, modules]) => modules.length > 1)
    expect(Object.fromEntries(shared)).toEqual({})
  })

  it('every record type has its writer in the runtime', () => {
    const unwritten = [...writersOf()].filter(([, modules]) => modules.length === 0)
    expect(unwritten.map(([type]) => type)).toEqual([])
  })

  it('the grep finds a writer where one is (it would see a second)', () => {
    expect(writersOf().get('turn_end')).toEqual(['sessions/turn-records.ts'])
    expect(writersOf().get('interaction_response')).toEqual(['interactions/external-asker.ts'])
  })
})
