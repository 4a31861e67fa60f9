// src/ has no import circles, type-only imports included (.dependency-cruiser.cjs; `npm run lint`
// runs the same check). A circle fails here with the files that make it.
import { execFileSync } from 'node:child_process'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

const root = join(import.meta.dirname, '..')

/** The circles dependency-cruiser finds in src/, each as its files joined by " → ". */
function circles(): string[] {
  const bin = join(root, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruiser.mjs')
  const out = execFileSync(
    process.execPath,
    [bin, 'src', '--config', '.dependency-cruiser.cjs', '--output-type', 'json'],
    { cwd: root, maxBuffer: 256 * 1024 * 1024 },
  ).toString()
  const report = JSON.parse(out) as {
    summary: { violations: { rule: { name: string }; cycle?: { name: string }[]; from: string }[] }
    modules: unknown[]
  }
  expect(report.modules.length).toBeGreaterThan(500)
  return report.summary.violations
    .filter((v) => v.rule.name === 'no-circular')
    .map((v) => [v.from, ...(v.cycle ?? []).map((c) => c.name)].join(' → '))
}

describe('imports in src/', () => {
  it('make no circles', () => {
    expect(circles()).toEqual([])
  }, 60_000)
})
