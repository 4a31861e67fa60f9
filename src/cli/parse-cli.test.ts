import { describe, expect, it } from 'vitest'
import { parseCli, UsageError } from './parse-cli'

const helpOf = (command: string): string => {
  const parsed = parseCli([command, '--help'])
  if (!('help' in parsed)) throw new Error('expected help')
  return parsed.help
}

describe('parley <command> --help', () => {
  it.each([
    ['desktop', ['--data-dir D', '--scenario F', '--workspace W']],
    ['serve', ['--port N', '--data-dir D', '--scenario F', '--workspace W']],
    ['tui', ['--data-dir D', '--scenario F', '--workspace W', '--session ID']],
    ['run', ['--data-dir D', '--scenario F', '--workspace W', '--mode M', '--json']],
  ])(
    '%s lists each of its flags with a default, and the flags every command takes',
    (command, flags) => {
      const help = helpOf(command)
      for (const flag of [...flags, '--acp "COMMAND ARGS"', '--mcp-config FILE', '-h, --help']) {
        const line = help.split('\n').find((l) => l.trimStart().startsWith(flag))
        expect(line, `${command} --help lists ${flag}`).toBeDefined()
        if (flag !== '-h, --help') expect(line).toMatch(/\(default: .+\)$/)
      }
    },
  )

  it('run --help names every permission mode', () => {
    expect(helpOf('run')).toContain('explore | ask | execute | bypass')
  })
})

describe('flags every command takes', () => {
  it.each(['desktop', 'serve', 'tui', 'run'])('%s takes --acp and --mcp-config', (command) => {
    const parsed = parseCli([command, '--acp', 'codex-acp --verbose', '--mcp-config', 'm.json'])
    expect(parsed).toMatchObject({ options: { acp: 'codex-acp --verbose', mcpConfig: 'm.json' } })
  })

  it('an empty --acp is refused with the usage', () => {
    expect(() => parseCli(['serve', '--acp', ' '])).toThrow(UsageError)
  })
})

describe('parley command-line mistakes', () => {
  const refusal = (argv: string[]): string => {
    try {
      parseCli(argv)
    } catch (error) {
      if (error instanceof UsageError) return error.message
      throw error
    }
    throw new Error('accepted')
  }

  it("names an unknown option and the command's --help, in Parley's words", () => {
    expect(refusal(['run', '--frobnicate', 'x'])).toBe(
      '"run" has no option --frobnicate; `parley run --help` lists its options',
    )
    expect(refusal(['serve', '-x'])).toBe(
      '"serve" has no option -x; `parley serve --help` lists its options',
    )
  })

  it('says an option needs a value, and which options belong to another command', () => {
    expect(refusal(['serve', '--port'])).toBe(
      '--port needs a value; `parley serve --help` lists its options',
    )
    expect(refusal(['desktop', '--mode', 'ask'])).toBe(
      '--mode is not an option of "desktop"; `parley desktop --help` lists its options',
    )
  })

  it('answers --version with the package version', () => {
    expect(parseCli(['--version'])).toEqual({ help: 'parley 0.1.0\n' })
  })
})
