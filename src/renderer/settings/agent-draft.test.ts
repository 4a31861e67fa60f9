import { describe, expect, it } from 'vitest'
import { ACP_AGENT_PRESETS } from '../../shared'
import { checkAgentDraft, draftOf, newAgentId, parseEnvLines } from './agent-draft'

const presets = [...ACP_AGENT_PRESETS]

describe('an agent draft from Settings', () => {
  it('becomes an agent: the command line split like a shell, the env read line by line, an id from the name', () => {
    expect(
      checkAgentDraft(
        {
          name: '  My Agent ',
          commandLine: `node "my agent.js" --model='o3 mini'`,
          env: 'A=1\n\n# a comment\nB = two words\nC=x=y',
        },
        { agents: presets },
      ),
    ).toEqual({
      ok: true,
      agent: {
        id: 'my-agent',
        name: 'My Agent',
        command: 'node',
        args: ['my agent.js', '--model=o3 mini'],
        env: { A: '1', B: ' two words', C: 'x=y' },
      },
    })
  })

  it('says what is wrong with each field, in words', () => {
    const check = checkAgentDraft(
      { name: 'codex', commandLine: 'codex-acp | tee log', env: 'API_KEY' },
      { agents: presets },
    )
    expect(check).toEqual({
      ok: false,
      errors: {
        name: 'Another agent is already called “codex”.',
        commandLine: expect.stringMatching(/^The agent command uses "\|"; it is run directly/),
        env: 'Line 1: write it as KEY=value.',
      },
    })
    expect(checkAgentDraft({ name: '', commandLine: '  ', env: '' }, { agents: [] })).toEqual({
      ok: false,
      errors: {
        name: 'Give the agent a name.',
        commandLine: expect.stringContaining('Type the command that starts the agent'),
      },
    })
  })

  it('keeps the id of the agent being edited, and its own name is not a clash', () => {
    const codex = presets.find((a) => a.id === 'codex')
    if (!codex) throw new Error('no codex preset')
    const check = checkAgentDraft(
      { ...draftOf(codex), commandLine: 'npx @zed-industries/codex-acp@latest' },
      { agents: presets, editing: 'codex' },
    )
    expect(check).toMatchObject({
      ok: true,
      agent: { id: 'codex', name: 'Codex', args: ['@zed-industries/codex-acp@latest'] },
    })
  })

  it('edits a saved agent as the same three fields (env as KEY=value lines)', () => {
    const draft = draftOf({
      id: 'x',
      name: 'X',
      command: '/opt/My Tools/x',
      args: ['--flag', "it's"],
      env: { A: '1', B: 'b c' },
    })
    expect(draft).toEqual({
      name: 'X',
      commandLine: `'/opt/My Tools/x' --flag 'it'\\''s'`,
      env: 'A=1\nB=b c',
    })
    expect(checkAgentDraft(draft, { agents: [], editing: 'x' })).toMatchObject({
      ok: true,
      agent: { command: '/opt/My Tools/x', args: ['--flag', "it's"], env: { A: '1', B: 'b c' } },
    })
  })
})

describe('environment lines', () => {
  it.each([
    ['1ABC=x', 'Line 1: “1ABC” is not a variable name'],
    ['A=1\nMY-KEY=2', 'Line 2: “MY-KEY” is not a variable name'],
    ['A=1\nA=2', 'Line 2: A is set twice.'],
  ])('refuses %j', (text, message) => {
    expect(parseEnvLines(text)).toEqual({ ok: false, message: expect.stringContaining(message) })
  })
})

describe('a new agent id', () => {
  it('is the name in lower-case words, unique, and never one that means another agent', () => {
    expect(newAgentId('Claude Code', [])).toBe('claude-code')
    expect(newAgentId('Claude Code', ['claude-code'])).toBe('claude-code-2')
    expect(newAgentId('Parley', [])).toBe('parley-2')
    expect(newAgentId('Command line', [])).toBe('command-line-2')
    expect(newAgentId('日本語', [])).toBe('agent')
  })
})
