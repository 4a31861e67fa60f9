import { createContext, useContext, useMemo, useRef, useState, type ReactNode } from 'react'
import { useActions, useChat } from '../state/chat-context'
import { activeSession } from '../state/app-state'
import { RewindDialog } from './rewind-dialog'

type OpenRewind = {
  open(turnId: string, messageText: string): void
  /** Opens the dialog to put the files back as they were just before a files rewind. */
  undo(checkpointId: string): void
  /** Parley's own agent only: its conversation can be rewound to before a message. */
  editAndResend: ((turnId: string, messageText: string) => void) | null
}

const RewindContext = createContext<OpenRewind | null>(null)

/** Lets each user message of `sessionId`'s transcript open the Rewind dialog (one at a time). */
export function RewindProvider({
  sessionId,
  children,
}: {
  sessionId: string | null
  children: ReactNode
}) {
  const [open, setOpen] = useState<{
    turnId: string
    messageText: string
    undo: boolean
  } | null>(null)
  const opener = useRef<HTMLElement | null>(null)
  const actions = useActions()
  const ownAgent = useChat((s) => activeSession(s)?.agent === undefined)
  const value = useMemo<OpenRewind | null>(
    () =>
      sessionId === null
        ? null
        : {
            open: (turnId, messageText) => {
              opener.current =
                document.activeElement instanceof HTMLElement ? document.activeElement : null
              setOpen({ turnId, messageText, undo: false })
            },
            undo: (checkpointId) => {
              opener.current =
                document.activeElement instanceof HTMLElement ? document.activeElement : null
              setOpen({ turnId: checkpointId, messageText: '', undo: true })
            },
            // A conversation rewind with the message put back in the composer, to edit and send.
            editAndResend: ownAgent
              ? (turnId, messageText) =>
                  void actions.rewind(sessionId, turnId, {
                    restore: 'conversation',
                    force: false,
                    messageText,
                  })
              : null,
          },
    [sessionId, ownAgent, actions],
  )
  const close = () => {
    setOpen(null)
    opener.current?.focus()
  }
  return (
    <RewindContext.Provider value={value}>
      {children}
      {open && sessionId !== null && (
        <RewindDialog
          sessionId={sessionId}
          turnId={open.turnId}
          messageText={open.messageText}
          undo={open.undo}
          onClose={close}
        />
      )}
    </RewindContext.Provider>
  )
}

/** "Rewind" on a user message: opens the dialog for its turn (nothing where no session is shown). */
export function RewindButton({ turnId, text }: { turnId: string; text: string }) {
  const rewind = useContext(RewindContext)
  if (!rewind) return null
  const { editAndResend } = rewind
  return (
    <div className="rewind-buttons">
      {editAndResend && (
        <button type="button" className="rewind-button" onClick={() => editAndResend(turnId, text)}>
          Edit message
        </button>
      )}
      <button type="button" className="rewind-button" onClick={() => rewind.open(turnId, text)}>
        Rewind
      </button>
    </div>
  )
}

/** "Undo" on a files rewind's notice: opens the dialog that puts the files back as they were. */
export function UndoRewindButton({ checkpointId }: { checkpointId: string }) {
  const rewind = useContext(RewindContext)
  if (!rewind) return null
  return (
    <button type="button" className="rewind-button" onClick={() => rewind.undo(checkpointId)}>
      Undo
    </button>
  )
}
