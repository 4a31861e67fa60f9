import type { LanguageFn } from 'highlight.js'
import { createLowlight } from 'lowlight'

type Loader = () => Promise<{ default: LanguageFn }>

/**
 * highlight.js's common grammars, each its own chunk, fetched the first time a code block in that
 * language appears (the app starts without any of them).
 */
const LOADERS: Record<string, Loader> = {
  arduino: () => import('highlight.js/lib/languages/arduino'),
  bash: () => import('highlight.js/lib/languages/bash'),
  c: () => import('highlight.js/lib/languages/c'),
  cpp: () => import('highlight.js/lib/languages/cpp'),
  csharp: () => import('highlight.js/lib/languages/csharp'),
  css: () => import('highlight.js/lib/languages/css'),
  diff: () => import('highlight.js/lib/languages/diff'),
  go: () => import('highlight.js/lib/languages/go'),
  graphql: () => import('highlight.js/lib/languages/graphql'),
  ini: () => import('highlight.js/lib/languages/ini'),
  java: () => import('highlight.js/lib/languages/java'),
  javascript: () => import('highlight.js/lib/languages/javascript'),
  json: () => import('highlight.js/lib/languages/json'),
  kotlin: () => import('highlight.js/lib/languages/kotlin'),
  less: () => import('highlight.js/lib/languages/less'),
  lua: () => import('highlight.js/lib/languages/lua'),
  makefile: () => import('highlight.js/lib/languages/makefile'),
  markdown: () => import('highlight.js/lib/languages/markdown'),
  objectivec: () => import('highlight.js/lib/languages/objectivec'),
  perl: () => import('highlight.js/lib/languages/perl'),
  php: () => import('highlight.js/lib/languages/php'),
  python: () => import('highlight.js/lib/languages/python'),
  'python-repl': () => import('highlight.js/lib/languages/python-repl'),
  r: () => import('highlight.js/lib/languages/r'),
  ruby: () => import('highlight.js/lib/languages/ruby'),
  rust: () => import('highlight.js/lib/languages/rust'),
  scss: () => import('highlight.js/lib/languages/scss'),
  shell: () => import('highlight.js/lib/languages/shell'),
  sql: () => import('highlight.js/lib/languages/sql'),
  swift: () => import('highlight.js/lib/languages/swift'),
  typescript: () => import('highlight.js/lib/languages/typescript'),
  vbnet: () => import('highlight.js/lib/languages/vbnet'),
  wasm: () => import('highlight.js/lib/languages/wasm'),
  xml: () => import('highlight.js/lib/languages/xml'),
  yaml: () => import('highlight.js/lib/languages/yaml'),
}

/** The grammars' own aliases (from each grammar's `aliases`), so ```ts finds `typescript`. */
const ALIASES: Record<string, string> = {
  ino: 'arduino',
  sh: 'bash',
  zsh: 'bash',
  h: 'c',
  cc: 'cpp',
  'c++': 'cpp',
  'h++': 'cpp',
  hpp: 'cpp',
  hh: 'cpp',
  hxx: 'cpp',
  cxx: 'cpp',
  cs: 'csharp',
  'c#': 'csharp',
  patch: 'diff',
  golang: 'go',
  gql: 'graphql',
  toml: 'ini',
  jsp: 'java',
  js: 'javascript',
  jsx: 'javascript',
  mjs: 'javascript',
  cjs: 'javascript',
  jsonc: 'json',
  json5: 'json',
  kt: 'kotlin',
  kts: 'kotlin',
  mk: 'makefile',
  mak: 'makefile',
  make: 'makefile',
  md: 'markdown',
  mkdown: 'markdown',
  mkd: 'markdown',
  mm: 'objectivec',
  objc: 'objectivec',
  'obj-c': 'objectivec',
  pl: 'perl',
  pm: 'perl',
  py: 'python',
  gyp: 'python',
  ipython: 'python',
  pycon: 'python-repl',
  rb: 'ruby',
  gemspec: 'ruby',
  rs: 'rust',
  console: 'shell',
  shellsession: 'shell',
  ts: 'typescript',
  tsx: 'typescript',
  mts: 'typescript',
  cts: 'typescript',
  vb: 'vbnet',
  html: 'xml',
  xhtml: 'xml',
  svg: 'xml',
  plist: 'xml',
  yml: 'yaml',
}

/** The one highlighter of the page: grammars are registered once, when first needed. */
const lowlight = createLowlight()
const loading = new Map<string, Promise<void>>()
const listeners = new Set<() => void>()
let version = 0

/** The grammar a fenced block's info word names (`ts` → `typescript`), if Parley has it. */
export function grammarFor(language: string): string | undefined {
  const name = language.toLowerCase()
  const grammar = ALIASES[name] ?? name
  return Object.hasOwn(LOADERS, grammar) ? grammar : undefined
}

/** True once the grammar is registered; until then code shows plain and this starts loading it. */
export function grammarReady(grammar: string): boolean {
  if (lowlight.registered(grammar)) return true
  const loader = LOADERS[grammar]
  if (loader && !loading.has(grammar)) {
    loading.set(
      grammar,
      loader().then(
        (module) => {
          lowlight.register(grammar, module.default)
          version++
          for (const listener of listeners) listener()
        },
        () => undefined, // A chunk that fails to load leaves the code plain, and readable.
      ),
    )
  }
  return false
}

/** For useSyncExternalStore: changes whenever a grammar finishes loading. */
export function subscribeGrammars(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function grammarsVersion(): number {
  return version
}

/** The highlighted syntax tree of `code` (the grammar must be ready). */
export function highlightCode(grammar: string, code: string) {
  return lowlight.highlight(grammar, code)
}
