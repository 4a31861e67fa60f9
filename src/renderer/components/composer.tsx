import { forwardRef, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react'
import { LIMITS } from '../../shared/limits'
import { useActions, useChat } from '../state/chat-context'
import { activeSession, draftKey, queueOf } from '../state/app-state'
import { awaitsAnswer } from '../../shared/interaction-words'
import { ComposerBar } from './composer-bar'
import { SlashMenu } from './slash-menu'
import { useSlashMenu } from './use-slash-menu'
import { MentionMenu } from './mention-menu'
import { useMentionMenu } from './use-mention-menu'
import { ComposerAttachments } from './composer-attachments'
import { useComposerImages } from './use-composer-images'
import { composerAttachmentsOf } from '../state/composer-attachments'

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
  const attachments = useChat((s) => composerAttachmentsOf(s, draftKey(s.activeSessionId)))
  const [caret, setCaret] = useState(0)
  const caretAfter = useRef<number | null>(null)
  const mentionId = useId()
  const mention = useMentionMenu({
    sessionId,
    draft,
    caret,
    moveCaret: (at) => {
      caretAfter.current = at
      setCaret(at)
    },
  })
  const menuOpen = slash.open || mention.open
  const activeOption = slash.open
    ? `${menuId}-${slash.active}`
    : mention.open
      ? `${mentionId}-${mention.active}`
      : undefined

  // A chosen mention moved the caret past what it wrote, once that text is in the box.
  useLayoutEffect(() => {
    const el = localRef.current
    const at = caretAfter.current
    if (!el || at === null) return
    caretAfter.current = null
    el.setSelectionRange(at, at)
  }, [draft])

  const images = useComposerImages(sessionId)

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
    if (slash.onKeyDown(event) || mention.onKeyDown(event)) return
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return
    event.preventDefault()
    send()
  }

  return (
    <form
      className="composer"
      hidden={hidden}
      onDragOver={images.onDragOver}
      onDrop={images.onDrop}
      onSubmit={(e) => {
        e.preventDefault()
        send()
      }}
    >
      {slash.open && (
        <SlashMenu id={menuId} entries={slash.entries} active={slash.active} onPick={slash.run} />
      )}
      {!slash.open && mention.open && (
        <MentionMenu
          id={mentionId}
          entries={mention.entries}
          active={mention.active}
          onPick={mention.pick}
        />
      )}
      <ComposerAttachments
        attachments={attachments}
        onRemove={(index) => actions.removeAttachment(draftKey(sessionId), index)}
      />
      <textarea
        ref={(el) => {
          localRef.current = el
          if (typeof ref === 'function') ref(el)
          else if (ref) ref.current = el
        }}
        className="composer-input"
        aria-label="Message"
        aria-controls={slash.open ? menuId : mention.open ? mentionId : undefined}
        aria-activedescendant={menuOpen ? activeOption : undefined}
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
        onChange={(e) => {
          setCaret(e.target.selectionStart)
          actions.setComposerDraft(draftKey(sessionId), e.target.value)
        }}
        onSelect={(e) => setCaret(e.currentTarget.selectionStart)}
        onKeyDown={onKeyDown}
        onPaste={images.onPaste}
      />
      <ComposerBar
        sessionId={sessionId}
        agentName={agentName}
        backendLabel={backendLabel}
        connection={connection}
        running={running}
        canSend={!offline && draft.trim() !== ''}
        whyNotId={whyNotId}
      />
    </form>
  )
})
