import type { PendingInteraction } from '../../shared'
import { formatClock, formatCountdown } from './format-time'
import { useNow } from './use-now'

/** The tray's top line: what is asking, how long it waits, and how many more are queued. */
export function TrayHeader({
  interaction,
  more,
  title,
  children,
}: {
  interaction: PendingInteraction
  more: number
  title: string
  children?: React.ReactNode
}) {
  const expiresAt = interaction.kind === 'permission' ? interaction.expiresAt : null
  const now = useNow(expiresAt !== null)
  return (
    <header className="tray-header">
      <span className="tray-title">{title}</span>
      {children}
      <span className="tray-header-spacer" />
      {interaction.recovered && (
        <span className="tray-meta">waiting since {formatClock(interaction.createdAt)}</span>
      )}
      {expiresAt !== null && !interaction.recovered && (
        <span className="tray-meta" aria-live="off">
          Denies automatically in {formatCountdown(expiresAt - now)}
        </span>
      )}
      {more > 0 && <span className="tray-more">{more} more waiting</span>}
    </header>
  )
}
