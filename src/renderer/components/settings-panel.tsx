import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react'
import {
  PERMISSION_MODES,
  PermissionModeSchema,
  ProviderKindSchema,
  type ProviderKind,
  type PublicSettings,
  type SettingsPatch,
} from '../../shared'
import { useActions, useChat } from '../state/chat-context'
import type { ModelSuggestions } from '../state/store'
import { useShell, type SettingsTab } from '../shell/shell-context'
import { SettingsDevices } from './settings-devices'
import { SettingsPermissions } from './settings-permissions'
import { Field } from './settings-field'
import { SettingsAgents } from './settings-agents'
import { SettingsMcp } from './settings-mcp'
import { SettingsNotifications } from './settings-notifications'

/** Providers in words, never their stored values. */
export const PROVIDER_NAME: Record<ProviderKind, string> = {
  auto: 'Automatic',
  anthropic: 'Anthropic',
  'openai-compatible': 'OpenAI-compatible',
  demo: 'Demo (scripted, no model)',
}

const PROVIDER_HINT: Record<ProviderKind, string> = {
  auto: 'Uses Anthropic when an Anthropic key is set, else an OpenAI-compatible server when its key or address is set, else the demo.',
  anthropic: 'Claude models, or any server that speaks the Anthropic API.',
  'openai-compatible':
    'OpenAI, Ollama, LM Studio, OpenRouter and other servers with an OpenAI-style API.',
  demo: 'A scripted conversation that shows what Parley does. Nothing leaves this computer.',
}

const MODE_WORDS = {
  explore: 'Explore: read-only tools',
  ask: 'Ask: every change asks first',
  execute: 'Execute: file edits allowed, commands ask',
  bypass: 'Bypass: never asks',
} as const

const TABS: ReadonlyArray<{ id: SettingsTab; label: string }> = [
  { id: 'model', label: 'Model' },
  { id: 'agents', label: 'Agents' },
  { id: 'mcp', label: 'MCP servers' },
  { id: 'permissions', label: 'Permissions' },
  { id: 'notifications', label: 'Notifications' },
  { id: 'devices', label: 'Devices' },
]

/**
 * Settings, as a side panel (an overlay on narrow windows), in three tabs: the model provider
 * Parley's own agent uses, the ACP agents a new session can talk to instead, and the MCP servers
 * of the open session's workspace. API keys are write-only: the panel shows whether one is set,
 * never its value (the runtime never sends it back), and an empty field leaves the saved key
 * alone. Escape closes it and returns focus to what opened it.
 */
export function SettingsPanel() {
  const settings = useChat((s) => s.settings)
  const { closeSettings, settingsTab, setSettingsTab } = useShell()
  const headingRef = useRef<HTMLHeadingElement>(null)
  const tabRefs = useRef<Partial<Record<SettingsTab, HTMLButtonElement | null>>>({})
  const idBase = useId()
  useEffect(() => headingRef.current?.focus(), [])
  // Escape closes Settings wherever focus is (even lost to the page), unless something inside
  // focus's reach already used it (a tray denying, a rename cancelling).
  useEffect(() => {
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return
      event.preventDefault()
      closeSettings()
    }
    window.addEventListener('keydown', onKeyDown)
    return () => window.removeEventListener('keydown', onKeyDown)
  }, [closeSettings])
  // Tabs: arrow keys move between them and show the one moved to; Home and End jump.
  const onTabKeyDown = (event: KeyboardEvent) => {
    const at = TABS.findIndex((t) => t.id === settingsTab)
    const to =
      event.key === 'ArrowRight'
        ? (at + 1) % TABS.length
        : event.key === 'ArrowLeft'
          ? (at - 1 + TABS.length) % TABS.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? TABS.length - 1
              : -1
    const tab = TABS[to]
    if (!tab) return
    event.preventDefault()
    setSettingsTab(tab.id)
    tabRefs.current[tab.id]?.focus()
  }
  const tabId = (tab: SettingsTab) => `${idBase}-tab-${tab}`
  const panelId = `${idBase}-panel`
  return (
    <>
      <div className="settings-scrim" aria-hidden="true" onClick={closeSettings} />
      <aside className="settings-panel" aria-labelledby="settings-heading">
        <div className="settings-head">
          <h2 id="settings-heading" ref={headingRef} tabIndex={-1}>
            Settings
          </h2>
          <button type="button" className="button-quiet" onClick={closeSettings}>
            Close
          </button>
        </div>
        {settings?.fileProblem !== undefined && (
          <p className="settings-warning settings-file-problem" role="status">
            Your settings file has a mistake: <code>{settings.fileProblem}</code>
          </p>
        )}
        <div className="settings-tabs" role="tablist" aria-label="Settings sections">
          {TABS.map((tab) => (
            <button
              key={tab.id}
              ref={(el) => {
                tabRefs.current[tab.id] = el
              }}
              type="button"
              role="tab"
              id={tabId(tab.id)}
              aria-selected={settingsTab === tab.id}
              aria-controls={settingsTab === tab.id ? panelId : undefined}
              tabIndex={settingsTab === tab.id ? 0 : -1}
              className="settings-tab"
              onClick={() => setSettingsTab(tab.id)}
              onKeyDown={onTabKeyDown}
            >
              {tab.label}
            </button>
          ))}
        </div>
        <div
          className="settings-tab-panel"
          role="tabpanel"
          id={panelId}
          aria-labelledby={tabId(settingsTab)}
        >
          {settings ? <TabContent tab={settingsTab} settings={settings} /> : <p>Loading…</p>}
        </div>
      </aside>
    </>
  )
}

function TabContent({ tab, settings }: { tab: SettingsTab; settings: PublicSettings }) {
  switch (tab) {
    case 'model':
      return <SettingsForm settings={settings} />
    case 'agents':
      return <SettingsAgents settings={settings} />
    case 'mcp':
      return <SettingsMcp />
    case 'permissions':
      return <SettingsPermissions />
    case 'devices':
      return <SettingsDevices settings={settings} />
    case 'notifications':
      return <SettingsNotifications settings={settings} />
  }
}

/** Runs an action on demand and keeps its latest result. */
function useOnDemand<T>(run: () => Promise<T>) {
  const [pending, setPending] = useState(false)
  const [result, setResult] = useState<T | null>(null)
  return {
    pending,
    result,
    run: () => {
      setPending(true)
      setResult(null)
      void run().then((value) => {
        setResult(value)
        setPending(false)
      })
    },
  }
}

function SettingsForm({ settings }: { settings: PublicSettings }) {
  const actions = useActions()
  const [provider, setProvider] = useState(settings.provider)
  const [model, setModel] = useState(settings.model)
  const [openaiBaseUrl, setOpenaiBaseUrl] = useState(settings.openaiBaseUrl)
  const [anthropicBaseUrl, setAnthropicBaseUrl] = useState(settings.anthropicBaseUrl)
  const [idleSeconds, setIdleSeconds] = useState(String(settings.streamIdleSeconds))
  const [defaultMode, setDefaultMode] = useState(settings.defaultMode)
  const [workspace, setWorkspace] = useState(settings.defaultWorkspace)
  const [openaiKey, setOpenaiKey] = useState('')
  const [anthropicKey, setAnthropicKey] = useState('')
  const [saved, setSaved] = useState(false)
  const [models, setModels] = useState<ModelSuggestions>({ models: [], fromServer: false })
  const test = useOnDemand(actions.testConnection)
  const modelListId = useId()
  // Suggestions follow the saved provider: asked again whenever settings change.
  useEffect(() => {
    let current = true
    void actions.listModels().then((found) => current && setModels(found))
    return () => {
      current = false
    }
  }, [actions, settings])

  const dirty =
    provider !== settings.provider ||
    model !== settings.model ||
    openaiBaseUrl !== settings.openaiBaseUrl ||
    anthropicBaseUrl !== settings.anthropicBaseUrl ||
    idleSeconds !== String(settings.streamIdleSeconds) ||
    defaultMode !== settings.defaultMode ||
    workspace !== settings.defaultWorkspace ||
    openaiKey !== '' ||
    anthropicKey !== ''
  const usesAnthropic = provider === 'anthropic' || provider === 'auto'
  const usesOpenai = provider === 'openai-compatible' || provider === 'auto'

  const save = async (event: FormEvent) => {
    event.preventDefault()
    const patch: SettingsPatch = {
      provider,
      model: model.trim(),
      openaiBaseUrl: openaiBaseUrl.trim(),
      anthropicBaseUrl: anthropicBaseUrl.trim(),
      defaultMode,
      defaultWorkspace: workspace.trim(),
    }
    const idle = Number(idleSeconds)
    if (Number.isInteger(idle)) patch.streamIdleSeconds = idle
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
      <Field label="Provider" hint={PROVIDER_HINT[provider]}>
        {(control) => (
          <select
            {...control}
            value={provider}
            onChange={(e) => {
              const parsed = ProviderKindSchema.safeParse(e.target.value)
              if (parsed.success) setProvider(parsed.data)
            }}
          >
            {ProviderKindSchema.options.map((p) => (
              <option key={p} value={p}>
                {PROVIDER_NAME[p]}
              </option>
            ))}
          </select>
        )}
      </Field>
      {usesAnthropic && (
        <fieldset className="settings-group">
          <legend>Anthropic</legend>
          <KeyField
            label="Anthropic API key"
            isSet={settings.anthropicApiKeySet}
            value={anthropicKey}
            onChange={setAnthropicKey}
            onClear={() => clearKey('anthropicApiKey')}
          />
          <Field label="Anthropic base URL" hint="Leave empty for api.anthropic.com.">
            {(control) => (
              <input
                {...control}
                type="url"
                value={anthropicBaseUrl}
                placeholder="https://api.anthropic.com/v1"
                onChange={(e) => setAnthropicBaseUrl(e.target.value)}
              />
            )}
          </Field>
        </fieldset>
      )}
      {usesOpenai && (
        <fieldset className="settings-group">
          <legend>OpenAI-compatible server</legend>
          <Field label="Base URL" hint="Leave empty for api.openai.com.">
            {(control) => (
              <input
                {...control}
                type="url"
                value={openaiBaseUrl}
                placeholder="http://localhost:11434/v1"
                onChange={(e) => setOpenaiBaseUrl(e.target.value)}
              />
            )}
          </Field>
          <KeyField
            label="OpenAI-compatible API key"
            isSet={settings.openaiApiKeySet}
            value={openaiKey}
            onChange={setOpenaiKey}
            onClear={() => clearKey('openaiApiKey')}
          />
        </fieldset>
      )}
      {provider !== 'demo' && (
        <>
          <Field
            label="Model"
            hint={
              models.fromServer
                ? 'Suggestions come from the server. Any model id works.'
                : 'Type any model id; the list only suggests.'
            }
          >
            {(control) => (
              <input
                {...control}
                value={model}
                list={modelListId}
                placeholder="Provider default"
                autoComplete="off"
                spellCheck={false}
                onChange={(e) => setModel(e.target.value)}
              />
            )}
          </Field>
          <datalist id={modelListId}>
            {models.models.map((m) => (
              <option key={m} value={m} />
            ))}
          </datalist>
          <Field
            label="Give up on a silent model after (seconds)"
            hint="Any bytes from the server count as life; paused while Parley waits for you."
          >
            {(control) => (
              <input
                {...control}
                type="number"
                min={5}
                max={3_600}
                step={1}
                value={idleSeconds}
                onChange={(e) => setIdleSeconds(e.target.value)}
              />
            )}
          </Field>
        </>
      )}
      <Field label="Default mode for new sessions">
        {(control) => (
          <select
            {...control}
            value={defaultMode}
            onChange={(e) => {
              const parsed = PermissionModeSchema.safeParse(e.target.value)
              if (parsed.success) setDefaultMode(parsed.data)
            }}
          >
            {PERMISSION_MODES.map((m) => (
              <option key={m} value={m}>
                {MODE_WORDS[m]}
              </option>
            ))}
          </select>
        )}
      </Field>
      {defaultMode === 'bypass' && (
        <p className="settings-warning">
          New sessions will run commands and change files without asking you.
        </p>
      )}
      <Field
        label="Default workspace folder"
        hint="Where new sessions work. Empty: the folder Parley was started in."
      >
        {(control) => (
          <input {...control} value={workspace} onChange={(e) => setWorkspace(e.target.value)} />
        )}
      </Field>
      <p className="settings-test" role="status">
        {dirty && !test.pending && !test.result && 'Test connection checks the saved settings.'}
        {test.result && (
          <span className={test.result.ok ? 'settings-test-ok' : 'settings-test-failed'}>
            {test.result.message}
          </span>
        )}
      </p>
      <div className="settings-actions">
        <button
          type="button"
          className="button-secondary"
          // Not disabled while it runs: a disabled button drops the focus it has.
          aria-disabled={test.pending}
          onClick={() => {
            if (!test.pending) test.run()
          }}
        >
          {test.pending ? 'Testing…' : 'Test connection'}
        </button>
        <span className="composer-spacer" />
        {saved && !dirty && <span className="settings-saved">Saved</span>}
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
    <Field
      label={
        <>
          {props.label} <span className="key-state">{props.isSet ? 'set' : 'not set'}</span>
        </>
      }
    >
      {(control) => (
        <span className="key-row">
          <input
            {...control}
            type="password"
            autoComplete="off"
            value={props.value}
            placeholder={props.isSet ? 'Saved — type to replace' : 'Paste a key'}
            onChange={(e) => props.onChange(e.target.value)}
          />
          {props.isSet && (
            <button type="button" className="button-quiet small" onClick={props.onClear}>
              Remove key
            </button>
          )}
        </span>
      )}
    </Field>
  )
}
