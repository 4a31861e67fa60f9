import { describe, expect, it } from 'vitest'
import { modelInUse } from './model-in-use'

describe('modelInUse', () => {
  const models = ['gpt-4.1', 'gpt-4.1-mini']

  it('is the saved choice, else the provider’s first model, and PARLEY_MODEL’s over both', () => {
    expect(modelInUse({ model: 'gpt-4.1-mini', models })).toBe('gpt-4.1-mini')
    expect(modelInUse({ model: '  ', models })).toBe('gpt-4.1')
    expect(modelInUse({ model: 'gpt-4.1-mini', models, modelOverride: 'llama' })).toBe('llama')
    expect(modelInUse({ model: '', models: [] })).toBe('')
  })
})
