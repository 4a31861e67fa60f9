import { describe, expect, test } from 'vitest'
import { SLASH_COMMANDS } from './slash-commands'
import { movePick, pickedIndex, slashMenuRows } from './slash-menu'
import { lineText } from './styled-text'

const rows = (selected: number, maxRows: number) =>
  slashMenuRows(SLASH_COMMANDS, selected, 100, maxRows).map((line) => lineText(line).trimEnd())

describe('the slash menu', () => {
  test('every command is listed when they all fit', () => {
    const shown = rows(0, SLASH_COMMANDS.length)
    expect(shown).toHaveLength(SLASH_COMMANDS.length)
    expect(shown.join('\n')).not.toContain('more')
    for (const command of SLASH_COMMANDS) expect(shown.join('\n')).toContain(command.usage)
  })

  test('a short menu says how many commands are below, and none are lost', () => {
    const shown = rows(0, 6)
    expect(shown).toHaveLength(6)
    expect(shown[0]).toMatch(/^❯ \/help/)
    expect(shown[5]).toBe(`  ↓ ${SLASH_COMMANDS.length - 5} more`)
  })

  test('the menu scrolls with the highlighted command and counts what is above and below', () => {
    const middle = Math.floor(SLASH_COMMANDS.length / 2)
    const shown = rows(middle, 6)
    expect(shown).toHaveLength(6)
    const above = Number(/↑ (\d+) more/.exec(shown[0] ?? '')?.[1])
    const below = Number(/↓ (\d+) more/.exec(shown[5] ?? '')?.[1])
    expect(above + below + 4).toBe(SLASH_COMMANDS.length)
    expect(shown.find((r) => r.startsWith('❯'))).toContain(SLASH_COMMANDS[middle]?.usage)
  })

  test('at the last command nothing is hidden below it', () => {
    const last = SLASH_COMMANDS.length - 1
    const shown = rows(last, 6)
    expect(shown[0]).toBe(`  ↑ ${SLASH_COMMANDS.length - 5} more`)
    expect(shown[5]).toMatch(/^❯ \/quit/)
  })

  test('↑ from the first command wraps to the last, and a new draft starts at the top', () => {
    const count = SLASH_COMMANDS.length
    const up = movePick(null, '/', count, -1)
    expect(pickedIndex(up, '/', count)).toBe(count - 1)
    expect(pickedIndex(up, '/m', 3)).toBe(0)
    expect(pickedIndex(movePick(up, '/', count, 1), '/', count)).toBe(0)
  })
})
