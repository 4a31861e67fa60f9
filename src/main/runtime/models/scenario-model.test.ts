import { describe, expect, it } from 'vitest'
import { chooseTurn, fillPlaceholders, toDeltas } from './scenario-model'

describe('scenario turn choice', () => {
  const scenario = {
    turns: [
      { when: 'deploy', steps: [{ say: 'd' }] },
      { steps: [{ say: 'a' }] },
      { steps: [{ say: 'b' }] },
    ],
  }

  it('takes the first matching unused turn, and reuses turns once all are used', () => {
    expect(chooseTurn(scenario, ['hello'])).toBe(1)
    expect(chooseTurn(scenario, ['hello', 'again'])).toBe(2)
    expect(chooseTurn(scenario, ['hello', 'again', 'please deploy'])).toBe(0)
    expect(chooseTurn(scenario, ['hello', 'again', 'please deploy', 'more'])).toBe(1)
  })

  it('never fails on an invalid regex', () => {
    expect(chooseTurn({ turns: [{ when: '(', steps: [{}] }, { steps: [{}] }] }, ['x'])).toBe(1)
  })
})

describe('streaming text', () => {
  it('splits text into several deltas that add up to it', () => {
    const text = 'one two three four five six seven'
    const deltas = toDeltas(text)
    expect(deltas.length).toBeGreaterThan(1)
    expect(deltas.join('')).toBe(text)
  })

  it('fills the pinned placeholders', () => {
    expect(
      fillPlaceholders('{{mode}} {{tools}} {{lastToolResult}} {{other}}', {
        mode: 'ask',
        tools: 'a,b',
        lastToolResult: '{}',
        lastAnswers: '',
      }),
    ).toBe('ask a,b {} {{other}}')
  })

  it('fills {{lastAnswers}} and leaves the pinned placeholders as they were', () => {
    expect(
      fillPlaceholders('{{lastToolResult}} / {{lastAnswers}}', {
        mode: 'ask',
        tools: '',
        lastToolResult: '{"answers":[]}',
        lastAnswers: '- Ship? **Yes**',
      }),
    ).toBe('{"answers":[]} / - Ship? **Yes**')
  })
})
