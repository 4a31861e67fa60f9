import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { setFlagsFromString } from 'node:v8'
import type { Node, Parser } from 'web-tree-sitter'

export type { Node as SyntaxNode } from 'web-tree-sitter'

/**
 * Both .wasm files are read from the installed packages, found through Node's module resolution:
 * the runtime is never bundled with its dependencies (the CLI build and the Electron main build
 * keep them external), so this works the same under vitest, in `out/cli/parley.js`, in
 * `out/main` and from an app.asar (Electron's fs reads inside it). Reading the bytes ourselves
 * means web-tree-sitter never has to guess a URL for its own .wasm.
 */
const require = createRequire(import.meta.url)

/**
 * V8 would optimise the grammar's lexer (one WebAssembly function of 160 KB) with TurboFan once it
 * has run a little: measured at 16 s of a core and 700 MB of memory, in the background, after the
 * first parsed command, and a process cannot exit while that compile runs (`parley serve` outlived
 * SIGTERM, `parley run` and the TUI lingered after their work). Liftoff's baseline code parses a
 * command line in microseconds, so no function is tiered up: the filter names the one function
 * index that may be, and no module has this one. (The flag is read when tier-up is decided, so
 * setting it before the module compiles is enough; nothing else in the process uses WebAssembly.)
 */
const NO_WASM_TIER_UP = '--wasm-tier-up-filter=2147483647'

async function loadParser(): Promise<Parser> {
  setFlagsFromString(NO_WASM_TIER_UP)
  // Imported here, not at the top: a process that never reviews a command (a client starting up)
  // does not pay for evaluating it.
  const { Language, Parser } = await import('web-tree-sitter')
  const [runtimeWasm, bashWasm] = await Promise.all([
    readFile(require.resolve('web-tree-sitter/web-tree-sitter.wasm')),
    readFile(require.resolve('tree-sitter-bash/tree-sitter-bash.wasm')),
  ])
  await Parser.init({ wasmBinary: runtimeWasm })
  const parser = new Parser()
  parser.setLanguage(await Language.load(bashWasm))
  return parser
}

/**
 * The grammar is immutable and loading it is asynchronous (WebAssembly), while a permission review
 * must be synchronous (parallel calls reach the person in call order only if nothing yields before
 * they queue). So it is loaded once per process, before the first turn (`loadBashGrammar`), and
 * parsing is synchronous afterwards; one parser serves every call, never concurrently.
 */
let loading: Promise<Parser> | undefined
let loaded: Parser | undefined

/** True once the grammar is loaded (so a caller need not yield to wait for it). */
export function bashGrammarLoaded(): boolean {
  return loaded !== undefined
}

/** Loads the bash grammar (idempotent). The runtime awaits it before it runs a turn. */
export async function loadBashGrammar(): Promise<void> {
  loading ??= loadParser()
  loaded = await loading
}

/**
 * Parses a shell command line with tree-sitter-bash and hands the syntax tree to `read`, which
 * must not keep any node: the tree's memory lives in WebAssembly and is freed when `read` returns.
 * Throws when the grammar is not loaded yet.
 */
export function withBashSyntax<T>(source: string, read: (root: Node) => T): T {
  if (!loaded) throw new Error('the shell grammar is not loaded')
  const tree = loaded.parse(source)
  if (!tree) throw new Error('the shell parser returned no tree')
  try {
    return read(tree.rootNode)
  } finally {
    tree.delete()
  }
}
