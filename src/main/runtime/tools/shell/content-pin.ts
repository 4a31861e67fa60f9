import { createHash } from 'node:crypto'
import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs'
import { resolve } from 'node:path'
import { LIMITS } from '../../../../shared/limits'

/**
 * Programs that run code from the workspace: what they run is not in the command line but in a
 * file (`node build.js`, `make`, `npm run NAME`). Each names the files it reads its code from
 * besides its arguments: make its makefile, the package managers `package.json`.
 */
const CODE_RUNNERS: ReadonlyMap<string, readonly string[]> = new Map([
  ['node', []],
  ['python', []],
  ['python3', []],
  ['bash', []],
  ['sh', []],
  ['make', ['GNUmakefile', 'makefile', 'Makefile']],
  ['npm', ['package.json']],
  ['pnpm', ['package.json']],
  ['yarn', ['package.json']],
  ['bun', ['package.json']],
  // Only their entry files: a test suite or a crate is many files, so these bind less.
  ['pytest', ['conftest.py', 'pytest.ini', 'pyproject.toml']],
  ['cargo', ['Cargo.toml', 'build.rs']],
  ['go', ['go.mod']],
])

/** True when `program` runs code from files in the workspace. */
export const runsWorkspaceCode = (program: string): boolean =>
  CODE_RUNNERS.has(program) || program.includes('/')

/** What a remembered code runner is bound to: the files it runs, and their content's digest. */
export interface ContentPin {
  /** The files that exist, as written (relative to the workspace), in order. */
  files: string[]
  digest: string
}

/**
 * The bytes of the file at `path`, or a marker when there is none: opened non-blocking (a FIFO is
 * never waited on), checked to be a regular file, at most `LIMITS.fileBytes` read (a larger file
 * is marked by its size, and counts as changed whenever it changes size).
 */
function fileContent(path: string): Buffer | string {
  let fd: number
  try {
    fd = openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0))
  } catch (error) {
    return `missing: ${(error as NodeJS.ErrnoException).code ?? ''}`
  }
  try {
    const info = fstatSync(fd)
    if (!info.isFile()) return 'not a file'
    if (info.size > LIMITS.fileBytes) return `too large: ${info.size}`
    const buffer = Buffer.alloc(info.size)
    let read = 0
    while (read < info.size) {
      const n = readSync(fd, buffer, read, info.size - read, read)
      if (n === 0) break
      read += n
    }
    return buffer.subarray(0, read)
  } finally {
    closeSync(fd)
  }
}

/**
 * What an exact repeat of a code runner is bound to where commands run without a sandbox: the
 * content of the files it runs — the program itself when named by its path (`./build.sh`), every
 * argument that names a file (`node build.js`, `make -f ci.mk`), and the program's own files
 * (`Makefile`, `package.json`). A later call is the same only while they hash the same. Null for
 * a program that runs no code from the workspace.
 */
export function contentPin(values: readonly string[], workspace: string): ContentPin | null {
  const [program, ...args] = values
  if (program === undefined || !runsWorkspaceCode(program)) return null
  const implicit = CODE_RUNNERS.get(program) ?? []
  const named = [...(program.includes('/') ? [program] : []), ...implicit, ...args]
  const hash = createHash('sha256')
  const files: string[] = []
  for (const word of named) {
    if (word.startsWith('-') || word.includes('\0')) continue
    const content = fileContent(resolve(workspace, word))
    const present = typeof content !== 'string'
    // An argument that is no file (a make target, a script name) binds nothing; a program's own
    // file that is missing binds its absence (a `GNUmakefile` made later would run instead).
    if (!present && !implicit.includes(word) && word !== program) continue
    if (present) files.push(word)
    hash.update(`${word}\0`).update(content).update('\0')
  }
  return { files, digest: hash.digest('hex') }
}
