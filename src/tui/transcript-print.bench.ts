import { bench, describe } from 'vitest'
import { syntheticLog } from '../main/runtime/sessions/testing/synthetic-log'
import {
  EMPTY_TRANSCRIPT,
  applyLiveEvents,
  transcriptFromEvents,
  type TextDelta,
} from '../shared/transcript'
import { NOTHING_PRINTED, advancePrinted } from './transcript-print'

const word = (): TextDelta => ({
  type: 'text_delta',
  sessionId: 's1',
  turnId: 'live',
  step: 0,
  text: 'word ',
})

const bigEvents = syntheticLog(1_000)
const big = transcriptFromEvents(bigEvents)

describe('the terminal client', () => {
  bench('replay a 2,000-message log and print what has settled', () => {
    const transcript = transcriptFromEvents(bigEvents)
    advancePrinted(NOTHING_PRINTED, EMPTY_TRANSCRIPT, transcript)
  })
  bench('stream 600 deltas into a 2,000-message session (flushes of 4)', () => {
    let transcript = big
    let printed = advancePrinted(NOTHING_PRINTED, EMPTY_TRANSCRIPT, big)
    for (let i = 0; i < 150; i++) {
      const next = applyLiveEvents(transcript, 's1', [word(), word(), word(), word()])
      printed = advancePrinted(printed, transcript, next)
      transcript = next
    }
  })
})
