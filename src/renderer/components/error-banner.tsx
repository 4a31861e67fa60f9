import { useActions, useChat } from '../state/chat-context'

/**
 * The latest failure, in plain words, until hidden. The button is not called "Dismiss": that
 * name belongs to the tray (closing a recovered request).
 */
export function ErrorBanner() {
  const error = useChat((s) => s.error)
  const actions = useActions()
  if (!error) return null
  return (
    <div className="error-banner" role="alert">
      <span>{error}</span>
      <button type="button" className="button-quiet small" onClick={actions.dismissError}>
        Hide
      </button>
    </div>
  )
}
