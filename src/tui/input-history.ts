/** A `/` command the person ran, and how many of the session's messages came before it. */
export interface SentCommand {
  readonly text: string
  readonly afterMessages: number
}

/**
 * What ↑ walks through and Ctrl+R searches, newest first: the session's messages with the `/`
 * commands run here put where they were typed. A text sent twice in a row is one entry.
 */
export function inputHistory(
  messages: readonly string[],
  commands: readonly SentCommand[],
): string[] {
  const oldestFirst: string[] = []
  let next = 0
  for (let i = 0; i <= messages.length; i += 1) {
    while (
      next < commands.length &&
      Math.min(commands[next]?.afterMessages ?? 0, messages.length) <= i
    ) {
      oldestFirst.push(commands[next]?.text ?? '')
      next += 1
    }
    const message = messages[i]
    if (message !== undefined) oldestFirst.push(message)
  }
  return oldestFirst.filter((text, i) => text !== oldestFirst[i + 1]).reverse()
}
