import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react'
import {
  PERMISSION_MODES,
  PermissionModeSchema,
  type PublicSettings,
  type SettingsPatch,
} from '../../shared'
import { useActions, useChat } from '../state/chat-context'
import { useShell, type SettingsTab } from '../shell/shell-context'
import { SettingsDevices } from './settings-devices'
import { SettingsPermissions } from './settings-permissions'
import { Field } from './settings-field'
import { ConnectionTest, ProviderFields, type ProviderDraft } from './settings-model'
import { SettingsAgents } from './settings-agents'
import { SettingsMcp } from './settings-mcp'
import { SettingsNotifications } from './settings-notifications'

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

/** The Model tab: the provider (tested and suggested as typed), the defaults, and Save. */
function SettingsForm({ settings }: { settings: PublicSettings }) {
  const actions = useActions()
  const [draft, setDraft] = useState<ProviderDraft>({
    provider: settings.provider,
    model: settings.model,
    openaiBaseUrl: settings.openaiBaseUrl,
    anthropicBaseUrl: settings.anthropicBaseUrl,
    openaiKey: '',
    anthropicKey: '',
  })
  const [idleSeconds, setIdleSeconds] = useState(String(settings.streamIdleSeconds))
  const [defaultMode, setDefaultMode] = useState(settings.defaultMode)
  const [workspace, setWorkspace] = useState(settings.defaultWorkspace)
  const [saved, setSaved] = useState(false)

  const dirty =
    draft.provider !== settings.provider ||
    draft.model !== settings.model ||
    draft.openaiBaseUrl !== settings.openaiBaseUrl ||
    draft.anthropicBaseUrl !== settings.anthropicBaseUrl ||
    idleSeconds !== String(settings.streamIdleSeconds) ||
    defaultMode !== settings.defaultMode ||
    workspace !== settings.defaultWorkspace ||
    draft.openaiKey !== '' ||
    draft.anthropicKey !== ''

  const save = async (event: FormEvent) => {
    event.preventDefault()
    const patch: SettingsPatch = {
      provider: draft.provider,
      model: draft.model.trim(),
      openaiBaseUrl: draft.openaiBaseUrl.trim(),
      anthropicBaseUrl: draft.anthropicBaseUrl.trim(),
      defaultMode,
      defaultWorkspace: workspace.trim(),
    }
    const idle = Number(idleSeconds)
    if (Number.isInteger(idle)) patch.streamIdleSeconds = idle
    if (draft.openaiKey) patch.openaiApiKey = draft.openaiKey
    if (draft.anthropicKey) patch.anthropicApiKey = draft.anthropicKey
    const ok = await actions.updateSettings(patch)
    setSaved(ok)
    if (ok) setDraft((d) => ({ ...d, openaiKey: '', anthropicKey: '' }))
  }

  return (
    <form className="settings-form" onSubmit={(e) => void save(e)}>
      <p className="settings-backend">
        Now using: <strong>{settings.backendLabel}</strong>
      </p>
      <ProviderFields
        settings={settings}
        draft={draft}
        onChange={(patch) => setDraft((d) => ({ ...d, ...patch }))}
        onClearKey={(key) => void actions.updateSettings({ [key]: '' })}
      />
      {draft.provider !== 'demo' && (
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
      <div className="settings-actions">
        <ConnectionTest draft={draft} />
        {saved && !dirty && <span className="settings-saved">Saved</span>}
        <button type="submit" className="button-primary">
          Save settings
        </button>
      </div>
    </form>
  )
}
