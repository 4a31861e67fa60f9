import type { InboxItem } from './inbox'
import type { PendingInteraction } from './interactions'
import { agentPermissionHeadline } from './agent-permission-headline'

// The inbox in words, apart from its schemas: the page's first frame uses these and loads no
// schema library.

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
      return agentPermissionHeadline(interaction).code
    case 'form':
      return interaction.form.message
  }
}

/** The window title with the number waiting in front: "(3) Parley". */
export function titleWithCount(title: string, count: number): string {
  return count > 0 ? `(${count}) ${title}` : title
}

/** The requests in `after` that were not waiting in `before`: what a notice is about. */
export function newlyWaiting(
  before: readonly InboxItem[],
  after: readonly InboxItem[],
): InboxItem[] {
  const known = new Set(before.map((item) => item.interaction.requestId))
  return after.filter((item) => !known.has(item.interaction.requestId))
}
