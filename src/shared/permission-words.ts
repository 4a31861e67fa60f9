import type { TranscriptItem } from './transcript'

type ToolPermission = NonNullable<Extract<TranscriptItem, { kind: 'tool' }>['permission']>

/**
 * How a tool call's permission ended, in the transcript's words, or null when there is nothing
 * to say (decided by a rule, a mode, no prompt). A prompt nobody answered is never "denied by you".
 */
export function permissionWords(permission: ToolPermission | undefined): string | null {
  if (permission === undefined) return null
  if (permission.reason === 'timed_out') return 'timed out, nobody answered'
  if (permission.reason !== 'user') return null
  return permission.decision === 'allow' ? 'allowed by you' : 'denied by you'
}
