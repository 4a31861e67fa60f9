import { useEffect, useRef, useState, type FormEvent } from 'react'
import {
  PERMISSION_MODES,
  PermissionModeSchema,
  ProviderKindSchema,
  type PublicSettings,
  type SettingsPatch,
} from '../../shared'
import { useActions, useChat } from '../state/chat-context'

/**
 * Provider settings. API keys are write-only: the panel shows whether one is set, never its
 * value (the runtime never sends it back), and an empty field leaves the saved key alone.
 */
export function SettingsPanel({ onClose }: { onClose: () => void }) {
  const settings = useChat((s) => s.settings)
  const headingRef = useRef<HTMLHeadingElement>(null)
  useEffect(() => headingRef.current?.focus(), [])
  return (
    <aside
      className="settings-panel"
      aria-labelledby="settings-heading"
      onKeyDown={(e) => e.key === 'Escape' && onClose()}
    >
      <div className="settings-head">
        <h2 id="settings-heading" ref={headingRef} tabIndex={-1}>
          Settings
        </h2>
        <button type="button" className="button-quiet" onClick={onClose}>
          Close
        </button>
      </div>
      {settings ? <SettingsForm settings={settings} /> : <p>Loading…</p>}
    </aside>
  )
}

function SettingsForm({ settings }: { settings: PublicSettings }) {
  const actions = useActions()
  const [provider, setProvider] = useState(settings.provider)
  const [baseUrl, setBaseUrl] = useState(settings.openaiBaseUrl)
  const [defaultMode, setDefaultMode] = useState(settings.defaultMode)
  const [workspace, setWorkspace] = useState(settings.defaultWorkspace)
  const [openaiKey, setOpenaiKey] = useState('')
  const [anthropicKey, setAnthropicKey] = useState('')
  const [saved, setSaved] = useState(false)

  const save = async (event: FormEvent) => {
    event.preventDefault()
    const patch: SettingsPatch = { provider, openaiBaseUrl: baseUrl.trim(), defaultMode }
    patch.defaultWorkspace = workspace.trim()
    if (openaiKey) patch.openaiApiKey = openaiKey
    if (anthropicKey) patch.anthropicApiKey = anthropicKey
    const ok = await actions.updateSettings(patch)
    setSaved(ok)
    if (ok) {
      setOpenaiKey('')
      setAnthropicKey('')
    }
  }
  const clearKey = (key: 'openaiApiKey' | 'anthropicApiKey') =>
    void actions.updateSettings({ [key]: '' })

  return (
    <form className="settings-form" onSubmit={(e) => void save(e)}>
      <p className="settings-backend">
        Now using: <strong>{settings.backendLabel}</strong>
      </p>
      <label className="field">
        <span>Provider</span>
        <select
          value={provider}
          onChange={(e) => {
            const parsed = ProviderKindSchema.safeParse(e.target.value)
            if (parsed.success) setProvider(parsed.data)
          }}
        >
          {ProviderKindSchema.options.map((p) => (
            <option key={p} value={p}>
              {p}
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        <span>OpenAI-compatible base URL</span>
        <input
          type="url"
          value={baseUrl}
          placeholder="https://api.example.com/v1"
          onChange={(e) => setBaseUrl(e.target.value)}
        />
      </label>
      <KeyField
        label="OpenAI-compatible API key"
        isSet={settings.openaiApiKeySet}
        value={openaiKey}
        onChange={setOpenaiKey}
        onClear={() => clearKey('openaiApiKey')}
      />
      <KeyField
        label="Anthropic API key"
        isSet={settings.anthropicApiKeySet}
        value={anthropicKey}
        onChange={setAnthropicKey}
        onClear={() => clearKey('anthropicApiKey')}
      />
      <label className="field">
        <span>Default mode for new sessions</span>
        <select
          value={defaultMode}
          onChange={(e) => {
            const parsed = PermissionModeSchema.safeParse(e.target.value)
            if (parsed.success) setDefaultMode(parsed.data)
          }}
        >
          {PERMISSION_MODES.map((m) => (
            <option key={m} value={m}>
              {m}
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        <span>Default workspace folder</span>
        <input value={workspace} onChange={(e) => setWorkspace(e.target.value)} />
      </label>
      <div className="settings-actions">
        {saved && <span className="settings-saved">Saved</span>}
        <button type="submit" className="button-primary">
          Save settings
        </button>
      </div>
    </form>
  )
}

function KeyField(props: {
  label: string
  isSet: boolean
  value: string
  onChange: (value: string) => void
  onClear: () => void
}) {
  return (
    <div className="field">
      <label>
        <span>
          {props.label} <span className="key-state">{props.isSet ? 'set' : 'not set'}</span>
        </span>
        <input
          type="password"
          autoComplete="off"
          value={props.value}
          placeholder={props.isSet ? 'Saved — type to replace' : 'Paste a key'}
          onChange={(e) => props.onChange(e.target.value)}
        />
      </label>
      {props.isSet && (
        <button type="button" className="button-quiet small" onClick={props.onClear}>
          Remove key
        </button>
      )}
    </div>
  )
}
