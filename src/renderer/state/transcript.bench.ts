import { bench, describe } from 'vitest'
import type { SessionEvent } from '../../shared/session-events'
import {
  applyTextDeltas,
  transcriptFromEvents,
  EMPTY_TRANSCRIPT,
  type TextDelta,
  type Transcript,
} from './transcript'

/** A 2,000-message history: 1,000 turns of a user message and an assistant reply with a tool call. */
function history(turns: number): SessionEvent[] {
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
    events.push({ type: 'user_message', at: t, turnId, text: `Question ${t}` })
    events.push({
      type: 'tool_call',
      at: t,
      turnId,
      step: 0,
      toolCallId: `c${t}`,
      tool: 'read_file',
      input: { path: 'a.ts' },
    })
    events.push({
      type: 'tool_result',
      at: t,
      turnId,
      toolCallId: `c${t}`,
      tool: 'read_file',
      output: { content: 'x' },
      isError: false,
    })
    events.push({ type: 'assistant_text', at: t, turnId, step: 1, text: `Answer ${t} `.repeat(30) })
    events.push({ type: 'turn_end', at: t, turnId, reason: 'completed' })
  }
  return events
}

/** One streamed reply: 600 deltas arriving in frames of 4 (what the batcher hands the store). */
function stream(from: Transcript): Transcript {
  let transcript = from
  const frame: TextDelta[] = []
  for (let i = 0; i < 600; i++) {
    frame.push({ type: 'text_delta', sessionId: 's1', turnId: 'live', step: 0, text: 'word ' })
    if (frame.length === 4) {
      transcript = applyTextDeltas(transcript, frame)
      frame.length = 0
    }
  }
  return transcript
}

const big = transcriptFromEvents(history(1_000))
const bigEvents = history(1_000)

describe('streaming a reply into the transcript state', () => {
  bench('empty session', () => {
    stream(EMPTY_TRANSCRIPT)
  })
  bench('2,000-message session', () => {
    stream(big)
  })
})

describe('opening a session', () => {
  bench('replay a 2,000-message log into rows', () => {
    transcriptFromEvents(bigEvents)
  })
})
