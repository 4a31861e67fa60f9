import { forwardRef, useId, useLayoutEffect, useRef, type KeyboardEvent } from 'react'
import { LIMITS } from '../../shared/limits'
import { useActions, useChat } from '../state/chat-context'
import { activeSession, draftKey, queueOf } from '../state/app-state'
import { awaitsAnswer } from '../../shared/interaction-words'
import { AgentModePicker, ModePicker, ModelPicker } from './pickers'
import { AgentConfigPickers } from './agent-config-pickers'
import { SlashMenu } from './slash-menu'
import { useSlashMenu } from './use-slash-menu'

/** True where the browser sizes a textarea to its text itself (`field-sizing: content`). */
const SIZED_BY_CSS =
  typeof CSS !== 'undefined' &&
  typeof CSS.supports === 'function' &&
  CSS.supports('field-sizing', 'content')

/**
 * The message box. Its text lives in the store per session, so it survives session switches and
 * the tray (which hides this form without unmounting it). Enter sends, Shift+Enter breaks a line;
 * while the agent works, Enter queues the message, sent when the turn ends.
 */
export const Composer = forwardRef<HTMLTextAreaElement, { hidden: boolean }>(function Composer(
  { hidden },
  ref,
) {
  const actions = useActions()
  const sessionId = useChat((s) => s.activeSessionId)
  const draft = useChat((s) => s.composerDrafts[draftKey(s.activeSessionId)] ?? '')
  const running = useChat((s) => activeSession(s)?.running ?? false)
  // The turn is not working but waiting on the person (a request put aside with Escape).
  const waitsOnPerson = useChat((s) => queueOf(s, s.activeSessionId).some(awaitsAnswer))
  const backendLabel = useChat((s) => s.settings?.backendLabel ?? '')
  // An ACP session's agent has its own model and modes: Parley's model picker is not for it.
  const agentName = useChat((s) => activeSession(s)?.agent?.name)
  const connection = useChat((s) => s.connection)
  const offline = connection !== 'open'
  const whyNotId = useId()
  const menuId = useId()
  const slash = useSlashMenu(draft)
  const localRef = useRef<HTMLTextAreaElement | null>(null)

  // Grow with the text up to the CSS max-height, then scroll. Where CSS can size the box to its
  // text (`field-sizing`), it does, without a forced layout; else it is measured here, and never
  // while hidden behind a tray (nothing to see, and a whole-page layout on every tray shown).
  useLayoutEffect(() => {
    const el = localRef.current
    if (!el || hidden || SIZED_BY_CSS) return
    el.style.height = 'auto'
    el.style.height = `${el.scrollHeight}px`
  }, [draft, hidden])

  // The runtime is the judge of "busy": this view of `running` can lag a turn that just ended.
  const send = () => {
    if (draft.trim() === '' || offline || slash.submitCommand()) return
    void actions.send()
  }
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (slash.onKeyDown(event)) return
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return
    event.preventDefault()
    send()
  }

  return (
    <form
      className="composer"
      hidden={hidden}
      onSubmit={(e) => {
        e.preventDefault()
        send()
      }}
    >
      {slash.open && (
        <SlashMenu id={menuId} entries={slash.entries} active={slash.active} onPick={slash.run} />
      )}
      <textarea
        ref={(el) => {
          localRef.current = el
          if (typeof ref === 'function') ref(el)
          else if (ref) ref.current = el
        }}
        className="composer-input"
        aria-label="Message"
        aria-controls={slash.open ? menuId : undefined}
        aria-activedescendant={slash.open ? `${menuId}-${slash.active}` : undefined}
        placeholder={
          waitsOnPerson
            ? 'The agent is waiting for your answer above. Enter queues a message for after'
            : running
              ? 'The agent is working… Enter queues a message for after'
              : 'Message the agent'
        }
        rows={1}
        maxLength={LIMITS.messageText}
        value={draft}
        onChange={(e) => actions.setComposerDraft(draftKey(sessionId), e.target.value)}
        onKeyDown={onKeyDown}
      />
      <div className="composer-bar">
        {sessionId && agentName !== undefined && <AgentModePicker sessionId={sessionId} />}
        {sessionId && agentName !== undefined && <AgentConfigPickers sessionId={sessionId} />}
        {sessionId && <ModePicker sessionId={sessionId} />}
        {agentName === undefined && <ModelPicker />}
        {agentName !== undefined ? (
          <span className="backend-label">{agentName} (ACP agent)</span>
        ) : (
          backendLabel && <span className="backend-label">{backendLabel}</span>
        )}
        <span className="composer-spacer" />
        {offline && (
          <span id={whyNotId} className="composer-why-not">
            {connection === 'reconnecting'
              ? 'Offline: can’t send yet'
              : connection === 'refused'
                ? 'Not connected: this link is from an earlier start'
                : 'Connecting to Parley…'}
          </span>
        )}
        {running && sessionId && (
          <button
            type="button"
            className="button-secondary"
            onClick={() => void actions.stop(sessionId)}
          >
            Stop
          </button>
        )}
        <button
          type="submit"
          className="button-primary"
          disabled={offline || draft.trim() === ''}
          aria-describedby={offline ? whyNotId : undefined}
        >
          Send
        </button>
      </div>
    </form>
  )
})
