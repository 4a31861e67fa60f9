import type { ReactElement } from 'react'
import type { PendingInteraction } from '../shared/interactions'
import { AgentPermissionPrompt } from './agent-permission-prompt'
import { FormPrompt } from './form-prompt'
import { formTarget, questionTarget } from './form-targets'
import { PermissionPrompt } from './permission-prompt'
import type { TuiBridge } from './tui-bridge'

/** The head of the interaction FIFO, by kind; a new kind fails to compile until it is shown. */
export function PromptSurface({
  interaction,
  bridge,
  moreWaiting,
  width,
  maxRows,
}: {
  interaction: PendingInteraction
  bridge: TuiBridge
  moreWaiting: number
  width: number
  maxRows: number
}): ReactElement {
  const props = { moreWaiting, width, maxRows }
  // Keyed by request: a new request starts with a fresh cursor, scroll and arming delay.
  const key = interaction.requestId
  switch (interaction.kind) {
    case 'permission':
      return <PermissionPrompt key={key} interaction={interaction} bridge={bridge} {...props} />
    case 'question':
      return <FormPrompt key={key} target={questionTarget(interaction, bridge)} {...props} />
    case 'agent_permission':
      return (
        <AgentPermissionPrompt key={key} interaction={interaction} bridge={bridge} {...props} />
      )
    case 'form':
      return <FormPrompt key={key} target={formTarget(interaction, bridge)} {...props} />
  }
}
