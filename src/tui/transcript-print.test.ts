import { describe, expect, test } from 'vitest'
import type { AgentPlanEntry, SessionEvent } from '../shared/session-events'
import {
  EMPTY_TRANSCRIPT,
  applySessionEvent,
  applyTextDeltas,
  transcriptFromEvents,
  type Transcript,
} from '../shared/transcript'
import {
  NOTHING_PRINTED,
  advancePrinted,
  liveItems,
  settledCount,
  type PrintedTranscript,
} from './transcript-print'

const at = 1
const history: SessionEvent[] = [
  { type: 'user_message', at, turnId: 't1', text: 'clean up' },
  { type: 'assistant_text', at, turnId: 't1', step: 0, text: 'Removing build.' },
  {
    type: 'tool_call',
    at,
    turnId: 't1',
    step: 0,
    toolCallId: 'c1',
    tool: 'run_command',
    input: { command: 'rm -rf build' },
  },
  {
    type: 'tool_result',
    at,
    turnId: 't1',
    toolCallId: 'c1',
    tool: 'run_command',
    output: { exitCode: 0, output: '' },
    isError: false,
  },
  { type: 'turn_end', at, turnId: 't1', reason: 'stopped' },
]

/** Applies records one by one, printing as the terminal does after each. */
function live(events: readonly SessionEvent[], from = { t: EMPTY_TRANSCRIPT, p: NOTHING_PRINTED }) {
  let t: Transcript = from.t
  let p: PrintedTranscript = from.p
  for (const event of events) {
    const next = applySessionEvent(t, event)
    p = advancePrinted(p, t, next)
    t = next
  }
  return { t, p }
}

describe('what the terminal prints once', () => {
  test('items before a running tool call are settled; the running one is not', () => {
    expect(settledCount(transcriptFromEvents(history.slice(0, 3)).items)).toBe(2)
    expect(settledCount(transcriptFromEvents(history).items)).toBe(4)
  })

  test('a call that never reports back keeps at most a screenful of items live', () => {
    let t = transcriptFromEvents(history.slice(0, 3))
    for (let i = 0; i < 30; i++)
      t = applySessionEvent(t, {
        type: 'assistant_text',
        at,
        turnId: 't2',
        step: i,
        text: `step ${i}`,
      })
    expect(t.items).toHaveLength(33)
    expect(settledCount(t.items, { maxLive: 20 })).toBe(13)
  })

  test('each item is printed once, in order, as it settles', () => {
    const { p } = live(history)
    expect(p.blocks.map((b) => b.key)).toEqual(['u:t1:1', 'a:t1:0', 'c1', 'end:t1'])
    expect(p.count).toBe(4)
    const running = live(history.slice(0, 3))
    expect(running.p.blocks.map((b) => b.key)).toEqual(['u:t1:1', 'a:t1:0'])
  })

  test('a plan the agent changes after it was printed is printed again as it now stands', () => {
    const plan = (entries: AgentPlanEntry[]): SessionEvent => ({
      type: 'agent_plan',
      at,
      turnId: 't1',
      entries,
    })
    const step = (status: AgentPlanEntry['status']): AgentPlanEntry => ({
      content: 'Edit the readme',
      priority: 'high',
      status,
    })
    const { t, p } = live([history[0] as SessionEvent, plan([step('pending')])])
    expect(p.blocks.map((b) => b.key)).toEqual(['u:t1:1', 'plan:t1'])
    const after = live([plan([step('completed')])], { t, p })
    expect(after.t.items).toHaveLength(2)
    expect(after.p.blocks.map((b) => b.key)).toEqual(['u:t1:1', 'plan:t1', 'plan:t1#2'])
    expect(after.p.blocks.at(-1)?.item).toMatchObject({ entries: [{ status: 'completed' }] })
  })
})

describe('a long reply streaming in', () => {
  const paragraphs = Array.from(
    { length: 12 },
    (_, i) => `Paragraph ${i}: ${'the agent explains one more step of the plan. '.repeat(4)}`,
  )
  const reply = `${paragraphs.join('\n\n')}\n\n\`\`\`ts\nconst done = true\n\`\`\``

  /** Streams `reply` in 60-character deltas, printing as the terminal does after each one. */
  function stream() {
    let transcript = applySessionEvent(EMPTY_TRANSCRIPT, {
      type: 'user_message',
      at,
      turnId: 't1',
      text: 'explain',
    })
    let printed = advancePrinted(NOTHING_PRINTED, EMPTY_TRANSCRIPT, transcript)
    let longestLive = 0
    for (let i = 0; i < reply.length; i += 60) {
      const next = applyTextDeltas(transcript, [
        {
          type: 'text_delta',
          sessionId: 's1',
          turnId: 't1',
          step: 0,
          text: reply.slice(i, i + 60),
        },
      ])
      printed = advancePrinted(printed, transcript, next)
      transcript = next
      const live = liveItems(transcript.items, printed)
      const text = live.map(({ item }) => ('text' in item ? item.text : '')).join('')
      longestLive = Math.max(longestLive, text.length)
    }
    return { transcript, printed, longestLive }
  }
  const texts = (p: PrintedTranscript) =>
    p.blocks.flatMap((b) => (b.item.kind === 'assistant' ? [b.item.text] : []))

  test('its complete blocks go to the scrollback as it streams; only its open tail is redrawn', () => {
    const { transcript, printed, longestLive } = stream()
    expect(texts(printed).length).toBeGreaterThan(2)
    // What is printed and what is live read as the reply so far, nothing twice or left out.
    const live = liveItems(transcript.items, printed)
    expect(
      texts(printed).join('') + live.map(({ item }) => ('text' in item ? item.text : '')).join(''),
    ).toBe(reply)
    // The redrawn part stays about a piece long, however long the reply grows.
    expect(longestLive).toBeLessThan(900)
    expect(printed.blocks.filter((b) => b.continued).length).toBe(texts(printed).length - 1)
  })

  test('once committed, the rest of it is printed after its pieces, and nothing stays live', () => {
    const streamed = stream()
    const committed = applySessionEvent(
      applySessionEvent(streamed.transcript, {
        type: 'assistant_text',
        at,
        turnId: 't1',
        step: 0,
        text: reply,
      }),
      { type: 'turn_end', at, turnId: 't1', reason: 'completed' },
    )
    const printed = advancePrinted(streamed.printed, streamed.transcript, committed)
    expect(texts(printed).join('')).toBe(reply)
    expect(printed.piece).toBeNull()
    expect(liveItems(committed.items, printed)).toEqual([])
    expect(new Set(printed.blocks.map((b) => b.key)).size).toBe(printed.blocks.length)
  })
})
