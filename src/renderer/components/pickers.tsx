import { PERMISSION_MODES, PermissionModeSchema } from '../../shared'
import { useActions, useChat } from '../state/chat-context'

const MODE_HINT = {
  explore: 'Explore: read-only tools',
  ask: 'Ask: every change asks first',
  execute: 'Execute: edits allowed, commands ask',
  bypass: 'Bypass: never asks',
} as const

/** The session's permission mode (explore / ask / execute / bypass). */
export function ModePicker({ sessionId }: { sessionId: string }) {
  const actions = useActions()
  const mode = useChat((s) => s.sessions.find((x) => x.id === sessionId)?.mode)
  if (!mode) return null
  return (
    <label className="picker" title={MODE_HINT[mode]}>
      <select
        aria-label="Mode"
        value={mode}
        onChange={(e) => {
          const parsed = PermissionModeSchema.safeParse(e.target.value)
          if (parsed.success) void actions.setMode(sessionId, parsed.data)
        }}
      >
        {PERMISSION_MODES.map((m) => (
          <option key={m} value={m}>
            {m[0]?.toUpperCase() + m.slice(1)}
          </option>
        ))}
      </select>
    </label>
  )
}

/** The model new turns use (settings.models for the current provider). */
export function ModelPicker() {
  const actions = useActions()
  const model = useChat((s) => s.settings?.model ?? '')
  const models = useChat((s) => s.settings?.models)
  if (!models || models.length === 0) return null
  const options = models.includes(model) || model === '' ? models : [model, ...models]
  return (
    <label className="picker">
      <select
        aria-label="Model"
        value={model}
        onChange={(e) => void actions.updateSettings({ model: e.target.value })}
      >
        {model === '' && <option value="">Default model</option>}
        {options.map((m) => (
          <option key={m} value={m}>
            {m}
          </option>
        ))}
      </select>
    </label>
  )
}
