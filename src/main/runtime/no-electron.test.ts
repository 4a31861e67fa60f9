import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    return entry.isDirectory() ? sources(path) : /\.(ts|tsx)$/.test(entry.name) ? [path] : []
  })
}

describe('the runtime', () => {
  it('imports nothing from electron', () => {
    const offenders = sources(__dirname).filter((file) =>
      /(from\s+|import\s*\(\s*|require\s*\(\s*)['"]electron(\/[^'"]*)?['"]/.test(
        readFileSync(file, 'utf8'),
      ),
    )
    expect(offenders).toEqual([])
  })
})
