import type { InteractionSource, PendingInteraction } from './interactions'

// Plain functions over interactions, apart from their schemas: the page's first frame uses them
// and loads no schema library.

/**
 * Whether someone waits for the person's answer: false for an orphaned request (its asker exited,
 * or the app restarted), which can only be dismissed or sent on as a new message. Such a request
 * does not make a session "Needs input", nor hide the message box.
 */
export function awaitsAnswer(interaction: PendingInteraction): boolean {
  return !('orphaned' in interaction && interaction.orphaned)
}

/** The name the tray gives the asker: "Parley's agent", "Codex", "MCP server github". */
export function askerName(source: InteractionSource): string {
  switch (source.kind) {
    case 'parley':
      return 'The agent'
    case 'acp':
      return source.agent
    case 'mcp':
      return `MCP server ${source.server}`
  }
}
