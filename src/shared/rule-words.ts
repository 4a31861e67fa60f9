import type { PermissionDecision, RememberScope } from './permission'
import type { PermissionRule, RuleRef, RuleScope } from './permission-rules'

/**
 * How lasting permission rules read in both UIs, apart from the schemas (the transcript's first
 * frame loads no schema library).
 */

/** The "Remember for" choices, by the names the UIs show. */
export const REMEMBER_SCOPE_NAMES: Record<RememberScope, string> = {
  turn: 'This turn',
  session: 'This session',
  project: 'This project',
  global: 'All projects',
}

/** Every scope, in the order the choices are offered. */
export const REMEMBER_SCOPES: readonly RememberScope[] = ['turn', 'session', 'project', 'global']

/** A rule's scope in words, after what it covers: "`npm test` … in this project". */
export const RULE_SCOPE_WORDS: Record<RuleScope, string> = {
  session: 'in this session',
  project: 'in this project',
  global: 'in all projects',
}

/** A rule as a sentence: "Always allow `npm test` with any files in the workspace". */
export function ruleSentence(decision: PermissionDecision, label: string): string {
  return `Always ${decision} ${label}`
}

/**
 * What a transcript row says about a call a lasting rule decided: "allowed by your rule: `npm
 * test` with any files in the workspace, in this project" (several rules: joined with "; ").
 */
export function ruleDecisionText(decision: PermissionDecision, rules: readonly RuleRef[]): string {
  const verb = decision === 'allow' ? 'allowed' : 'denied'
  const named = rules.map((rule) => `${rule.label}, ${RULE_SCOPE_WORDS[rule.scope]}`)
  if (named.length === 0) return `${verb} by your rule`
  return `${verb} by your rule${named.length > 1 ? 's' : ''}: ${named.join('; ')}`
}

/** Where a rule applies, in words: "All projects", "Project /home/me/app", "Session “Fix tests”". */
export function ruleWhere(
  rule: Pick<PermissionRule, 'scope' | 'workspace' | 'sessionTitle'>,
): string {
  switch (rule.scope) {
    case 'global':
      return 'All projects'
    case 'project':
      return `Project ${rule.workspace ?? ''}`.trim()
    case 'session':
      return rule.sessionTitle ? `Session “${rule.sessionTitle}”` : 'One session'
  }
}

/** How often a rule was used: "never used", "used once", "used 4 times". */
export function ruleUses(uses: number): string {
  return uses === 0 ? 'never used' : uses === 1 ? 'used once' : `used ${uses} times`
}

/** Where a rule came from: "from a run_command prompt in “Fix tests”". */
export function ruleOrigin(rule: Pick<PermissionRule, 'tool' | 'sessionTitle'>): string {
  const tool = rule.tool ? `a ${rule.tool} prompt` : 'a prompt'
  return rule.sessionTitle ? `from ${tool} in “${rule.sessionTitle}”` : `from ${tool}`
}

/**
 * The rules in the order Settings and `/permissions` list them: all projects first, then each
 * project (by path), then sessions; newest first within each.
 */
export function rulesInOrder<R extends Pick<PermissionRule, 'scope' | 'workspace' | 'createdAt'>>(
  rules: readonly R[],
): R[] {
  const rank = { global: 0, project: 1, session: 2 } as const
  return [...rules].sort(
    (a, b) =>
      rank[a.scope] - rank[b.scope] ||
      (a.workspace ?? '').localeCompare(b.workspace ?? '') ||
      b.createdAt - a.createdAt,
  )
}
