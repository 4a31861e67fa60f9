import type { BridgeEvent } from '../../shared/bridge'
import { askerName, type PendingInteraction } from '../../shared/interactions'
import { truncate } from '../../shared/truncate'
import { agentPermissionHeadline } from '../../shared/agent-permission-headline'

const MAX_BODY = 200

/**
 * The OS notification to show for a live event, or null when the event needs no attention. Only
 * a new permission prompt or question does: the person has to come back to the window to answer.
 */
export function inputNotificationFor(event: BridgeEvent): { title: string; body: string } | null {
  if (event.type !== 'interaction_added') return null
  const { interaction } = event
  const body = notificationBody(interaction)
  return {
    title: 'Parley needs your input',
    body: truncate(body, MAX_BODY),
  }
}

function notificationBody(interaction: PendingInteraction): string {
  switch (interaction.kind) {
    case 'permission':
      return `Permission needed: ${interaction.summary}`
    case 'question':
      return interaction.questions[0]?.question ?? 'The agent has a question'
    case 'agent_permission':
      return `${askerName(interaction.source)} asks permission: ${agentPermissionHeadline(interaction).code}`
    case 'form':
      return `${askerName(interaction.source)} asks: ${interaction.form.message}`
  }
}
