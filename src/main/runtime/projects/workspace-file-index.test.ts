import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { bestPaths, fuzzyScore } from '../../../shared/fuzzy-path'
import { walkWorkspace } from './workspace-file-index'

let root: string
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'parley-index-'))
})
afterEach(() => rmSync(root, { recursive: true, force: true }))

describe('@ completion', () => {
  it('indexes files and folders, leaving out .git and what .gitignore ignores', () => {
    mkdirSync(join(root, 'src/app'), { recursive: true })
    mkdirSync(join(root, 'node_modules/x'), { recursive: true })
    mkdirSync(join(root, '.git'))
    writeFileSync(join(root, '.gitignore'), 'node_modules/\n*.log\n')
    writeFileSync(join(root, 'src/app/main.ts'), '')
    writeFileSync(join(root, 'debug.log'), '')
    writeFileSync(join(root, 'node_modules/x/index.js'), '')
    writeFileSync(join(root, '.git/HEAD'), '')
    expect(walkWorkspace(root).sort()).toEqual(
      ['.gitignore', 'src/', 'src/app/', 'src/app/main.ts'].sort(),
    )
  })

  it('matches in order, any case, best first: the file name and word starts beat scattered letters', () => {
    expect(fuzzyScore('src/app/main.ts', 'xyz')).toBeNull()
    const paths = ['docs/manual-index.md', 'src/main.ts', 'src/a/m/a/i/n.ts']
    expect(bestPaths(paths, 'main', 2)).toEqual(['src/main.ts', 'docs/manual-index.md'])
  })
})
