import { describe, expect, it } from 'vitest'
import { LIMITS } from '../../../shared/limits'
import { namedPaths, permissionBody, permissionResponse } from './permission-request'

const OPTIONS = [
  { optionId: 'yes', name: 'Yes', kind: 'allow_once' as const },
  { optionId: 'no', name: 'No', kind: 'reject_once' as const },
]

describe('permission requests', () => {
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
