import { z } from 'zod'
import { IdSchema } from './ids'
import { LIMITS } from './limits'
import { PendingInteractionSchema, type PendingInteraction } from './interactions'
import { askerName } from './interaction-words'

/**
 * One request waiting for the person, anywhere: the inbox's line. It carries the request itself,
 * so a UI answers it in place with the same tray it shows in the session.
 */
export const InboxItemSchema = z.strictObject({
  sessionId: IdSchema,
  sessionTitle: z.string().max(LIMITS.sessionTitle),
  /** Who asks, as the tray names it: "The agent", "Codex", "MCP server github". */
  asker: z.string().max(300),
  /** Epoch ms since when it has waited (when it was first shown). */
  waitingSince: z.number(),
  interaction: PendingInteractionSchema,
})
export type InboxItem = z.infer<typeof InboxItemSchema>

/** The inbox's lines, oldest first (ties by session, then by arrival within the session). */
export function inboxItems(
  sessions: readonly { sessionId: string; title: string; pending: readonly PendingInteraction[] }[],
): InboxItem[] {
  const items = sessions.flatMap(({ sessionId, title, pending }) =>
    pending.map((interaction, order) => ({
      order,
      item: {
        sessionId,
        sessionTitle: title,
        asker: askerName(interaction.source),
        waitingSince: interaction.createdAt,
        interaction,
      },
    })),
  )
  return items
    .sort(
      (a, b) =>
        a.item.waitingSince - b.item.waitingSince ||
        a.item.sessionId.localeCompare(b.item.sessionId) ||
        a.order - b.order,
    )
    .map(({ item }) => item)
}
