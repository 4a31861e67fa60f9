import { readdirSync, readFileSync } from 'node:fs'
import { builtinModules } from 'node:module'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * electron-builder packs `dependencies` (and what they need) beside the built app, and an
 * installed `parley` command gets only those too; the renderer's packages are bundled into
 * out/renderer by Vite, so they are devDependencies. These tests read what the built Electron main
 * and CLI really load (the test setup builds when out/ is stale).
 */
const root = join(import.meta.dirname, '..', '..', '..')
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>
}
const BUILTIN = new Set(builtinModules)
/** A package name at the start of a bare specifier (`@scope/name/sub` → `@scope/name`). */
const PACKAGE = /^(@[a-z0-9][\w.-]*\/)?[a-z0-9][\w.-]*/

function jsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(c|m)?js$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name))
}

/** The packages the built files under `dirs` import, require or resolve at run time. */
function packagesLoaded(...dirs: string[]): Set<string> {
  const loaded = new Set<string>()
  const specifier =
    /(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire(?:\.resolve)?\s*\(\s*)["']([^"'./][^"']*)["']/g
  for (const file of dirs.flatMap((dir) => jsFiles(join(root, dir)))) {
    for (const [, spec] of readFileSync(file, 'utf8').matchAll(specifier)) {
      const name = PACKAGE.exec(spec as string)?.[0]
      if (
        !name ||
        name !==
          spec
            ?.split('/')
            .slice(0, name.startsWith('@') ? 2 : 1)
            .join('/')
      )
        continue
      if (name === 'node' || BUILTIN.has(name) || name === 'electron') continue
      loaded.add(name)
    }
  }
  return loaded
}

describe('the packages shipped with the app and the command', () => {
  it('include everything the built Electron main and CLI load at run time', () => {
    const missing = [...packagesLoaded('out/main', 'out/cli')].filter(
      (name) => !(name in pkg.dependencies),
    )
    expect(missing).toEqual([])
  })

  it('are only those: what only the renderer uses is bundled, so a devDependency', () => {
    const loaded = packagesLoaded('out/main', 'out/cli')
    expect(Object.keys(pkg.dependencies).filter((name) => !loaded.has(name))).toEqual([])
  })
})
