import { describe, expect, it } from 'vitest'
import { parleyModeCommand, slashEntries, slashQuery } from './slash-menu'

const agent = [
  { name: 'review', description: 'Review changes' },
  { name: 'new', description: "The agent's own new" },
]

describe('the / menu', () => {
  it('opens only for a lone /word at the start of the box, not for a path or a sentence', () => {
    expect(slashQuery('/')).toBe('')
    expect(slashQuery('/Rev')).toBe('rev')
    expect(slashQuery('/etc/hosts')).toBeNull()
    expect(slashQuery('/review now')).toBeNull()
    expect(slashQuery('hi /review')).toBeNull()
  })

  it("lists the agent's commands first, its name winning over Parley's, prefix matches first", () => {
    const names = slashEntries(agent, '').map((e) => `${e.source}:${e.name}`)
    expect(names.slice(0, 2)).toEqual(['agent:review', 'agent:new'])
    expect(names).not.toContain('parley:new')
    expect(slashEntries(agent, 'mo').map((e) => e.name)).toEqual(['mode', 'model'])
    expect(slashEntries(agent, 'se').map((e) => e.name)).toEqual(['settings'])
    expect(slashEntries(agent, 'ew').map((e) => e.name)).toEqual(['review', 'new'])
  })

  it('reads /mode NAME as Parley’s mode change, unless the agent has its own /mode', () => {
    expect(parleyModeCommand('/mode execute', [])).toBe('execute')
    expect(parleyModeCommand('/mode sideways', [])).toBeNull()
    expect(parleyModeCommand('/mode execute', [{ name: 'mode', description: '' }])).toBeNull()
  })
})
