import { describe, expect, it } from 'vitest'
import { type AgentConfigOption } from './agent-config'
import { configPickerOptions, currentValueName } from './config-pickers'

const option = (id: string, category?: string): AgentConfigOption => ({
  id,
  name: id,
  ...(category ? { category } : {}),
  currentValue: 'a',
  values: [{ value: 'a', name: 'A' }],
})

describe('configPickerOptions', () => {
  it('orders the pickers mode, model, thought level, then the rest, each in the agent’s order', () => {
    const options = [
      option('collab', 'collaboration_mode'),
      option('effort', 'thought_level'),
      option('extra'),
      option('model', 'model'),
      option('mode', 'mode'),
    ]
    expect(configPickerOptions(options).map((o) => o.id)).toEqual([
      'mode',
      'model',
      'effort',
      'collab',
      'extra',
    ])
  })

  it('leaves out the option the agent-mode picker already shows, and options with no values', () => {
    const empty = { ...option('empty'), values: [] }
    expect(
      configPickerOptions([option('mode', 'mode'), option('model', 'model'), empty], 'mode').map(
        (o) => o.id,
      ),
    ).toEqual(['model'])
  })
})

describe('currentValueName', () => {
  it('names the current value, or shows its id when the agent offers no such value', () => {
    expect(currentValueName(option('x'))).toBe('A')
    expect(currentValueName({ ...option('x'), currentValue: 'zz' })).toBe('zz')
  })
})
