import { describe, expect, it } from 'vitest'
import { assignToolNames, MAX_TOOL_NAME, type ToolKey } from './tool-names'

const VALID = /^[A-Za-z0-9_-]{1,64}$/

function names(keys: ToolKey[]): string[] {
  const assigned = assignToolNames(keys)
  return keys.map((key) => assigned.get(key) as string)
}

describe('MCP tool names', () => {
  it('are mcp__<server>__<tool> when the parts are already valid', () => {
    expect(
      names([
        { server: 'everything', tool: 'echo' },
        { server: 'github', tool: 'create-issue' },
      ]),
    ).toEqual(['mcp__everything__echo', 'mcp__github__create-issue'])
  })

  it('replace characters providers refuse, and cut long names to 64 with a hash of the original', () => {
    const [dotted, long] = names([
      { server: 'my.server', tool: 'files/read file' },
      { server: 'a'.repeat(40), tool: 'b'.repeat(40) },
    ])
    expect(dotted).toBe('mcp__my_server__files_read_file')
    expect(long).toHaveLength(MAX_TOOL_NAME)
    expect(long).toMatch(/^mcp__a{40}__b+_[0-9a-f]{8}$/)
    for (const name of [dotted, long]) expect(name).toMatch(VALID)
  })

  it('resolve a collision by keeping the name that needed no change, whatever the order', () => {
    const exact = { server: 's', tool: 'read_file' }
    const changed = { server: 's', tool: 'read.file' }
    const [a, b] = names([changed, exact])
    expect(b).toBe('mcp__s__read_file')
    expect(a).toMatch(/^mcp__s__read_file_[0-9a-f]{8}$/)
    expect(names([exact, changed])).toEqual([b, a])
  })

  it('give every tool a distinct valid name even when server and tool names run into each other', () => {
    const keys = [
      { server: 'a__b', tool: 'c' },
      { server: 'a', tool: 'b__c' },
      { server: 'a.b', tool: 'c' },
      { server: 'a_b', tool: 'c' },
      { server: 'x', tool: 'y' },
      { server: 'x', tool: 'y' },
    ]
    const assigned = names(keys)
    expect(new Set(assigned).size).toBe(keys.length)
    for (const name of assigned) expect(name).toMatch(VALID)
    // Two names that need no change collide: the first by server, then tool, keeps it.
    expect(assigned[1]).toBe('mcp__a__b__c')
    expect(assigned[0]).toMatch(/^mcp__a__b__c_[0-9a-f]{8}$/)
    expect(assigned[3]).toBe('mcp__a_b__c')
    expect(assigned[4]).toBe('mcp__x__y')
  })
})
