import type { AgentPermissionInteraction, AgentPermissionOption } from '../../shared'
import { useActions } from '../state/chat-context'

/**
 * The answer row of a tray that offers an asker's own options (a sign-in, a page to open): one
 * button per option, `primary` filled; or, once the asker stopped waiting, only Dismiss.
 */
export function AgentOptionButtons({
  request,
  primary,
  busy,
  onChoose,
}: {
  request: AgentPermissionInteraction
  /** The option drawn as the main action, if any. */
  primary: string | undefined
  busy: boolean
  onChoose: (option: AgentPermissionOption) => void
}) {
  const actions = useActions()
  return (
    <footer className="tray-actions">
      <span className="tray-main-actions">
        {request.orphaned ? (
          <button
            type="button"
            className="button-secondary"
            disabled={busy}
            onClick={() => void actions.dismissInteraction(request.sessionId, request.requestId)}
          >
            Dismiss
          </button>
        ) : (
          request.options.map((option) => (
            <button
              key={option.optionId}
              type="button"
              className={option.optionId === primary ? 'button-primary' : 'button-secondary'}
              disabled={busy}
              onClick={() => onChoose(option)}
            >
              {option.name}
            </button>
          ))
        )}
      </span>
    </footer>
  )
}
