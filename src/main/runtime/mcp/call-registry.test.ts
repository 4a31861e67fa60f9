import { describe, expect, it } from 'vitest'
import { attributeElicitation, CallRegistry, type InFlightCall } from './call-registry'

const call = (sessionId: string, turnId: string, toolCallId: string): InFlightCall => ({
  sessionId,
  turnId,
  toolCallId,
  touch: () => {},
})

describe('which turn a server’s elicitation belongs to', () => {
  it('is nobody’s when no call is in flight', () => {
    expect(attributeElicitation([])).toBeNull()
  })

  it('is the one call in flight, named by its id', () => {
    expect(attributeElicitation([call('s', 't', 'c1')])).toEqual({
      sessionId: 's',
      turnId: 't',
      toolCallId: 'c1',
    })
  })

  it('is the turn of parallel calls, without naming one of them', () => {
    expect(attributeElicitation([call('s', 't', 'c1'), call('s', 't', 'c2')])).toEqual({
      sessionId: 's',
      turnId: 't',
    })
  })

  it('is the turn of the call that started first when calls of several turns are in flight', () => {
    expect(attributeElicitation([call('s2', 't9', 'c9'), call('s1', 't1', 'c1')])).toEqual({
      sessionId: 's2',
      turnId: 't9',
      toolCallId: 'c9',
    })
  })
})

describe('the call registry', () => {
  it('withdraws an elicitation only when no call of its turn is left in flight', () => {
    const registry = new CallRegistry()
    const endFirst = registry.begin(call('s', 't', 'c1'))
    const endSecond = registry.begin(call('s', 't', 'c2'))
    const endOther = registry.begin(call('s', 'other', 'c3'))
    const attached = registry.attach()
    expect(attached?.owner).toEqual({ sessionId: 's', turnId: 't' })
    expect(registry.personIsAnswering('s', 't')).toBe(true)

    endFirst()
    expect(attached?.signal.aborted).toBe(false)
    endOther()
    expect(attached?.signal.aborted).toBe(false)
    endSecond()
    expect(attached?.signal.aborted).toBe(true)

    attached?.settled()
    expect(registry.personIsAnswering('s', 't')).toBe(false)
  })

  it('tells the turn’s calls when the person answered, so their idle limit starts over', () => {
    const registry = new CallRegistry()
    const touched: string[] = []
    registry.begin({ ...call('s', 't', 'c1'), touch: () => touched.push('c1') })
    registry.begin({ ...call('s', 'u', 'c2'), touch: () => touched.push('c2') })
    registry.attach()?.settled()
    expect(touched).toEqual(['c1'])
  })
})
