import { useEffect, useId, useState } from 'react'
import type { PairedDevice, PublicSettings } from '../../shared'
import { formatAgo } from '../../shared/format-time'
import { useActions } from '../state/chat-context'

/**
 * Settings → Devices, "Answer from your phone": the devices paired with `parley serve --remote`
 * (name, last use), each revocable at once, and the notice webhook that says only which session
 * waits.
 */
export function SettingsDevices({ settings }: { settings: PublicSettings }) {
  const actions = useActions()
  const [devices, setDevices] = useState<readonly PairedDevice[] | null>(null)
  const [status, setStatus] = useState('')
  const [notifyUrl, setNotifyUrl] = useState(settings.notifyUrl ?? '')
  const urlId = useId()
  const [now] = useState(() => Date.now())

  useEffect(() => {
    let live = true
    void actions.listDevices().then((list) => live && setDevices(list ?? []))
    return () => {
      live = false
    }
  }, [actions])

  const revoke = async (device: PairedDevice) => {
    if (!(await actions.revokeDevice(device.id))) return
    setDevices((list) => (list ?? []).filter((d) => d.id !== device.id))
    setStatus(`Removed ${device.name}.`)
  }
  const saveUrl = async () => {
    const saved = await actions.updateSettings({ notifyUrl: notifyUrl.trim() })
    setStatus(saved ? 'Saved the notice address.' : 'That address is not an http(s) URL.')
  }

  return (
    <div className="settings-section">
      <h3 className="settings-subhead">Answer from your phone</h3>
      <p className="settings-intro">
        Start Parley with <code>parley serve --remote</code> and open the link it prints on your
        phone (it works once, for ten minutes). A paired phone can answer requests, read
        conversations and send messages, nothing else.
      </p>
      {devices === null ? (
        <p>Loading…</p>
      ) : devices.length === 0 ? (
        <p className="settings-intro">No device is paired.</p>
      ) : (
        <ul className="device-list" aria-label="Paired devices">
          {devices.map((device) => (
            <li key={device.id} className="device-row">
              <span>
                <strong>{device.name}</strong>
                <span className="device-used">
                  {' '}
                  ·{' '}
                  {device.lastUsedAt === null
                    ? 'never used'
                    : `used ${formatAgo(device.lastUsedAt, now)}`}
                </span>
              </span>
              <button
                type="button"
                className="button-secondary"
                aria-label={`Remove ${device.name}`}
                onClick={() => void revoke(device)}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      <h3 className="settings-subhead">Notice when something waits</h3>
      <label htmlFor={urlId}>Notice address (ntfy-style webhook)</label>
      <div className="device-url">
        <input
          id={urlId}
          type="url"
          placeholder="https://ntfy.sh/your-topic"
          value={notifyUrl}
          onChange={(e) => setNotifyUrl(e.target.value)}
        />
        <button type="button" className="button-secondary" onClick={() => void saveUrl()}>
          Save
        </button>
      </div>
      <p className="settings-intro">
        It says only “A session needs your input”, never what was asked (Notifications can add the
        session’s title).
      </p>
      <p role="status">{status}</p>
    </div>
  )
}
