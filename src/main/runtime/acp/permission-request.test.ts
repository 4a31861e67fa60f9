import { describe, expect, it } from 'vitest'
import { LIMITS } from '../../../shared/limits'
import { namedPaths, permissionBody, permissionResponse } from './permission-request'

const OPTIONS = [
  { optionId: 'yes', name: 'Yes', kind: 'allow_once' as const },
  { optionId: 'no', name: 'No', kind: 'reject_once' as const },
]

describe('permission requests', () => {
  it('leads an execute call with the command from its raw input when the title is the model’s description (Copilot CLI)', () => {
    const built = permissionBody({
      sessionId: 's',
      toolCall: {
        toolCallId: 'c',
        title: 'Run a command for the test',
        kind: 'execute',
        rawInput: { command: 'echo hi > ran.txt', description: 'Run a command for the test' },
      },
      options: OPTIONS,
    })
    expect(built).toMatchObject({
      title: 'Run a command for the test',
      command: 'echo hi > ran.txt',
    })
  })

  it('names the file and draws the replacement of an edit that only its raw input describes (opencode, Copilot CLI)', () => {
    const built = permissionBody({
      sessionId: 's',
      toolCall: {
        toolCallId: 'c',
        title: 'edit',
        kind: 'edit',
        rawInput: { filePath: '/ws/a.ts', oldString: 'const b = 2', newString: 'const b = 3' },
      },
      options: OPTIONS,
    })
    expect(built.locations).toEqual(['/ws/a.ts'])
    expect(built.diffs?.[0]?.path).toBe('/ws/a.ts')
    expect(built.diffs?.[0]?.patch).toContain('-const b = 2\n')
    expect(built.diffs?.[0]?.patch).toContain('+const b = 3\n')
    expect(built.command).toBeUndefined()
  })

  it('adds no file from the raw input of a call that is not an edit, nor beside the locations it reports', () => {
    const read = permissionBody({
      sessionId: 's',
      toolCall: { toolCallId: 'c', kind: 'read', rawInput: { path: '/etc/passwd' } },
      options: OPTIONS,
    })
    expect(read.locations).toEqual([])
    const located = permissionBody({
      sessionId: 's',
      toolCall: {
        toolCallId: 'c',
        kind: 'edit',
        locations: [{ path: '/ws/b.ts' }],
        rawInput: { file_path: '/ws/other.ts', old_string: 'a', new_string: 'b' },
      },
      options: OPTIONS,
    })
    expect(located.locations).toEqual(['/ws/b.ts'])
  })

  it('shows the tool call’s text, diffs and raw input as detail, and its files as locations', () => {
    const built = permissionBody({
      sessionId: 's',
      toolCall: {
        toolCallId: 'c',
        title: 'Edit a.ts',
        kind: 'edit',
        locations: [{ path: '/ws/a.ts' }],
        content: [
          { type: 'content', content: { type: 'text', text: 'Fix the bug' } },
          { type: 'diff', path: '/ws/a.ts', oldText: 'x', newText: 'y' },
        ],
        rawInput: { file: 'a.ts' },
      },
      options: OPTIONS,
    })
    expect(built).toEqual({
      kind: 'agent_permission',
      title: 'Edit a.ts',
      detail: 'Fix the bug\n\nEdit /ws/a.ts:\ny\n\nInput: {"file":"a.ts"}',
      toolKind: 'edit',
      locations: ['/ws/a.ts'],
      options: OPTIONS,
      diffs: [
        {
          path: '/ws/a.ts',
          patch: [
            'Index: /ws/a.ts',
            '===================================================================',
            '--- /ws/a.ts',
            '+++ /ws/a.ts',
            '@@ -1,1 +1,1 @@',
            '-x',
            '\\ No newline at end of file',
            '+y',
            '\\ No newline at end of file',
            '',
          ].join('\n'),
        },
      ],
    })
  })

  it('sends a new file as a patch from nothing, and leaves a change over the bound to the text', () => {
    const built = permissionBody({
      sessionId: 's',
      toolCall: {
        toolCallId: 'c',
        content: [
          { type: 'diff', path: '/ws/new.md', oldText: null, newText: '# Hi\n' },
          {
            type: 'diff',
            path: '/ws/huge.txt',
            oldText: null,
            newText: 'x\n'.repeat(LIMITS.agentDiffText),
          },
        ],
      },
      options: OPTIONS,
    })
    expect(built.diffs).toEqual([
      { path: '/ws/new.md', patch: expect.stringContaining('@@ -0,0 +1,1 @@\n+# Hi\n') },
    ])
    expect(built.detail).toContain('New file /ws/huge.txt:')
  })

  it('keeps at most ten options and cuts names to fit the tray', () => {
    const many = Array.from({ length: 12 }, (_, i) => ({
      optionId: `o${i}`,
      name: 'N'.repeat(300),
      kind: 'allow_once' as const,
    }))
    const built = permissionBody({ sessionId: 's', toolCall: { toolCallId: 'c' }, options: many })
    expect(built.options).toHaveLength(10)
    expect(built.options[0]?.name.length).toBe(LIMITS.optionLabel)
    expect(built.title).toBe('Tool call')
  })

  it('answers the chosen option, and anything else — an unknown option, a stop, a withdrawal — as cancelled', () => {
    expect(permissionResponse({ kind: 'answered', value: { optionId: 'no' } }, OPTIONS)).toEqual({
      outcome: { outcome: 'selected', optionId: 'no' },
    })
    expect(permissionResponse({ kind: 'answered', value: { optionId: 'maybe' } }, OPTIONS)).toEqual(
      { outcome: { outcome: 'cancelled' } },
    )
    for (const reason of ['stopped', 'withdrawn', 'shutdown'] as const) {
      expect(permissionResponse({ kind: 'ended', reason }, OPTIONS)).toEqual({
        outcome: { outcome: 'cancelled' },
      })
    }
  })

  it('names the files a tool call touches: its locations and the paths of its diffs, once each', () => {
    expect(
      namedPaths({
        toolCallId: 'c',
        locations: [{ path: '/a' }, { path: '/b' }],
        content: [
          { type: 'diff', path: '/b', newText: '' },
          { type: 'diff', path: '/c', newText: '' },
        ],
      }),
    ).toEqual(['/a', '/b', '/c'])
  })
})
