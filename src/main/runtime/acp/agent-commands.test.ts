import { describe, expect, it } from 'vitest'
import { agentCommandsFrom } from './agent-commands'

describe("an agent's available commands", () => {
  it('keep name, description and input hint; a leading slash, a name with spaces and a repeat are cleaned away', () => {
    expect(
      agentCommandsFrom([
        { name: '/review', description: ' Review changes ' },
        { name: 'explain', description: 'Explain', input: { hint: 'a file' } },
        { name: 'two words', description: 'x' },
        { name: 'review', description: 'again' },
      ]),
    ).toEqual([
      { name: 'review', description: 'Review changes' },
      { name: 'explain', description: 'Explain', hint: 'a file' },
    ])
  })
})
