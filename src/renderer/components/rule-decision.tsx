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
  const text = ruleDecisionText(decision, rules)
  return (
    <button
      type="button"
      className="tool-permission tool-rule"
      // The row cuts it short; the whole sentence on hover (and always as the button's name).
      title={text.replaceAll('`', '')}
      onClick={() => shell.openSettingsAt('permissions')}
    >
      <SummaryText text={text} />
    </button>
  )
}
