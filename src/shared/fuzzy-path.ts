/**
 * Fuzzy matching of workspace paths for `@` mentions, shared by the message boxes (no schema
 * library: the page's first frame may load it). A path matches when the query's characters occur
 * in it in order, case ignored; matches in the file's own name, at word starts and in runs score
 * higher, and shorter paths win ties.
 */

/** A path's score for `query` (higher is better), or null when it does not match. */
export function fuzzyScore(path: string, query: string, lowered?: string): number | null {
  if (query === '') return 0
  const lower = lowered ?? path.toLowerCase()
  const q = query.toLowerCase()
  const nameStart = lower.lastIndexOf('/') + 1
  let score = 0
  let at = 0
  let previous = -2
  for (const ch of q) {
    const found = lower.indexOf(ch, at)
    if (found === -1) return null
    const before = found === 0 ? '/' : (lower[found - 1] ?? '/')
    if (found === previous + 1) score += 5
    if ('/-_. '.includes(before)) score += 4
    if (found >= nameStart) score += 2
    score -= Math.min(found - at, 10) * 0.1
    previous = found
    at = found + 1
  }
  return score - path.length * 0.01
}

/**
 * The best `limit` paths for `query`, best first (a full scan of `paths`, no sort of all).
 * `lowered`, the same paths in lower case, saves lower-casing each one at every key.
 */
export function bestPaths(
  paths: readonly string[],
  query: string,
  limit: number,
  lowered?: readonly string[],
): string[] {
  const top: Array<{ path: string; score: number }> = []
  for (let index = 0; index < paths.length; index++) {
    const path = paths[index] as string
    const score = fuzzyScore(path, query, lowered?.[index])
    if (score === null) continue
    if (top.length === limit && score <= (top.at(-1)?.score ?? -Infinity)) continue
    let i = top.length
    while (i > 0 && (top[i - 1]?.score ?? 0) < score) i--
    top.splice(i, 0, { path, score })
    if (top.length > limit) top.pop()
  }
  return top.map((t) => t.path)
}
