import { useEffect, useRef, useState } from 'react'
import type { NotifyChoice } from './attention-signal'
import type { SessionViewAction } from './session-view-state'
import type { TuiBridge } from './tui-bridge'

/**
 * What the client reads from the settings: the backend's label and the notification choice;
 * a settings.json with a mistake is said once, as a line of the first session shown.
 */
export function useAppSettings(
  bridge: TuiBridge,
  ready: boolean,
  dispatch: (action: SessionViewAction) => void,
) {
  const [notify, setNotify] = useState<NotifyChoice>('auto')
  const [backendLabel, setBackendLabel] = useState('')
  // Effects run after ink has written the frame they belong to.
  useEffect(() => {
    void bridge.getSettings({}).then((settings) => {
      if ('backendLabel' in settings) {
        setBackendLabel(settings.backendLabel)
        setNotify(settings.terminalNotify ?? 'auto')
      }
    })
  }, [bridge])
  const settingsChecked = useRef(false)
  useEffect(() => {
    if (!ready || settingsChecked.current) return
    settingsChecked.current = true
    void bridge.getSettings({}).then((settings) => {
      if ('fileProblem' in settings && settings.fileProblem !== undefined)
        dispatch({ type: 'note', text: `Settings file: ${settings.fileProblem}`, tone: 'error' })
    })
  }, [bridge, ready, dispatch])
  return { notify, setNotify, backendLabel, setBackendLabel }
}
