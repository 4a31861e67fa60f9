import { createHash } from 'node:crypto'
import { existsSync, realpathSync } from 'node:fs'
import { lstat, mkdir, open, readFile, rm, writeFile } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import {
  gitProblem,
  NEUTRAL_ATTRIBUTES,
  nulList,
  refPart,
  shadowGit,
  type GitOutput,
  type RunGit,
} from './shadow-git'
import { applyChanges, throughLink, type FileChange } from './workspace-restore'

export type { FileChange } from './workspace-restore'

/** Why a file was left out of a checkpoint (it is then neither restored nor removed). */
export type SkipReason = 'too_large' | 'binary_budget' | 'nested_repository' | 'unreadable'
export interface SkippedFile {
  path: string
  reason: SkipReason
}

/** What a checkpoint keeps, at most. */
export interface CheckpointLimits {
  /** A file larger than this is skipped (and named). */
  maxFileBytes: number
  /** New binary content one checkpoint takes in; binary files past it are skipped. */
  binaryBudgetBytes: number
  /** New or changed files one checkpoint looks at; more and none is taken (named). */
  maxChangedFiles: number
  /** Files skipped; more and none is taken (a restore must know every file it did not keep). */
  maxSkipped: number
}

export const DEFAULT_LIMITS: CheckpointLimits = {
  maxFileBytes: 5 * 1024 * 1024,
  binaryBudgetBytes: 32 * 1024 * 1024,
  maxChangedFiles: 50_000,
  maxSkipped: 1_000,
}

export type StoreFailure = {
  ok: false
  /** `unavailable`: no git; `damaged`: the store is not a usable git store (left alone). */
  reason: 'unavailable' | 'damaged' | 'failed'
  message: string
}

export type Taken = { ok: true; tree: string; skipped: SkippedFile[] } | StoreFailure

const SHA = /^[0-9a-f]{40}$/
const SNIFF_BYTES = 8_000
const MARKER = 'parley-checkpoints.json'

/** The folder of a workspace's store under `<data>/checkpoints`: its name and a hash of its real path. */
export function storeFolder(dataDir: string, workspace: string): string {
  let real = workspace
  try {
    real = realpathSync(workspace)
  } catch {
    // A workspace that is gone is keyed by its name as given.
  }
  const hash = createHash('sha256').update(real).digest('hex').slice(0, 16)
  const name =
    basename(real)
      .replace(/[^A-Za-z0-9_.-]/g, '_')
      .slice(0, 40) || 'root'
  return join(dataDir, 'checkpoints', `${name}-${hash}`)
}

function failed(output: GitOutput, what: string): StoreFailure {
  return { ok: false, reason: 'failed', message: `${what}: ${gitProblem(output)}` }
}

/**
 * One workspace's checkpoints: a git object store of its own in the data folder
 * (`git --git-dir <store> --work-tree <workspace>` with its own index), never the workspace's
 * `.git`. A checkpoint is a tree of the workspace's files as on disk (tracked and untracked,
 * `.gitignore` respected); unchanged files are not read again (git's index keeps their stat data)
 * and identical content is stored once. Operations run one at a time.
 */
export class CheckpointStore {
  readonly folder: string
  readonly #git: RunGit
  readonly #workspace: string
  readonly #limits: CheckpointLimits
  #queue: Promise<unknown> = Promise.resolve()
  /** Set once the store was found damaged: it is named, never touched again. */
  #damaged: string | undefined
  #ready = false

  constructor(options: {
    dataDir: string
    workspace: string
    limits?: CheckpointLimits
    git?: string
    env?: NodeJS.ProcessEnv
  }) {
    this.folder = storeFolder(options.dataDir, options.workspace)
    this.#workspace = options.workspace
    this.#limits = options.limits ?? DEFAULT_LIMITS
    this.#git = shadowGit(
      {
        gitDir: this.folder,
        indexFile: join(this.folder, 'parley-index'),
        workTree: this.#workspace,
      },
      {
        ...(options.git ? { git: options.git } : {}),
        ...(options.env ? { env: options.env } : {}),
      },
    )
  }

  /** Runs `task` after every operation queued before it. */
  #serial<T>(task: () => Promise<T>): Promise<T> {
    const run = this.#queue.then(task, task)
    this.#queue = run.catch(() => undefined)
    return run
  }

  /** Makes the store on first use; a folder that is there but not one of ours is damaged. */
  async #open(): Promise<StoreFailure | null> {
    if (this.#damaged !== undefined) return { ok: false, reason: 'damaged', message: this.#damaged }
    if (this.#ready) return null
    if (!existsSync(this.#workspace))
      return { ok: false, reason: 'failed', message: `the workspace ${this.#workspace} is gone` }
    const version = await this.#git(['--version'])
    if (version.code !== 0)
      return {
        ok: false,
        reason: 'unavailable',
        message: 'checkpoints need git, which was not found on this computer',
      }
    if (!existsSync(this.folder)) {
      await mkdir(dirname(this.folder), { recursive: true })
      const init = await this.#git(['init', '--quiet', '--template='])
      if (init.code !== 0) return failed(init, 'the checkpoint store could not be made')
      await mkdir(join(this.folder, 'info'), { recursive: true })
      await writeFile(join(this.folder, 'info', 'attributes'), NEUTRAL_ATTRIBUTES)
      await writeFile(join(this.folder, MARKER), `${JSON.stringify({ v: 1 })}\n`)
    }
    const check = await this.#git(['rev-parse', '--git-dir'])
    if (check.code !== 0 || !existsSync(join(this.folder, MARKER))) {
      this.#damaged = `the checkpoint store ${this.folder} is damaged (${check.code === 0 ? 'it is not one Parley made' : gitProblem(check)}); it was left as it is, and no checkpoints are taken in this workspace`
      return { ok: false, reason: 'damaged', message: this.#damaged }
    }
    this.#ready = true
    return null
  }

  /**
   * A checkpoint of the workspace as it is on disk now; with `keepAs`, kept under that name in
   * the same step (so anything queued after it finds the name).
   */
  take(keepAs?: { sessionId: string; name: string }): Promise<Taken> {
    return this.#serial(async () => {
      const problem = await this.#open()
      if (problem) return problem
      const taken = await this.#take()
      if (taken.ok && keepAs) await this.#keep(keepAs.sessionId, keepAs.name, taken.tree)
      return taken
    })
  }

  /** The tree kept under a session's name, if any. */
  kept(sessionId: string, name: string): Promise<string | undefined> {
    return this.#serial(async () => {
      const file = join(this.folder, 'refs', 'parley', refPart(sessionId), refPart(name))
      const text = await readFile(file, 'utf8').catch(() => '')
      const tree = text.trim()
      return SHA.test(tree) ? tree : undefined
    })
  }

  async #take(): Promise<Taken> {
    // Side by side: tracked files whose stat data changed (lstat in parallel threads), and files
    // not in the index yet (one walk, .gitignore respected).
    const [changed, untracked] = await Promise.all([
      this.#git(['diff-files', '--name-only', '-z', '--no-renames', '--ignore-submodules']),
      this.#git(['ls-files', '-z', '-o', '--exclude-standard']),
    ])
    if (changed.code !== 0) return this.#failure(changed, 'the workspace could not be compared')
    if (untracked.code !== 0) return this.#failure(untracked, 'the workspace could not be listed')
    const candidates = [...new Set([...nulList(changed.stdout), ...nulList(untracked.stdout)])]
    if (candidates.length > this.#limits.maxChangedFiles)
      return {
        ok: false,
        reason: 'failed',
        message: `${candidates.length.toLocaleString('en')} new or changed files is more than a checkpoint takes (${this.#limits.maxChangedFiles.toLocaleString('en')}); add generated folders to .gitignore`,
      }
    const update: string[] = []
    const gone: string[] = []
    const skipped: SkippedFile[] = []
    let binaryBytes = 0
    // Looked at side by side; the binary budget is then spent in the order git listed them.
    const verdicts = await Promise.all(
      candidates.map((path) => (path.endsWith('/') ? null : this.#judge(path))),
    )
    candidates.forEach((path, i) => {
      const verdict = verdicts[i]
      if (verdict === null || verdict === undefined)
        skipped.push({ path: path.slice(0, -1), reason: 'nested_repository' })
      else if (verdict.kind === 'skip') skipped.push({ path, reason: verdict.reason })
      else if (verdict.kind === 'gone') gone.push(path)
      else if (binaryBytes + verdict.binaryBytes > this.#limits.binaryBudgetBytes)
        skipped.push({ path, reason: 'binary_budget' })
      else {
        binaryBytes += verdict.binaryBytes
        update.push(path)
      }
    })
    if (skipped.length > this.#limits.maxSkipped)
      return {
        ok: false,
        reason: 'failed',
        message: `${skipped.length.toLocaleString('en')} files could not be kept (too large, binary or unreadable), more than ${this.#limits.maxSkipped.toLocaleString('en')}; first: ${skipped[0]?.path ?? ''}`,
      }
    // Gone files and skipped ones leave the index first (a skipped file may have been kept before).
    const dropped = [
      ...gone,
      ...skipped.filter((s) => s.reason !== 'nested_repository').map((s) => s.path),
    ]
    if (dropped.length > 0) {
      const removed = await this.#git(
        ['update-index', '-z', '--force-remove', '--stdin'],
        `${dropped.join('\0')}\0`,
      )
      if (removed.code !== 0)
        return this.#failure(removed, 'the checkpoint index could not be updated')
    }
    if (update.length > 0) {
      const added = await this.#git(
        ['update-index', '-z', '--add', '--replace', '--stdin'],
        `${update.join('\0')}\0`,
      )
      if (added.code !== 0) return this.#failure(added, 'files could not be read')
    }
    const written = await this.#git(['write-tree'])
    const tree = written.stdout.toString('utf8').trim()
    if (written.code !== 0 || !SHA.test(tree))
      return this.#failure(written, 'the checkpoint could not be written')
    return { ok: true, tree, skipped }
  }

  /** A git failure; one that says the store's objects are broken marks it damaged from now on. */
  #failure(output: GitOutput, what: string): StoreFailure {
    if (/corrupt|bad object|loose object|index file/i.test(output.stderr)) {
      this.#damaged = `the checkpoint store ${this.folder} is damaged (${gitProblem(output)}); it was left as it is, and no checkpoints are taken in this workspace`
      return { ok: false, reason: 'damaged', message: this.#damaged }
    }
    return failed(output, what)
  }

  /** Whether a changed file can go into the checkpoint (size, readability) and its binary bytes. */
  async #judge(
    path: string,
  ): Promise<
    { kind: 'keep'; binaryBytes: number } | { kind: 'gone' } | { kind: 'skip'; reason: SkipReason }
  > {
    // A file below a folder that is now a symlink is gone from the workspace (what the link
    // leads to is not the workspace's).
    if (await throughLink(this.#workspace, path)) return { kind: 'gone' }
    const absolute = join(this.#workspace, path)
    const info = await lstat(absolute).catch(() => null)
    if (info === null) return { kind: 'gone' }
    // A symlink: its target path is stored, never what it points to.
    if (info.isSymbolicLink()) return { kind: 'keep', binaryBytes: 0 }
    if (!info.isFile()) return { kind: 'skip', reason: 'unreadable' }
    if (info.size > this.#limits.maxFileBytes) return { kind: 'skip', reason: 'too_large' }
    const handle = await open(absolute, 'r').catch(() => null)
    if (handle === null) return { kind: 'skip', reason: 'unreadable' }
    try {
      const head = Buffer.alloc(Math.min(SNIFF_BYTES, info.size))
      await handle.read(head, 0, head.length, 0)
      if (!head.includes(0)) return { kind: 'keep', binaryBytes: 0 }
    } catch {
      return { kind: 'skip', reason: 'unreadable' }
    } finally {
      await handle.close()
    }
    return { kind: 'keep', binaryBytes: info.size }
  }

  /** What restoring `target` changes when the workspace is `present` (both checkpoint trees). */
  changes(present: string, target: string): Promise<FileChange[] | StoreFailure> {
    return this.#serial(async () => {
      const problem = await this.#open()
      if (problem) return problem
      return this.#changes(present, target)
    })
  }

  async #changes(from: string, to: string): Promise<FileChange[] | StoreFailure> {
    if (from === to) return []
    const diff = await this.#git(['diff-tree', '-r', '-z', '--no-renames', '--raw', from, to])
    if (diff.code !== 0) return this.#failure(diff, 'the checkpoints could not be compared')
    const fields = diff.stdout.toString('utf8').split('\0')
    const changes: FileChange[] = []
    for (let i = 0; i + 1 < fields.length; i += 2) {
      const meta = (fields[i] ?? '').replace(/^:/, '').split(' ')
      const path = fields[i + 1] ?? ''
      const [fromMode = '', toMode = '', fromSha = '', toSha = '', status = ''] = meta
      const present = { sha: fromSha, mode: fromMode }
      const blob = { sha: toSha, mode: toMode }
      if (status === 'A') changes.push({ path, change: 'recreated', blob })
      else if (status === 'D') changes.push({ path, change: 'removed', present })
      else changes.push({ path, change: 'restored', blob, present })
    }
    return changes
  }

  /** The paths that differ between two checkpoint trees. */
  async changedPaths(from: string, to: string): Promise<string[] | StoreFailure> {
    const changes = await this.changes(from, to)
    return Array.isArray(changes) ? changes.map((c) => c.path) : changes
  }

  /** Blobs' contents, by sha (one `cat-file --batch` for all). */
  blobs(shas: readonly string[]): Promise<Map<string, Buffer> | StoreFailure> {
    return this.#serial(async () => {
      const problem = await this.#open()
      if (problem) return problem
      return this.#blobs(shas)
    })
  }

  async #blobs(shas: readonly string[]): Promise<Map<string, Buffer> | StoreFailure> {
    const wanted = [...new Set(shas.filter((s) => SHA.test(s)))]
    const found = new Map<string, Buffer>()
    if (wanted.length === 0) return found
    const batch = await this.#git(['cat-file', '--batch'], `${wanted.join('\n')}\n`)
    if (batch.code !== 0) return this.#failure(batch, 'the checkpoint could not be read')
    const out = batch.stdout
    let at = 0
    for (const sha of wanted) {
      const end = out.indexOf(0x0a, at)
      if (end < 0) break
      const [name = '', kind = '', size = ''] = out.subarray(at, end).toString('utf8').split(' ')
      if (kind === 'missing' || name !== sha) {
        at = end + 1
        continue
      }
      const length = Number(size)
      found.set(sha, out.subarray(end + 1, end + 1 + length))
      at = end + 1 + length + 1
    }
    return found
  }

  /**
   * Writes `changes` to the workspace: files back as they were (temp + rename, mode and symlinks
   * kept), created ones removed, folders left empty by that removed. A path whose folder is
   * reached through a symlink is not touched (it could lead outside the workspace).
   */
  apply(
    changes: readonly FileChange[],
  ): Promise<{ restored: string[]; refused: string[] } | StoreFailure> {
    return this.#serial(async () => {
      const problem = await this.#open()
      if (problem) return problem
      const contents = await this.#blobs(changes.flatMap((c) => (c.blob ? [c.blob.sha] : [])))
      if (!(contents instanceof Map)) return contents
      return applyChanges(this.#workspace, changes, contents)
    })
  }

  /** Keeps a tree reachable under the session's name (so pruning keeps it while the session lives). */
  keep(sessionId: string, name: string, tree: string): Promise<void> {
    return this.#serial(async () => {
      if (!SHA.test(tree) || (await this.#open()) !== null) return
      await this.#keep(sessionId, name, tree)
    })
  }

  async #keep(sessionId: string, name: string, tree: string): Promise<void> {
    const folder = join(this.folder, 'refs', 'parley', refPart(sessionId))
    await mkdir(folder, { recursive: true })
    await writeFile(join(folder, refPart(name)), `${tree}\n`)
  }

  /** Forgets a session's checkpoints and removes the content no other session keeps. */
  forget(sessionId: string): Promise<void> {
    return this.#serial(async () => {
      if (!existsSync(join(this.folder, MARKER)) || this.#damaged !== undefined) return
      await rm(join(this.folder, 'refs', 'parley', refPart(sessionId)), {
        recursive: true,
        force: true,
      })
      await this.#git(['prune', '--expire=now'])
    })
  }
}
