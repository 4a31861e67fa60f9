import { execFileSync, spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { bench, describe } from 'vitest'
import { CheckpointStore } from './checkpoint-store'

/** A 5,000-file workspace (100 folders of 50 files, about 1 KB each). */
const root = mkdtempSync(join(tmpdir(), 'parley-cp-bench-'))
const workspace = join(root, 'ws')
for (let d = 0; d < 100; d++) {
  mkdirSync(join(workspace, `pkg${d}`, 'src'), { recursive: true })
  for (let f = 0; f < 50; f++)
    writeFileSync(
      join(workspace, `pkg${d}`, 'src', `file${f}.ts`),
      `export const value${d}_${f} = ${d * f}\n`.repeat(30),
    )
}

let round = 0
/** 20 files changed since the last checkpoint, as a turn of edits leaves them. */
function change20(): void {
  round++
  for (let i = 0; i < 20; i++)
    writeFileSync(
      join(workspace, `pkg${(i * 5) % 100}`, 'src', `file${i}.ts`),
      `export const round = ${round}\n`,
    )
}

const plainGitDir = join(root, 'plain.git')
const plainEnv = {
  PATH: process.env.PATH,
  GIT_DIR: plainGitDir,
  GIT_WORK_TREE: workspace,
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_CONFIG_GLOBAL: '/dev/null',
}
execFileSync('git', ['init', '-q'], { env: plainEnv })

function git(args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('git', args, { cwd: workspace, env: plainEnv, stdio: 'ignore' })
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`git ${args[0]}`))))
  })
}

const store = new CheckpointStore({ dataDir: join(root, 'data'), workspace })

describe('a checkpoint of a 5,000-file workspace with 20 changed files (goal ≤ 150 ms, ≤ 1.5× git)', async () => {
  // Both start from a first full pass, as every turn but a session's first does.
  await git(['add', '-A'])
  await store.take()
  bench(
    'Parley checkpoint (list changes, bounds, update-index, write-tree)',
    async () => {
      change20()
      const taken = await store.take()
      if (!taken.ok) throw new Error(taken.message)
    },
    { iterations: 40 },
  )
  bench(
    'git add -A && git write-tree (same tree, plain repository)',
    async () => {
      change20()
      await git(['add', '-A'])
      await git(['write-tree'])
    },
    { iterations: 40 },
  )
})
