import type { PermissionDecision, Risk } from '../../../shared/permission'

/** What the remembered check needs of a call's review: its risk and each part's key. */
export interface RememberQuery {
  risk: Risk
  parts: ReadonlyArray<{ key: string | null; risk: Risk }>
}

/** The decisions remembered in one turn: key (a command's program + subcommand, a path) → decision. */
export type RememberedDecisions = ReadonlyMap<string, PermissionDecision>

/** What the remembered decisions say about a call: run it, refuse it, or ask the person. */
export type RememberedVerdict = PermissionDecision | 'ask'

/**
 * The keys an answer with Remember records: each part's own key. A part without one (inline
 * interpreter code, a high-risk part, anything unparseable) is never remembered.
 */
export function rememberKeysOf(query: RememberQuery): string[] {
  return [
    ...new Set(
      query.parts.flatMap((part) => (part.key !== null && part.risk !== 'high' ? [part.key] : [])),
    ),
  ]
}

/**
 * Checked after the mode's policy and the risk of the call are known, never instead of them:
 * a remembered deny of any part denies the whole call; a call is allowed only when it is not high
 * risk and every one of its parts is covered by a remembered allow; anything else is asked.
 */
export function checkRemembered(
  remembered: RememberedDecisions,
  query: RememberQuery,
): RememberedVerdict {
  if (query.parts.some((part) => part.key !== null && remembered.get(part.key) === 'deny'))
    return 'deny'
  if (query.risk === 'high' || query.parts.length === 0) return 'ask'
  const covered = query.parts.every(
    (part) => part.risk !== 'high' && part.key !== null && remembered.get(part.key) === 'allow',
  )
  return covered ? 'allow' : 'ask'
}

/** The turn's decisions with an answer's keys added (a new map; the old one is left as it was). */
export function withRemembered(
  remembered: RememberedDecisions,
  keys: readonly string[],
  decision: PermissionDecision,
): RememberedDecisions {
  if (keys.length === 0) return remembered
  const next = new Map(remembered)
  for (const key of keys) next.set(key, decision)
  return next
}
