import { describe, expect, it } from 'vitest'
import type { Json } from '../../shared/session-events'
import type { SessionEvent, TurnEndEvent } from '../../shared/session-events'
import { headlessOutcome } from './headless-outcome'

const at = 1
const turnId = 't1'
const end = (reason: TurnEndEvent['reason'], error?: string): TurnEndEvent => ({
  type: 'turn_end',
  at,
  turnId,
  reason,
  ...(error ? { error } : {}),
})
const result = (tool: string, output: Json, isError: boolean) =>
  ({ type: 'tool_result', at, turnId, toolCallId: `c-${tool}`, tool, output, isError }) as const

const unknownAsk = result(
  'AskUserQuestion',
  { error: 'Unknown tool "AskUserQuestion". Available tools: list_files, read_file.' },
  true,
)

describe('headlessOutcome', () => {
  it('says why a completed turn that ended on AskUserQuestion, which headless does not have, answered as it did (exit 0 stays pinned)', () => {
    const outcome = headlessOutcome([unknownAsk], end('completed'))
    expect(outcome.failed).toBe(false)
    expect(outcome.lines).toEqual([
      expect.stringMatching(
        /^the agent ended on a question \(AskUserQuestion\), which a headless run cannot ask/,
      ),
    ])
  })

  it('lets a turn that recovered from an unknown tool and went on succeed', () => {
    const read = result('read_file', { content: 'x' }, false)
    expect(headlessOutcome([unknownAsk, read], end('completed'))).toEqual({
      lines: [],
      failed: false,
    })
  })

  it('says to use --mode when an agent permission was refused and the turn did not complete', () => {
    const events: SessionEvent[] = [
      {
        type: 'interaction_request',
        at,
        turnId,
        requestId: 'r1',
        source: { kind: 'acp', agent: 'codex', rpcId: 1 },
        request: {
          kind: 'agent_permission',
          title: 'rm -rf build',
          detail: '',
          locations: [],
          options: [
            { optionId: 'yes', name: 'Yes', kind: 'allow_once' },
            { optionId: 'no', name: 'No', kind: 'reject_once' },
          ],
        },
      },
      {
        type: 'interaction_response',
        at,
        turnId,
        requestId: 'r1',
        outcome: 'answered',
        response: { optionId: 'no' },
      },
    ]
    const outcome = headlessOutcome(events, end('aborted'))
    expect(outcome.failed).toBe(true)
    expect(outcome.lines).toEqual([
      'the turn ended aborted',
      expect.stringContaining('--mode bypass'),
    ])
  })

  it('adds nothing to a turn that completed normally', () => {
    expect(headlessOutcome([], end('completed'))).toEqual({ lines: [], failed: false })
  })
})
