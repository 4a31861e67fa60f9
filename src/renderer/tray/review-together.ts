import type { PendingInteraction, PermissionInteraction } from '../../shared'
import type { Risk } from '../../shared/permission'

/**
 * The permission requests that may be reviewed as one list: the head and every waiting request
 * of the same kind (a permission) and the same risk, in queue order. Null when the head is not a
 * permission, or fewer than two match: one request is answered in its own tray.
 */
export function reviewableTogether(
  queue: readonly PendingInteraction[],
  risk?: Risk,
): PermissionInteraction[] | null {
  const [head] = queue
  if (head?.kind !== 'permission') return null
  const wanted = risk ?? head.risk
  if (head.risk !== wanted) return null
  const same = queue.filter(
    (item): item is PermissionInteraction => item.kind === 'permission' && item.risk === wanted,
  )
  return same.length >= 2 ? same : null
}
