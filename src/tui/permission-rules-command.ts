import type { HostBridge } from '../shared/bridge'
import { formatAgo } from '../shared/format-time'
import type { PermissionRule } from '../shared/permission-rules'
import { ruleOrigin, ruleSentence, ruleUses, ruleWhere, rulesInOrder } from '../shared/rule-words'

/** The bridge calls `/permissions` makes. */
export type RulesBridge = Pick<HostBridge, 'listPermissionRules' | 'removePermissionRule'>

/** How `/permissions` reaches the screen. */
export interface RulesScreen {
  /** A passing line in the status row. */
  hint(text: string): void
  /** A block in the transcript. */
  note(text: string, tone?: 'dim' | 'error'): void
}

const AGENTS_NOTE =
  'ACP agents keep their own “Always allow” choices: those rules live in the agent and are not listed here.'

/** The rules as `/permissions` prints them: numbered, all projects first. */
export function rulesText(
  rules: readonly PermissionRule[],
  problem: string | undefined,
  now: number,
): string {
  const lines: string[] = []
  if (problem !== undefined)
    lines.push(`The rules file has a mistake, so no rule applies until it is fixed: ${problem}`)
  if (rules.length === 0 && problem === undefined)
    lines.push(
      'No permission rules. The desktop and web prompts make them: “Remember for” this session, this project or all projects.',
    )
  if (rules.length > 0) lines.push('Permission rules (/permissions remove N forgets one):')
  rulesInOrder(rules).forEach((rule, i) => {
    lines.push(`  ${i + 1}. ${ruleSentence(rule.decision, rule.label)}`)
    lines.push(
      `     ${ruleWhere(rule)} · ${ruleOrigin(rule)}, ${formatAgo(rule.createdAt, now)} · ${ruleUses(rule.uses)}`,
    )
  })
  lines.push(AGENTS_NOTE)
  return lines.join('\n')
}

/**
 * `/permissions`: lists every lasting permission rule; `/permissions remove N` forgets the Nth
 * of that list (read again first, so N names what the list shows now).
 */
export async function permissionsCommand(
  bridge: RulesBridge,
  arg: string,
  screen: RulesScreen,
  now: () => number = Date.now,
): Promise<void> {
  const [verb = '', which = ''] = arg.split(/\s+/)
  const listed = await bridge.listPermissionRules({})
  if (!listed.ok) return screen.hint(listed.message)
  if (verb === '') return screen.note(rulesText(listed.rules, listed.problem, now()))
  if (verb !== 'remove') return screen.hint('/permissions lists the rules; /permissions remove N.')
  const index = Number(which)
  const rule = Number.isInteger(index) ? rulesInOrder(listed.rules)[index - 1] : undefined
  if (!rule) return screen.hint(`No rule ${which || '(none given)'}: /permissions lists them.`)
  const removed = await bridge.removePermissionRule({ ruleId: rule.id })
  if (removed.ok)
    return screen.hint(`Removed “${ruleSentence(rule.decision, rule.label)}”. Parley asks again.`)
  screen.hint('That rule is already gone: /permissions lists them now.')
}
