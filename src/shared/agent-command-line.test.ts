import { describe, expect, it } from 'vitest'
import { formatAgentCommand, parseAgentCommand } from './agent-command-line'

describe('parseAgentCommand', () => {
  it('splits words like a shell, respecting quotes and backslashes', () => {
    expect(
      parseAgentCommand(`node "my agent.js" --name='a b' plain\\ word -c 'model="o3"'`),
    ).toEqual({
      ok: true,
      command: 'node',
      args: ['my agent.js', '--name=a b', 'plain word', '-c', 'model="o3"'],
    })
  })

  it('drops a trailing comment and passes a wildcard on as written', () => {
    expect(parseAgentCommand('goose acp *.json # local build')).toEqual({
      ok: true,
      command: 'goose',
      args: ['acp', '*.json'],
    })
  })

  it.each([
    ['codex | tee log', '"|"'],
    ['codex; rm -rf x', '";"'],
    ['codex && echo', '"&&"'],
    ['codex > out.txt', '">"'],
  ])('refuses shell syntax it would not run the same way: %s', (line, op) => {
    const parsed = parseAgentCommand(line)
    expect(parsed.ok).toBe(false)
    if (!parsed.ok) expect(parsed.message).toContain(op)
  })

  it('refuses $VARIABLES (no shell expands them) but keeps a $ inside single quotes', () => {
    expect(parseAgentCommand('agent --home $HOME')).toMatchObject({
      ok: false,
      message: expect.stringContaining('$VARIABLE'),
    })
    expect(parseAgentCommand("agent '$HOME'")).toEqual({
      ok: true,
      command: 'agent',
      args: ['$HOME'],
    })
  })

  it('refuses backticks a shell would run, but keeps one inside single quotes or escaped', () => {
    for (const line of ['agent `id`', 'agent "--user=`whoami`"'])
      expect(parseAgentCommand(line), line).toMatchObject({
        ok: false,
        message: expect.stringContaining('backtick'),
      })
    expect(parseAgentCommand("agent '`x`' \\`y")).toEqual({
      ok: true,
      command: 'agent',
      args: ['`x`', '`y'],
    })
  })

  it('refuses a leading NAME=value, which only a shell turns into the environment', () => {
    expect(parseAgentCommand('FOO=1 agent --acp')).toMatchObject({
      ok: false,
      message: expect.stringContaining('starts with FOO=…'),
    })
    expect(parseAgentCommand('agent --level=1')).toEqual({
      ok: true,
      command: 'agent',
      args: ['--level=1'],
    })
  })

  it('refuses an empty command and an unterminated quote', () => {
    expect(parseAgentCommand('   ')).toMatchObject({
      ok: false,
      message: 'the agent command is empty',
    })
    expect(parseAgentCommand('node "agent.js')).toMatchObject({
      ok: false,
      message: expect.stringContaining('unterminated " quote'),
    })
    expect(parseAgentCommand("node 'agent.js")).toMatchObject({
      ok: false,
      message: expect.stringContaining("unterminated ' quote"),
    })
  })
})

describe('formatAgentCommand', () => {
  it.each([
    [['npx', '@zed-industries/claude-code-acp']],
    [['node', 'my agent.js', "it's", '--home=$HOME', 'a#b', '', '*.json', 'a|b']],
    [['/opt/My Agents/run', '-c', 'model="o3"']],
  ])('writes a command line that splits back into the same words: %j', (words) => {
    const [command = '', ...args] = words
    const line = formatAgentCommand(command, args)
    expect(parseAgentCommand(line)).toEqual({ ok: true, command, args })
  })

  it('leaves plain words bare', () => {
    expect(formatAgentCommand('npx', ['@zed-industries/codex-acp', '--port=8080'])).toBe(
      'npx @zed-industries/codex-acp --port=8080',
    )
  })
})
