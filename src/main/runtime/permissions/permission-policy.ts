import type { PermissionDecision, PermissionMode } from '../../../shared/permission'
import type { RuleScope } from '../../../shared/permission-rules'
import { needsPermission, type ToolCategory } from '../tools/tool-types'
import { mcpToolVerdict } from './mcp-tool-policy'
import type { PolicyVerdict } from './policy-verdict'
import type { RememberedDecisions, RememberQuery } from './remembered-decisions'

/** A lasting rule as the policy sees it: one Remember key, allowed or denied. */
export interface LastingRule {
  id: string
  decision: PermissionDecision
  scope: RuleScope
  /** A part's Remember key (`rememberKeysOf`): the rule covers exactly the parts with this key. */
  key: string
  label: string
}

export interface DecideQuery {
  tool: string
  category: ToolCategory
  mode: PermissionMode
  /** An external tool's own read-only claim (MCP `readOnlyHint`). */
  readOnlyHint?: boolean | undefined
  /**
   * The call's review (its risk and each part's Remember key), once it was reviewed. Without it,
   * `decide` answers `review` wherever the answer depends on what the call does.
   */
  review?: RememberQuery | undefined
  /** This turn's remembered decisions. */
  remembered?: RememberedDecisions | undefined
  /** The lasting rules that apply where the call runs: its session's, its project's, everyone's. */
  rules?: readonly LastingRule[] | undefined
}

/** Who decided a call that runs or is refused without a prompt. */
export type DecidedBy = 'mode' | 'remembered' | 'rule'

export type PolicyDecision =
  /** Runs. `rules`: the lasting rules that covered it (by `rule`), else empty. */
  | { kind: 'allow'; by: DecidedBy; rules: LastingRule[] }
  /** Refused by an earlier answer: a part denied this turn or by a deny rule (`rules`). */
  | { kind: 'deny'; by: 'remembered' | 'rule'; rules: LastingRule[] }
  /** Not available in this mode at all; the message is the model's. */
  | { kind: 'refuse'; message: string }
  | { kind: 'ask' }
  /** The answer depends on what the call does: review it and decide again with `review`. */
  | { kind: 'review' }

/**
 * The mode's own verdict. explore: read-only tools only · ask: every mutating tool asks ·
 * execute: file edits inside the workspace run (tools cannot leave it) unless high risk, commands
 * ask · bypass: never asks. MCP tools follow `mcpToolVerdict`.
 */
function modeVerdict({ tool, category, mode, readOnlyHint }: DecideQuery): PolicyVerdict {
  if (category === 'external')
    return mcpToolVerdict({ tool, mode, readOnlyHint: readOnlyHint ?? false })
  if (!needsPermission(category) || mode === 'bypass') return { kind: 'allow' }
  if (mode === 'explore') {
    return {
      kind: 'refuse',
      message: `${tool} is not available in explore mode (read-only). Do not retry it; tell the user what you would change and that they can switch the permission mode to ask or execute.`,
    }
  }
  return { kind: 'ask' }
}

/** Execute mode runs Parley's file edits without asking, except a high-risk one (a git hook). */
const editsRunUnlessHigh = ({ category, mode }: DecideQuery) =>
  mode === 'execute' && category === 'edit'

/**
 * The one permission decision. The prompt, a mode switch and lasting rules all come here, so a
 * rule of a mode lives in one place (a mode switch never settles a prompt the new mode would still
 * ask). In order:
 *
 * 1. The mode: a tool the mode refuses is refused; one that needs no permission runs.
 * 2. Deny wins: a part denied earlier in the turn, or covered by a deny rule in any scope, denies
 *    the whole call — in every mode, bypass included.
 * 3. The mode allows (bypass; execute's edits unless high risk).
 * 4. A high-risk call, or one with no part, asks: nothing remembered ever skips the risk check.
 * 5. Every part covered by an allow — this turn's or a rule's — runs; anything else asks.
 */
export function decide(query: DecideQuery): PolicyDecision {
  const verdict = modeVerdict(query)
  if (verdict.kind === 'refuse') return verdict
  if (!needsPermission(query.category)) return { kind: 'allow', by: 'mode', rules: [] }
  const rules = query.rules ?? []
  const remembered = query.remembered ?? new Map<string, PermissionDecision>()
  const unlessHigh = verdict.kind === 'ask' && editsRunUnlessHigh(query)
  const { review } = query
  if (!review) {
    const canDeny = rules.some((rule) => rule.decision === 'deny') || remembered.size > 0
    if (verdict.kind === 'allow' && !canDeny) return { kind: 'allow', by: 'mode', rules: [] }
    return { kind: 'review' }
  }
  const keys = review.parts.flatMap((part) => (part.key === null ? [] : [part.key]))
  if (keys.some((key) => remembered.get(key) === 'deny'))
    return { kind: 'deny', by: 'remembered', rules: [] }
  const denying = rules.filter((rule) => rule.decision === 'deny' && keys.includes(rule.key))
  if (denying.length > 0) return { kind: 'deny', by: 'rule', rules: denying }
  if (verdict.kind === 'allow') return { kind: 'allow', by: 'mode', rules: [] }
  if (unlessHigh && review.risk !== 'high') return { kind: 'allow', by: 'mode', rules: [] }
  if (review.risk === 'high' || review.parts.length === 0) return { kind: 'ask' }
  const used = new Map<string, LastingRule>()
  for (const part of review.parts) {
    if (part.risk === 'high' || part.key === null) return { kind: 'ask' }
    if (remembered.get(part.key) === 'allow') continue
    const rule = rules.find((r) => r.decision === 'allow' && r.key === part.key)
    if (!rule) return { kind: 'ask' }
    used.set(rule.id, rule)
  }
  return used.size === 0
    ? { kind: 'allow', by: 'remembered', rules: [] }
    : { kind: 'allow', by: 'rule', rules: [...used.values()] }
}
