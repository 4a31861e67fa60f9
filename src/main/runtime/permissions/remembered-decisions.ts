import type { PermissionDecision, Risk } from '../../../shared/permission'

/** What the remembered check needs of a call's review: its risk and each part's key. */
export interface RememberQuery {
  risk: Risk
  parts: ReadonlyArray<{ key: string | null; risk: Risk }>
}

/** The decisions remembered in one turn: key (a command's program + subcommand, a path) → decision. */
export type RememberedDecisions = ReadonlyMap<string, PermissionDecision>

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
