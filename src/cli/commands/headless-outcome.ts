import type { SessionEvent, TurnEndEvent } from '../../shared/session-events'

/**
 * What `parley run` adds to a turn's end, for things a headless run could not do: the stderr
 * lines to print and whether the run failed. Nobody is there to answer, so the agent has no
 * AskUserQuestion and permissions are refused unless `--mode bypass`. A turn that did not
 * complete fails; a completed turn keeps exit 0 (pinned in DESIGN.md §3), but one whose final
 * answer came straight after a call of a tool this run lacks says so, so its answer is not taken
 * for a real one.
 */
export interface HeadlessOutcome {
  lines: string[]
  failed: boolean
}

/** `Unknown tool "X"`: the runtime's answer to a call of a tool this run does not offer. */
const UNKNOWN_TOOL = /^Unknown tool "/

export function headlessOutcome(
  events: readonly SessionEvent[],
  end: TurnEndEvent,
): HeadlessOutcome {
  const turn = events.filter((e) => 'turnId' in e && e.turnId === end.turnId)
  const lines: string[] = []
  const failed = end.reason !== 'completed'
  if (failed) lines.push(`the turn ended ${end.reason}${end.error ? `: ${end.error}` : ''}`)

  // The turn's last tool result decides what its final text rests on.
  const lastResult = turn.findLast((e) => e.type === 'tool_result')
  if (lastResult?.type === 'tool_result' && lastResult.isError && unknownTool(lastResult.output))
    lines.push(
      lastResult.tool === 'AskUserQuestion'
        ? 'the agent ended on a question (AskUserQuestion), which a headless run cannot ask: nobody is there to answer. Use parley tui or the app for turns that ask, or a scenario written for headless runs'
        : `the agent ended on ${lastResult.tool}, a tool this run does not have`,
    )

  if (end.reason !== 'completed' && refusedAgentPermission(turn))
    lines.push(
      'the agent asked for a permission, which a headless run refuses (nobody is there to answer); --mode bypass allows every request, in a workspace you trust',
    )
  return { lines, failed }
}

function unknownTool(output: unknown): boolean {
  return (
    typeof output === 'object' &&
    output !== null &&
    'error' in output &&
    typeof output.error === 'string' &&
    UNKNOWN_TOOL.test(output.error)
  )
}

/** An ACP agent's permission request in this turn answered with one of its reject options. */
function refusedAgentPermission(turn: readonly SessionEvent[]): boolean {
  return turn.some((event) => {
    if (event.type !== 'interaction_response' || event.outcome !== 'answered') return false
    const response = event.response
    if (!response || !('optionId' in response)) return false
    const asked = turn.find(
      (e) => e.type === 'interaction_request' && e.requestId === event.requestId,
    )
    if (asked?.type !== 'interaction_request' || asked.request.kind !== 'agent_permission')
      return false
    const chosen = asked.request.options.find((o) => o.optionId === response.optionId)
    return chosen?.kind.startsWith('reject') ?? false
  })
}
