import type { ReactElement } from 'react'
import type { PendingInteraction } from '../shared/interactions'
import { AgentPermissionPrompt } from './agent-permission-prompt'
import { FormNotice } from './form-notice'
import { PermissionPrompt } from './permission-prompt'
import { QuestionPrompt } from './question-prompt'
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
  const props = { bridge, moreWaiting, width, maxRows }
  // Keyed by request: a new request starts with a fresh cursor, scroll and arming delay.
  const key = interaction.requestId
  switch (interaction.kind) {
    case 'permission':
      return <PermissionPrompt key={key} interaction={interaction} {...props} />
    case 'question':
      return <QuestionPrompt key={key} interaction={interaction} {...props} />
    case 'agent_permission':
      return <AgentPermissionPrompt key={key} interaction={interaction} {...props} />
    case 'form':
      return <FormNotice key={key} interaction={interaction} {...props} />
  }
}
