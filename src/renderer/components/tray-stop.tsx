/**
 * Stop, in the same place in every tray: after the main actions (and after them in Tab order),
 * set apart by a divider, since it ends the whole turn and not only the prompt.
 */
export function TrayStop({
  onStop,
  disabled = false,
}: {
  onStop: () => void
  disabled?: boolean
}): React.JSX.Element {
  return (
    <>
      <span className="tray-actions-divider" aria-hidden="true" />
      <button type="button" className="button-quiet" disabled={disabled} onClick={onStop}>
        Stop
      </button>
    </>
  )
}
