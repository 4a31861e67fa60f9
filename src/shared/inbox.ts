import { z } from 'zod'
import { IdSchema } from './ids'
import { LIMITS } from './limits'
import { askerName, PendingInteractionSchema, type PendingInteraction } from './interactions'

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

/** What the inbox calls a request's kind, in words. */
export function inboxKindLabel(interaction: PendingInteraction): string {
  switch (interaction.kind) {
    case 'permission':
    case 'agent_permission':
      return 'Permission'
    case 'question':
      return 'Question'
    case 'form':
      return 'Form'
  }
}

/** What a request is about, in one line: its first question, the command, the form's message. */
export function inboxSubject(interaction: PendingInteraction): string {
  switch (interaction.kind) {
    case 'permission':
      return interaction.summary
    case 'question':
      return interaction.questions.map((q) => q.question).join(' · ')
    case 'agent_permission':
      return interaction.title
    case 'form':
      return interaction.form.message
  }
}

/** The window title with the number waiting in front: "(3) Parley". */
export function titleWithCount(title: string, count: number): string {
  return count > 0 ? `(${count}) ${title}` : title
}
