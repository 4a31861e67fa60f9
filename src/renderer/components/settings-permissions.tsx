import { useEffect, useId, useState } from 'react'
import type { PermissionRule } from '../../shared/permission-rules'
import { formatAgo } from '../../shared/format-time'
import {
  ruleOrigin,
  ruleSentence,
  ruleUses,
  ruleWhere,
  rulesInOrder,
} from '../../shared/rule-words'
import { useActions } from '../state/chat-context'
import { SandboxVariables } from './settings-sandbox-env'
import { ScopeEntry } from './summary-text'

/**
 * Settings → Permissions: every lasting permission rule (all projects, each project, sessions),
 * what it covers, allow or deny, where it applies, where it came from, how often it was used,
 * each removable at once. A mistake in the rules file is named (and no rule applies until it is
 * fixed).
 */
export function SettingsPermissions() {
  const actions = useActions()
  const [rules, setRules] = useState<readonly PermissionRule[] | null>(null)
  const [problem, setProblem] = useState<string | undefined>(undefined)
  const [status, setStatus] = useState('')
  const [now] = useState(() => Date.now())
  const idBase = useId()

  useEffect(() => {
    let live = true
    void actions.listPermissionRules().then((result) => {
      if (!live) return
      setRules(result?.rules ?? [])
      setProblem(result?.problem)
    })
    return () => {
      live = false
    }
  }, [actions])

  const remove = async (rule: PermissionRule) => {
    if (!(await actions.removePermissionRule(rule.id))) return
    setRules((list) => (list ?? []).filter((r) => r.id !== rule.id))
    setStatus(`Removed “${ruleSentence(rule.decision, rule.label)}”. Parley asks again.`)
  }

  return (
    <div className="settings-section">
      <h3 className="settings-subhead">Permission rules</h3>
      <p className="settings-intro">
        In a permission prompt, <strong>Remember for</strong> keeps your answer for this turn, this
        session, this project or all projects. A deny rule always wins over any allow. Rules cover
        only what the prompt named, never a high-risk action and never one that leaves the sandbox.
        They are kept in Parley&apos;s data folder, never in a project.
      </p>
      {problem !== undefined && (
        <p className="settings-warning settings-file-problem" role="status">
          The rules file has a mistake, so no rule applies until it is fixed: <code>{problem}</code>
        </p>
      )}
      {rules === null ? (
        <p>Loading…</p>
      ) : (
        <>
          {rules.length === 0 && problem === undefined && (
            <p className="settings-intro">
              No rules yet. Choose “This session”, “This project” or “All projects” under Remember
              for in a permission prompt.
            </p>
          )}
          <ul className="rule-list" aria-label="Permission rules">
            {rulesInOrder(rules).map((rule) => {
              const labelId = `${idBase}-${rule.id}`
              return (
                <li key={rule.id} className="rule-row">
                  <span className="rule-text" id={labelId}>
                    <span className={`rule-decision rule-${rule.decision}`}>
                      {rule.decision === 'allow' ? 'Allow' : 'Deny'}
                    </span>{' '}
                    <span className="rule-label">
                      <ScopeEntry text={rule.label} />
                    </span>
                    <span className="rule-meta">
                      {ruleWhere(rule)} · {ruleOrigin(rule)}, {formatAgo(rule.createdAt, now)} ·{' '}
                      {ruleUses(rule.uses)}
                    </span>
                  </span>
                  <button
                    type="button"
                    className="button-secondary"
                    aria-describedby={labelId}
                    onClick={() => void remove(rule)}
                  >
                    Remove
                  </button>
                </li>
              )
            })}
          </ul>
        </>
      )}
      <p className="settings-intro">
        ACP agents (Claude Code, Codex, Gemini…) keep their own “Always allow” choices: those rules
        live in the agent and cannot be listed or removed here.
      </p>
      <p role="status">{status}</p>
      <SandboxVariables />
    </div>
  )
}
