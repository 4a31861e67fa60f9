import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'

/** A runtime file does one thing; past this many lines it is split by concern. */
const MAX_LINES = 400

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

describe('the runtime files', () => {
  it(`are at most ${MAX_LINES} lines each`, () => {
    const sizes = productionSources(__dirname).map((file) => ({
      file: relative(__dirname, file),
      lines: readFileSync(file, 'utf8').split('\n').length - 1,
    }))
    expect(sizes.length).toBeGreaterThan(100)
    expect(sizes.filter(({ lines }) => lines > MAX_LINES)).toEqual([])
  })
})
