import { bench, describe } from 'vitest'
import { syntheticLog } from '../main/runtime/sessions/testing/synthetic-log'
import {
  applyTextDeltas,
  transcriptFromEvents,
  EMPTY_TRANSCRIPT,
  type TextDelta,
  type Transcript,
} from './transcript'

const word = (): TextDelta => ({
  type: 'text_delta',
  sessionId: 's1',
  turnId: 'live',
  step: 0,
  text: 'word ',
})

/** One streamed reply: 600 deltas arriving in frames of 4 (what the batcher hands the store). */
function stream(from: Transcript): Transcript {
  let transcript = from
  const frame: TextDelta[] = []
  for (let i = 0; i < 600; i++) {
    frame.push(word())
    if (frame.length === 4) {
      transcript = applyTextDeltas(transcript, frame)
      frame.length = 0
    }
  }
  return transcript
}

const bigEvents = syntheticLog(1_000)
const big = transcriptFromEvents(bigEvents)

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
