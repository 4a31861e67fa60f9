import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { bench, describe } from 'vitest'
import { walkWorkspace, WorkspaceFileIndex } from './workspace-file-index'

/** A generated tree of 50,000 files: 500 folders of 100, under a few levels of packages. */
function fiftyThousandFiles(): string {
  const root = mkdtempSync(join(tmpdir(), 'parley-bench-tree-'))
  writeFileSync(join(root, '.gitignore'), 'dist/\n')
  for (let p = 0; p < 20; p++)
    for (let f = 0; f < 25; f++) {
      const folder = join(root, 'packages', `pkg-${p}`, 'src', `feature-${f}`)
      mkdirSync(folder, { recursive: true })
      for (let i = 0; i < 100; i++) writeFileSync(join(folder, `module-${i}.ts`), '')
    }
  return root
}

const tree = fiftyThousandFiles()
const index = new WorkspaceFileIndex(tree)
index.paths()

// What a key press costs: the first suggestions for "@pkg7feat3mod9" as it is typed.
describe('@ completion on 50,000 files, one key', () => {
  bench('the watched index (fuzzy, 20 best)', () => {
    index.search('pkg7feat3mod9', 20)
  })
  bench('a plain scan per key (walk the folder, substring filter)', () => {
    walkWorkspace(tree)
      .filter((p) => p.includes('module-9'))
      .slice(0, 20)
  })
})
