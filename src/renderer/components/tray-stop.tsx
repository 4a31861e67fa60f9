/**
 * Stop, in the same place in every tray: at the right end of its header, quiet, away from the
 * answers — it is not one of them: it ends the whole turn, not only the request.
 */
export function TrayStop({
  onStop,
  disabled = false,
}: {
  onStop: () => void
  disabled?: boolean
}): React.JSX.Element {
  return (
    <button
      type="button"
      className="button-quiet small tray-stop"
      disabled={disabled}
      title="Ends the whole turn, not only this request"
      onClick={onStop}
    >
      Stop
    </button>
  )
}
