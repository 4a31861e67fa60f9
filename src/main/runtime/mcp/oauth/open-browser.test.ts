import { describe, expect, it } from 'vitest'
import { browserCommands, systemOpener } from './open-browser'

describe('$BROWSER, read as other command-line tools read it', () => {
  it('appends the URL to a command, or puts it where %s is', () => {
    expect(browserCommands('firefox', 'https://a.example/x')).toEqual([
      ['firefox', 'https://a.example/x'],
    ])
    expect(browserCommands('w3m -o x=1 "%s"', 'https://a.example/x')).toEqual([
      ['w3m', '-o', 'x=1', 'https://a.example/x'],
    ])
  })

  it('tries a colon-separated list in order, and none when unset or blank', () => {
    expect(browserCommands('nothere:lynx', 'u').map((command) => command[0])).toEqual([
      'nothere',
      'lynx',
    ])
    expect(browserCommands(undefined, 'u')).toEqual([])
    expect(browserCommands('  ', 'u')).toEqual([])
  })

  it('falls back to the system’s opener for each platform', () => {
    expect(systemOpener('u', 'linux')).toEqual(['xdg-open', 'u'])
    expect(systemOpener('u', 'darwin')).toEqual(['open', 'u'])
  })
})
