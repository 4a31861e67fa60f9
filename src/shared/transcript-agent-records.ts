import {
  agentExitText,
  agentToolInput,
  agentToolKey,
  agentToolState,
  updatedAgentToolInput,
} from './agent-activity'
import type { TranscriptItem } from './transcript-items'
import { appendOnce, itemAt, type RecordHandlers } from './transcript-list'

/** ACP agents' own activity: their tool calls, permission waits, thoughts, plans and exits. */
export const AGENT_RECORDS = {
  agent_tool_call(list, event) {
    appendOnce(list, {
      kind: 'tool',
      key: agentToolKey(event.turnId, event.toolCallId),
      turnId: event.turnId,
      tool: event.title,
      origin: 'agent',
      input: agentToolInput(event),
      output: undefined,
      status: agentToolState(event.status),
      synthetic: false,
      permission: undefined,
    })
  },

  agent_tool_call_update(list, event) {
    const { index, current } = itemAt(list, agentToolKey(event.turnId, event.toolCallId))
    if (current?.kind !== 'tool') return
    list.replace(index, {
      ...current,
      tool: event.title ?? current.tool,
      input: updatedAgentToolInput(current.input, event),
      output: event.rawOutput ?? current.output,
      // A call waiting for permission says so until the request closes or the call ends.
      status:
        event.status && !(current.status === 'waiting' && event.status === 'pending')
          ? agentToolState(event.status)
          : current.status,
    })
  },

  interaction_request(list, event) {
    // An agent's call waits for the person while its permission request is open.
    const { source } = event
    if (event.request.kind !== 'agent_permission' || source.kind !== 'acp') return
    if (source.toolCallId === undefined) return
    const { index, current } = itemAt(list, agentToolKey(event.turnId, source.toolCallId))
    if (current?.kind === 'tool' && current.status === 'running')
      list.replace(index, { ...current, status: 'waiting', waitingOn: event.requestId })
  },

  interaction_response(list, event) {
    for (let i = list.length - 1; i >= 0; i--) {
      const item = list.get(i)
      if (!item || item.kind === 'notice') continue
      if (item.turnId !== event.turnId) break
      if (item.kind !== 'tool' || item.waitingOn !== event.requestId) continue
      const { waitingOn: _answered, ...rest } = item
      const status = item.status === 'waiting' ? 'running' : item.status
      // Nobody answered: the agent was sent its reject option, and the card says why.
      const permission =
        event.outcome === 'timed_out'
          ? {
              decision: 'deny' as const,
              reason: 'timed_out' as const,
              remember: false,
              prompted: true,
            }
          : item.permission
      list.replace(i, { ...rest, status, ...(permission ? { permission } : {}) })
      return
    }
  },

  agent_thought(list, event) {
    // Thoughts carry no id, and two may share a millisecond: the position tells them apart.
    list.append({
      kind: 'thought',
      key: `thought:${event.turnId}:${event.at}:${list.length}`,
      turnId: event.turnId,
      text: event.text,
    })
  },

  agent_plan(list, event) {
    const key = `plan:${event.turnId}`
    const item: TranscriptItem = { kind: 'plan', key, turnId: event.turnId, entries: event.entries }
    const index = list.find(key)
    if (index >= 0) list.replace(index, item)
    else list.append(item)
  },

  agent_exit(list, event) {
    appendOnce(list, {
      kind: 'notice',
      key: `exit:${event.at}`,
      text: agentExitText(event),
      tone: 'error',
    })
  },
} satisfies RecordHandlers
