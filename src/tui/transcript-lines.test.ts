import { describe, expect, test } from 'vitest'
import type { SessionEvent } from '../shared/session-events'
import { transcriptFromEvents } from '../shared/transcript'
import { ACP_SESSION } from '../shared/testing/acp-records'
import { lineText } from './styled-text'
import { itemLines, type ToolWaiting } from './transcript-lines'

const at = 1
const rmCall: SessionEvent = {
  type: 'tool_call',
  at,
  turnId: 't1',
  step: 0,
  toolCallId: 'c1',
  tool: 'run_command',
  input: { command: 'rm -rf build' },
}

/** What the terminal shows for a log, one string a row. */
const screen = (events: SessionEvent[], width = 100, waiting: ToolWaiting = null) =>
  transcriptFromEvents(events).items.flatMap((item) =>
    itemLines(item, width, waiting).map(lineText),
  )

describe('the terminal transcript', () => {
  test('a denied call shows on one line with the decision and the result', () => {
    expect(
      screen([
        rmCall,
        {
          type: 'permission_decision',
          at,
          turnId: 't1',
          requestId: 'r1',
          toolCallId: 'c1',
          decision: 'deny',
          reason: 'user',
          remember: false,
        },
        {
          type: 'tool_result',
          at,
          turnId: 't1',
          toolCallId: 'c1',
          tool: 'run_command',
          output: { error: 'The person denied this command.' },
          isError: true,
        },
        { type: 'turn_end', at, turnId: 't1', reason: 'stopped' },
      ]),
    ).toEqual([
      '  ✗ run_command rm -rf build error · denied · The person denied this command.',
      '  Turn stopped.',
    ])
  })

  test('a call allowed by the mode says nothing about it; a remembered one says so', () => {
    const decided = (reason: 'mode' | 'remembered', requestId: string | null) =>
      screen([
        rmCall,
        {
          type: 'permission_decision',
          at,
          turnId: 't1',
          requestId,
          toolCallId: 'c1',
          decision: 'allow',
          reason,
          remember: false,
        },
      ])
    expect(decided('mode', null)).toEqual(['  … run_command rm -rf build running'])
    expect(decided('remembered', null)).toEqual([
      '  … run_command rm -rf build running · allowed: remembered',
    ])
  })

  test('a call waiting for the person says what for', () => {
    expect(screen([rmCall], 100, 'permission')).toEqual([
      '  ? run_command · waiting for your permission',
    ])
  })

  test('a failed turn says what went wrong in plain words, the technical detail apart', () => {
    expect(
      screen([
        {
          type: 'turn_end',
          at,
          turnId: 't9',
          reason: 'error',
          error: 'AI_APICallError: The server refused the key.',
          errorKind: 'auth',
          errorDetail: 'status 401 · invalid_api_key',
        },
      ]),
    ).toEqual(['  Turn failed: The server refused the key.', '    status 401 · invalid_api_key'])
  })

  test('answers to a question show on its line: a skipped one as a dash, a multi-select’s labels joined', () => {
    expect(
      screen([
        {
          type: 'tool_call',
          at,
          turnId: 't',
          step: 0,
          toolCallId: 'q',
          tool: 'AskUserQuestion',
          input: { questions: [{}, {}, {}] },
        },
        {
          type: 'tool_result',
          at,
          turnId: 't',
          toolCallId: 'q',
          tool: 'AskUserQuestion',
          output: {
            answers: [
              { question: 'a', answer: 'Rust' },
              { question: 'b', answer: ['Linux', 'macOS'] },
              { question: 'c', answer: null },
            ],
          },
          isError: false,
        },
      ]),
    ).toEqual(['  ✓ AskUserQuestion 3 questions ok · Rust · Linux, macOS · —'])
  })

  test('a question cut short by Stop says so in plain words', () => {
    expect(
      screen([
        { ...rmCall, tool: 'AskUserQuestion', input: { questions: [{}] } },
        {
          type: 'tool_result',
          at,
          turnId: 't1',
          toolCallId: 'c1',
          tool: 'AskUserQuestion',
          output: { error: 'AskUserQuestion did not finish: the turn was stopped by the user' },
          isError: true,
          synthetic: true,
        },
        { type: 'turn_end', at, turnId: 't1', reason: 'stopped' },
      ]),
    ).toEqual([
      '  ✗ AskUserQuestion 1 question error · Not answered: the turn was stopped.',
      '  Turn stopped.',
    ])
  })

  test('a failed call whose reason does not fit its row shows the whole reason on rows under it', () => {
    const reason =
      'The questions are invalid: question 1 has 4 options, and a question takes 2–3 options (mutually exclusive unless multiSelect).'
    const rows = screen(
      [
        { ...rmCall, tool: 'AskUserQuestion', input: { questions: [{ question: 'Which?' }] } },
        {
          type: 'tool_result',
          at,
          turnId: 't1',
          toolCallId: 'c1',
          tool: 'AskUserQuestion',
          output: { error: reason },
          isError: true,
        },
      ],
      60,
    )
    expect(rows[0]).toBe('  ✗ AskUserQuestion 1 question error')
    expect(rows.slice(1).join(' ').replace(/\s+/g, ' ')).toBe(
      ` The agent’s question could not be asked. ${reason}`,
    )
    for (const row of rows) expect([...row].length).toBeLessThanOrEqual(60)
  })

  test('a file edit keeps what it changed on its row, also when no one was asked: the counts and the first changed lines', () => {
    const rows = screen([
      {
        type: 'tool_call',
        at,
        turnId: 't1',
        step: 0,
        toolCallId: 'e1',
        tool: 'edit_file',
        input: {
          path: 'mod.py',
          old_text: 'def f(x):\n    return x\n',
          new_text:
            'def f(x):\n    if x is None:\n        return 0\n    # doubled\n    return x * 2\n',
        },
      },
      {
        type: 'tool_result',
        at,
        turnId: 't1',
        toolCallId: 'e1',
        tool: 'edit_file',
        output: { path: 'mod.py', replaced: 1 },
        isError: false,
      },
    ])
    expect(rows).toEqual([
      '  ✓ edit_file mod.py ok · +4 −1',
      '    −     return x',
      '    +     if x is None:',
      '    +         return 0',
      '    … 2 more rows · Ctrl+O shows the change',
    ])
  })

  test('a reply cut short says so under it', () => {
    expect(
      screen([{ type: 'assistant_text', at, turnId: 't1', step: 0, text: 'Half', cutOff: true }]),
    ).toEqual(['  Half', '  — cut off'])
  })

  test('an ACP agent’s session: thought, tool call by the files it touches, the plan, the exit', () => {
    const rows = screen(ACP_SESSION, 200)
    expect(rows).toContain('  Thinking: Let me look at the file first.')
    expect(rows).toContain('  ✓ Edit README.md /ws/README.md:3 ok')
    expect(rows.join('\n')).toContain('Plan:\n  ● Edit the readme\n  ● Run the tests')
    expect(rows.at(-1)).toMatch(/^ {2}The agent exited \(exit code 7\)/)
  })

  test('an agent’s markdown tool title shows its code as code, without the backticks, as the web UI does', () => {
    const call: SessionEvent = {
      type: 'agent_tool_call',
      at,
      turnId: 't1',
      toolCallId: 'w1',
      title: 'Write `notes.txt`',
      kind: 'edit',
      status: 'completed',
      locations: [],
      content: [],
    }
    const [item] = transcriptFromEvents([call]).items
    if (!item) throw new Error('no row for the call')
    const [line] = itemLines(item, 100, null)
    expect(lineText(line ?? [])).toMatch(/^ {2}✓ Write notes\.txt /)
    expect(line).toContainEqual({ text: 'notes.txt', style: { bold: true, color: 'cyan' } })
  })
})
