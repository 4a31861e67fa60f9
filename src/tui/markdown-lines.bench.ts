import { bench, describe } from 'vitest'
import { markdownLines } from './markdown-lines'

/** A long reply: prose, a list, a table and code, about 24 KB. */
const section = [
  '## Findings',
  '',
  'The cache is **rebuilt on every run** because the key includes the *timestamp*; see `build.ts` and [the docs](https://example.com/cache).',
  '',
  '- remove the timestamp from the key',
  '- keep the lockfile hash',
  '',
  '| step | before | after |',
  '|---|--:|--:|',
  '| install | 41 s | 3 s |',
  '| build | 58 s | 12 s |',
  '',
  '```ts',
  'export function cacheKey(lock: string, node: string): string {',
  '  // one key per lockfile and Node version',
  '  return `${hash(lock)}-${node}`',
  '}',
  '```',
  '',
].join('\n')
/** Forty sections, each different (a repeated block would be drawn once and reused). */
const reply = Array.from({ length: 40 }, (_, i) =>
  section.replace(/cache|build|Findings/g, (word) => `${word}${i}`),
).join('')
let run = 0

describe('drawing assistant Markdown', () => {
  // A new width each time: nothing drawn before can be reused (the cache keys on the width).
  bench('a 24 KB reply never drawn before, at about 100 columns', () => {
    run += 1
    markdownLines(reply, 80 + (run % 97))
  })
  bench('the same reply while it streams: one more word each flush', () => {
    run += 1
    markdownLines(`${reply}word${run}`, 100)
  })
})
