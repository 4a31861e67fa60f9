import type { BridgeEvent } from '../../shared/bridge'

const MAX_BODY = 200

/**
 * The OS notification to show for a live event, or null when the event needs no attention. Only
 * a new permission prompt or question does: the person has to come back to the window to answer.
 */
export function inputNotificationFor(event: BridgeEvent): { title: string; body: string } | null {
  if (event.type !== 'interaction_added') return null
  const { interaction } = event
  const body =
    interaction.kind === 'permission'
      ? `Permission needed: ${interaction.summary}`
      : (interaction.questions[0]?.question ?? 'The agent has a question')
  return {
    title: 'Parley needs your input',
    body: body.length > MAX_BODY ? `${body.slice(0, MAX_BODY - 1)}…` : body,
  }
}
