import { describe, expect, it } from 'vitest'
import { menuKeyOutcome } from './choice-menu-keys'

const names = ['Parley’s own agent', 'Codex', 'Claude', 'Open folder…']

describe('a key in an open choice menu', () => {
  it('moves with the arrows, wrapping around, and goes to the ends with Home and End', () => {
    expect(menuKeyOutcome(names, 0, 'ArrowDown')).toEqual({ focus: 1 })
    expect(menuKeyOutcome(names, 3, 'ArrowDown')).toEqual({ focus: 0 })
    expect(menuKeyOutcome(names, 0, 'ArrowUp')).toEqual({ focus: 3 })
    expect(menuKeyOutcome(names, 2, 'Home')).toEqual({ focus: 0 })
    expect(menuKeyOutcome(names, 0, 'End')).toEqual({ focus: 3 })
  })

  it('jumps to the next name starting with a letter, from the one after the focused item', () => {
    expect(menuKeyOutcome(names, 0, 'c')).toEqual({ focus: 1 })
    expect(menuKeyOutcome(names, 1, 'C')).toEqual({ focus: 2 })
    expect(menuKeyOutcome(names, 2, 'c')).toEqual({ focus: 1 })
    expect(menuKeyOutcome(names, 2, 'x')).toBeNull()
    expect(menuKeyOutcome(names, 0, ' ')).toBeNull()
  })

  it('closes on Escape, giving focus back to the button, and on Tab, letting focus go on', () => {
    expect(menuKeyOutcome(names, 1, 'Escape')).toEqual({ close: { refocus: true } })
    expect(menuKeyOutcome(names, 1, 'Tab')).toEqual({ close: { refocus: false } })
    expect(menuKeyOutcome(names, 1, 'Enter')).toBeNull()
  })
})
