import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react'

/**
 * A small confirmation that must be answered before anything changes: focus starts on the safe
 * choice, Tab stays between the two buttons, Escape cancels. The caller returns focus.
 */
export function ConfirmPopover({
  title,
  children,
  confirmLabel,
  onConfirm,
  onCancel,
}: {
  title: string
  children: ReactNode
  confirmLabel: string
  onConfirm: () => void
  onCancel: () => void
}) {
  const titleId = useId()
  const bodyId = useId()
  const cancelRef = useRef<HTMLButtonElement>(null)
  const confirmRef = useRef<HTMLButtonElement>(null)
  useEffect(() => cancelRef.current?.focus(), [])
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault()
      event.stopPropagation()
      onCancel()
    } else if (event.key === 'Tab') {
      event.preventDefault()
      const next = document.activeElement === cancelRef.current ? confirmRef : cancelRef
      next.current?.focus()
    }
  }
  return (
    <div
      role="alertdialog"
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      className="confirm-popover"
      onKeyDown={onKeyDown}
    >
      <p id={titleId} className="confirm-title">
        {title}
      </p>
      <p id={bodyId} className="confirm-body">
        {children}
      </p>
      <div className="confirm-actions">
        <button ref={cancelRef} type="button" className="button-secondary" onClick={onCancel}>
          Cancel
        </button>
        <button ref={confirmRef} type="button" className="button-danger" onClick={onConfirm}>
          {confirmLabel}
        </button>
      </div>
    </div>
  )
}
