import type { PermissionDecision } from '../../shared/permission'
import type { RuleRef } from '../../shared/permission-rules'
import { ruleDecisionText } from '../../shared/rule-words'
import { useShell } from '../shell/shell-context'
import { SummaryText } from './summary-text'

/**
 * A call that a lasting rule allowed or denied says so on its row ("allowed by your rule: `npm
 * test` …, in this project"), as a link to Settings → Permissions, where the rule can be removed.
 */
export function RuleDecision({
  decision,
  rules,
}: {
  decision: PermissionDecision
  rules: readonly RuleRef[]
}) {
  const shell = useShell()
  return (
    <button
      type="button"
      className="tool-permission tool-rule"
      onClick={() => shell.openSettingsAt('permissions')}
    >
      <SummaryText text={ruleDecisionText(decision, rules)} />
    </button>
  )
}
