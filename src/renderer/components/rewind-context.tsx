import { createContext, useContext, useMemo, useRef, useState, type ReactNode } from 'react'
import { RewindDialog } from './rewind-dialog'

type OpenRewind = (turnId: string, messageText: string) => void

const RewindContext = createContext<OpenRewind | null>(null)

/** Lets each user message of `sessionId`'s transcript open the Rewind dialog (one at a time). */
export function RewindProvider({
  sessionId,
  children,
}: {
  sessionId: string | null
  children: ReactNode
}) {
  const [open, setOpen] = useState<{ turnId: string; messageText: string } | null>(null)
  const opener = useRef<HTMLElement | null>(null)
  const value = useMemo<OpenRewind | null>(
    () =>
      sessionId === null
        ? null
        : (turnId, messageText) => {
            opener.current =
              document.activeElement instanceof HTMLElement ? document.activeElement : null
            setOpen({ turnId, messageText })
          },
    [sessionId],
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
          onClose={close}
        />
      )}
    </RewindContext.Provider>
  )
}

/** "Rewind" on a user message: opens the dialog for its turn (nothing where no session is shown). */
export function RewindButton({ turnId, text }: { turnId: string; text: string }) {
  const open = useContext(RewindContext)
  if (!open) return null
  return (
    <button type="button" className="rewind-button" onClick={() => open(turnId, text)}>
      Rewind
    </button>
  )
}
