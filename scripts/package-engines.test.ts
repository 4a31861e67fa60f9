// package.json `engines` says which Node Parley needs: every installed package's own `engines`
// must accept it, or `npm install` on that Node prints EBADENGINE warnings (91 lines on Node 20).
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import semver from 'semver'
import { describe, expect, it } from 'vitest'

const root = join(import.meta.dirname, '..')

type Manifest = { name?: string; engines?: { node?: string } }

/** Every package under node_modules (scoped and nested ones too), with its manifest. */
function installedPackages(dir: string, found: Manifest[] = []): Manifest[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.') || !entry.isDirectory()) continue
    const path = join(dir, entry.name)
    if (entry.name.startsWith('@')) {
      installedPackages(path, found)
      continue
    }
    const manifest = join(path, 'package.json')
    if (existsSync(manifest)) found.push(JSON.parse(readFileSync(manifest, 'utf8')) as Manifest)
    if (existsSync(join(path, 'node_modules'))) installedPackages(join(path, 'node_modules'), found)
  }
  return found
}

describe("package.json's engines", () => {
  it('names a Node every installed package accepts, and no older one', () => {
    const ours = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as Manifest).engines
      ?.node
    expect(ours).toBe('>=22.13.0')
    const refusing = installedPackages(join(root, 'node_modules'))
      .filter((p) => p.engines?.node !== undefined && semver.validRange(p.engines.node) !== null)
      .filter((p) => !semver.satisfies('22.13.0', p.engines?.node ?? '*'))
      .map((p) => `${p.name}: ${p.engines?.node}`)
    expect(refusing).toEqual([])
    // One step older is refused by at least one of them: the floor is real, not a guess.
    const older = installedPackages(join(root, 'node_modules')).filter(
      (p) =>
        p.engines?.node !== undefined &&
        semver.validRange(p.engines.node) !== null &&
        !semver.satisfies('22.12.0', p.engines.node),
    )
    expect(older.length).toBeGreaterThan(0)
  })
})
