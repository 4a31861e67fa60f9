import { useState, type FormEvent } from 'react'
import type { PublicSettings } from '../../shared'
import { useActions } from '../state/chat-context'
import { CheckField, Field } from './settings-field'

/** The longest timeout Settings takes: a day. */
const MAX_TIMEOUT_SECONDS = 86_400

/**
 * Settings → Notifications: what a "needs your input" notification says on this computer, how
 * long a permission request waits for an answer, and whether the notice webhook names the session.
 * The checkboxes save at once; the timeout with its button.
 */
export function SettingsNotifications({ settings }: { settings: PublicSettings }) {
  const actions = useActions()
  const [status, setStatus] = useState('')
  const [timeout, setTimeoutText] = useState(String(settings.permissionTimeoutSeconds))
  // Shown as ticked at once; put back if the change could not be saved.
  const [checks, setChecks] = useState({
    notifyShowsWhatIsAsked: settings.notifyShowsWhatIsAsked,
    notifyUrlTitles: settings.notifyUrlTitles,
  })
  const seconds = Number(timeout)
  const timeoutError =
    timeout.trim() !== '' &&
    Number.isInteger(seconds) &&
    seconds >= 0 &&
    seconds <= MAX_TIMEOUT_SECONDS
      ? undefined
      : `A whole number of seconds from 0 to ${MAX_TIMEOUT_SECONDS}`

  const toggle = async (
    key: 'notifyShowsWhatIsAsked' | 'notifyUrlTitles',
    value: boolean,
    words: string,
  ) => {
    setChecks((now) => ({ ...now, [key]: value }))
    if (await actions.updateSettings({ [key]: value })) setStatus(words)
    else setChecks((now) => ({ ...now, [key]: !value }))
  }
  const saveTimeout = async (event: FormEvent) => {
    event.preventDefault()
    if (timeoutError) return
    if (await actions.updateSettings({ permissionTimeoutSeconds: seconds }))
      setStatus(
        seconds === 0
          ? 'Permission requests now wait until they are answered.'
          : `Permission requests now time out after ${seconds} s.`,
      )
  }

  return (
    <div className="settings-section">
      <h3 className="settings-subhead">Notifications</h3>
      <p className="settings-intro">
        When a session needs your input and you are not looking at it, this computer shows a
        notification naming the session; clicking it opens the request. Your system’s settings turn
        them off for Parley.
      </p>
      <CheckField
        label="Show what is asked"
        hint="The question, the command or the file, in one line. Off on a shared screen: the notification names only the session. A paired phone never shows it."
        checked={checks.notifyShowsWhatIsAsked}
        onChange={(on) =>
          void toggle(
            'notifyShowsWhatIsAsked',
            on,
            on ? 'Notifications say what is asked.' : 'Notifications say only which session waits.',
          )
        }
      />
      <form className="settings-form" onSubmit={(e) => void saveTimeout(e)}>
        <Field
          label="Permission requests time out after (seconds)"
          hint="Nobody answered: the agent is told so and goes on without it. You are notified again a minute before. 0 = never. Questions never time out."
          error={timeoutError}
        >
          {(control) => (
            <input
              {...control}
              type="number"
              min={0}
              max={MAX_TIMEOUT_SECONDS}
              step={1}
              value={timeout}
              onChange={(e) => setTimeoutText(e.target.value)}
            />
          )}
        </Field>
        <button
          type="submit"
          className="button-secondary"
          disabled={String(settings.permissionTimeoutSeconds) === timeout}
        >
          Save timeout
        </button>
      </form>
      <CheckField
        label="Name the session in webhook notices"
        hint="The notice address is in Devices. A session’s title is its first message, which may say anything: off, a notice says only “A session needs your input”."
        checked={checks.notifyUrlTitles}
        onChange={(on) =>
          void toggle(
            'notifyUrlTitles',
            on,
            on
              ? 'Webhook notices name the session.'
              : 'Webhook notices say only that a session waits.',
          )
        }
      />
      <p role="status">{status}</p>
    </div>
  )
}
