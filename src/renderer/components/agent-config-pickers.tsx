import { useMemo } from 'react'
import type { AgentConfigOption, AgentConfigValue } from '../../shared'
import { configPickerOptions } from '../../shared/config-pickers'
import { useActions, useChat } from '../state/chat-context'

/** The option's values in runs of one group each (an agent's ungrouped values form one run). */
function runsOf(values: readonly AgentConfigValue[]): Array<{
  group: string | undefined
  values: AgentConfigValue[]
}> {
  const runs: Array<{ group: string | undefined; values: AgentConfigValue[] }> = []
  for (const value of values) {
    const last = runs.at(-1)
    if (last && last.group === value.group) last.values.push(value)
    else runs.push({ group: value.group, values: [value] })
  }
  return runs
}

function ValueOptions({ values, prefix }: { values: readonly AgentConfigValue[]; prefix: string }) {
  return values.map((v) => (
    <option key={v.value} value={v.value} title={v.description}>
      {prefix}
      {v.name}
    </option>
  ))
}

/** One of the agent's options as a picker named by the agent's own name for it. */
function ConfigPicker({
  option,
  onPick,
}: {
  option: AgentConfigOption
  onPick: (value: string) => void
}) {
  const offered = option.values.some((v) => v.value === option.currentValue)
  // A model's name says what it is; "Default" or "High" alone would not, so they carry the
  // option's name ("Reasoning effort: High"), as the file-access picker's do.
  const prefix = option.category === 'model' ? '' : `${option.name}: `
  return (
    <label className="picker" title={option.description ?? option.name}>
      <select
        aria-label={option.name}
        value={option.currentValue}
        onChange={(e) => {
          if (e.target.value !== option.currentValue) onPick(e.target.value)
        }}
      >
        {/* A value the agent reports but does not list is still shown as what it is. */}
        {!offered && (
          <option value={option.currentValue}>
            {prefix}
            {option.currentValue}
          </option>
        )}
        {runsOf(option.values).map((run, index) =>
          run.group === undefined ? (
            <ValueOptions key={`run-${index}`} values={run.values} prefix={prefix} />
          ) : (
            <optgroup key={`run-${index}`} label={run.group}>
              <ValueOptions values={run.values} prefix={prefix} />
            </optgroup>
          ),
        )}
      </select>
    </label>
  )
}

/**
 * An ACP agent's session config options (Codex: model, reasoning effort, collaboration mode), one
 * picker each, grouped by category: mode, model, thought level, then the rest. The option the
 * agent-mode picker already shows is left out. A change goes to the agent; what it answers comes
 * back on the session, so each picker shows the agent's value, not the one picked.
 */
export function AgentConfigPickers({ sessionId }: { sessionId: string }) {
  const actions = useActions()
  const config = useChat((s) => s.sessions.find((x) => x.id === sessionId)?.agentConfig)
  const modeConfigId = useChat(
    (s) => s.sessions.find((x) => x.id === sessionId)?.agentModes?.configId,
  )
  const options = useMemo(
    () => configPickerOptions(config ?? [], modeConfigId),
    [config, modeConfigId],
  )
  return options.map((option) => (
    <ConfigPicker
      key={option.id}
      option={option}
      onPick={(value) => void actions.setAgentConfigOption(sessionId, option.id, value)}
    />
  ))
}
