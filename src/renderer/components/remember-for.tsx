import { useId } from 'react'
import type { RememberScope } from '../../shared/permission'
import { REMEMBER_SCOPE_NAMES, REMEMBER_SCOPES } from '../../shared/rule-words'

/** What a lasting choice promises, under the control. */
const LASTING_HINT: Record<Exclude<RememberScope, 'turn'>, string> = {
  session: 'Not asked again in this session. Settings → Permissions lists and removes it.',
  project:
    'Not asked again in this project, in any session. Settings → Permissions lists and removes it.',
  global: 'Not asked again in any project. Settings → Permissions lists and removes it.',
}

/**
 * "Remember for": how long the Remember beside it lasts — this turn (the default), this session,
 * this project or all projects. Choosing a lasting scope also ticks Remember: picking how long to
 * remember is asking to remember. A native select, so every platform's keyboard and screen reader
 * know it.
 */
export function RememberFor({
  scope,
  onChange,
  disabled,
}: {
  scope: RememberScope
  onChange(scope: RememberScope): void
  disabled: boolean
}) {
  const hintId = useId()
  return (
    <span className="remember-for">
      <span className="picker">
        <select
          aria-label="Remember for"
          aria-describedby={scope !== 'turn' ? hintId : undefined}
          value={scope}
          disabled={disabled}
          onChange={(e) => {
            const chosen = REMEMBER_SCOPES.find((s) => s === e.target.value)
            if (chosen) onChange(chosen)
          }}
        >
          {REMEMBER_SCOPES.map((s) => (
            <option key={s} value={s}>
              {REMEMBER_SCOPE_NAMES[s]}
            </option>
          ))}
        </select>
      </span>
      {scope !== 'turn' && (
        <span id={hintId} className="remember-scope">
          {LASTING_HINT[scope]}
        </span>
      )}
    </span>
  )
}
