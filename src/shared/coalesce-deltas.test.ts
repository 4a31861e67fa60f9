import { describe, expect, it } from 'vitest'
import type { BridgeEvent } from './bridge'
import { coalesceDeltas, MAX_MERGED_DELTA } from './coalesce-deltas'

const delta = (text: string, step = 0, sessionId = 's1'): BridgeEvent => ({
  type: 'text_delta',
  sessionId,
  turnId: 't1',
  step,
  text,
})

function rig() {
  const sent: BridgeEvent[] = []
  const pending: Array<() => void> = []
  const push = coalesceDeltas(
    (e) => sent.push(e),
    (flush) => pending.push(flush),
  )
  const runScheduled = () => pending.splice(0).forEach((flush) => flush())
  return { sent, push, runScheduled }
}

describe('coalescing text deltas for a host', () => {
  it('sends the deltas of one step that arrive together as one', () => {
    const { sent, push, runScheduled } = rig()
    for (const word of ['Hel', 'lo ', 'wor', 'ld']) push(delta(word))
    expect(sent).toEqual([])
    runScheduled()
    expect(sent).toEqual([delta('Hello world')])
  })

  it('keeps the order: another event first sends the text waiting before it', () => {
    const { sent, push, runScheduled } = rig()
    push(delta('Asking'))
    const record: BridgeEvent = { type: 'turn_started', sessionId: 's1', turnId: 't2' }
    push(record)
    push(delta(' more'))
    runScheduled()
    expect(sent).toEqual([delta('Asking'), record, delta(' more')])
  })

  it('never merges across steps or sessions', () => {
    const { sent, push, runScheduled } = rig()
    push(delta('a', 0))
    push(delta('b', 1))
    push(delta('c', 1, 's2'))
    runScheduled()
    expect(sent).toEqual([delta('a', 0), delta('b', 1), delta('c', 1, 's2')])
  })

  it('sends a merged delta once it is big, without waiting', () => {
    const { sent, push } = rig()
    const chunk = 'x'.repeat(1_000)
    for (let i = 0; i * chunk.length < MAX_MERGED_DELTA; i++) push(delta(chunk))
    expect(sent).toHaveLength(1)
    expect((sent[0] as { text: string }).text.length).toBeGreaterThanOrEqual(MAX_MERGED_DELTA)
  })
})
