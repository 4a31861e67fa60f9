import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import fc from 'fast-check'
import { afterAll, describe, expect, it } from 'vitest'
import { CheckpointStore } from './checkpoint-store'

const root = mkdtempSync(join(tmpdir(), 'parley-cp-prop-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))

const PATHS = ['a.txt', 'b.bin', 'dir/c.txt', 'dir/sub/d.txt', 'e']
type Op = { kind: 'write'; path: string; content: Uint8Array } | { kind: 'delete'; path: string }
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constant('write' as const),
    path: fc.constantFrom(...PATHS),
    content: fc.uint8Array({ maxLength: 40 }),
  }),
  fc.record({ kind: fc.constant('delete' as const), path: fc.constantFrom(...PATHS) }),
)

/** Every file under `folder` with its bytes (hex), `.git`-free. */
function snapshot(folder: string): Record<string, string> {
  const files: Record<string, string> = {}
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name)
      if (entry.isDirectory()) walk(path)
      else files[relative(folder, path)] = readFileSync(path).toString('hex')
    }
  }
  walk(folder)
  return files
}

function apply(workspace: string, step: Op): void {
  const absolute = join(workspace, step.path)
  if (step.kind === 'delete') {
    rmSync(absolute, { force: true })
    return
  }
  mkdirSync(join(absolute, '..'), { recursive: true })
  writeFileSync(absolute, step.content)
}

describe('checkpoints under random file operations', () => {
  it('restoring any checkpoint gives exactly the files it saw', async () => {
    let run = 0
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(op, { maxLength: 6 }), { minLength: 1, maxLength: 5 }),
        fc.nat(),
        async (rounds, pick) => {
          run++
          const workspace = join(root, `ws-${run}`)
          mkdirSync(workspace)
          const store = new CheckpointStore({ dataDir: join(root, `data-${run}`), workspace })
          const seen: { tree: string; files: Record<string, string> }[] = []
          for (const round of rounds) {
            for (const step of round) apply(workspace, step)
            const taken = await store.take()
            if (!taken.ok) throw new Error(taken.message)
            seen.push({ tree: taken.tree, files: snapshot(workspace) })
          }
          const target = seen[pick % seen.length]
          if (!target) throw new Error('no checkpoint')
          const present = await store.take()
          if (!present.ok) throw new Error(present.message)
          const changes = await store.changes(present.tree, target.tree)
          if (!Array.isArray(changes)) throw new Error(changes.message)
          await store.apply(changes)
          expect(snapshot(workspace)).toEqual(target.files)
        },
      ),
      { numRuns: 25 },
    )
  }, 120_000)
})
