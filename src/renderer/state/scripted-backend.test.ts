import { describe, expect, it } from 'vitest'
import { scriptedBackend } from './scripted-backend'

describe('scriptedBackend', () => {
  it('tells the built-in demo and a scenario file from a real model by the runtime’s label', () => {
    expect(scriptedBackend('Demo scenario (fake backend)')).toEqual({ kind: 'demo' })
    expect(scriptedBackend('Scenario ui (1).json (fake backend)')).toEqual({
      kind: 'scenario',
      name: 'ui (1).json',
    })
    expect(scriptedBackend('Anthropic · claude-sonnet-4-5')).toBeNull()
    expect(scriptedBackend('gpt-4o · api.openai.com')).toBeNull()
    expect(scriptedBackend('')).toBeNull()
  })
})
