import type { SessionEvent } from '../../../../shared/session-events'

/**
 * A realistic session log for benchmarks: per turn a user message, a step of text with a
 * read_file call and its result, a final step of text, and the turn's end.
 */
export function syntheticLog(turns: number): SessionEvent[] {
  const events: SessionEvent[] = [
    {
      type: 'session',
      v: 1,
      id: 's1',
      createdAt: 0,
      title: 'bench',
      workspace: '/w',
      backend: 'fake:bench',
      mode: 'ask',
    },
  ]
  for (let t = 0; t < turns; t++) {
    const turnId = `t${t}`
    events.push({
      type: 'user_message',
      at: t,
      turnId,
      text: `Please look at file ${t} and tell me what it does. `.repeat(3),
    })
    events.push({
      type: 'assistant_text',
      at: t,
      turnId,
      step: 0,
      text: 'Let me read it first. '.repeat(5),
    })
    events.push({
      type: 'tool_call',
      at: t,
      turnId,
      step: 0,
      toolCallId: `c${t}`,
      tool: 'read_file',
      input: { path: `src/file-${t}.ts` },
    })
    events.push({
      type: 'tool_result',
      at: t,
      turnId,
      toolCallId: `c${t}`,
      tool: 'read_file',
      output: { path: `src/file-${t}.ts`, content: 'export const x = 1\n'.repeat(40) },
      isError: false,
    })
    events.push({
      type: 'assistant_text',
      at: t,
      turnId,
      step: 1,
      text: 'It exports a constant. '.repeat(20),
    })
    events.push({ type: 'turn_end', at: t, turnId, reason: 'completed' })
  }
  return events
}
