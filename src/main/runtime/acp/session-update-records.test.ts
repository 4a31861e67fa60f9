import { describe, expect, it } from 'vitest'
import { LIMITS } from '../../../shared/limits'
import { SessionEventSchema } from '../../../shared/session-events'
import { modesFrom } from './mode-config-records'
import { applyUpdate, flush } from './session-update-records'
import { IDLE, startTurn, type UpdateState } from './update-state'

const text = (t: string) => ({ type: 'text' as const, text: t })

describe('session update records', () => {
  it('joins message chunks into one record per stretch of text and streams each chunk as a delta', () => {
    let state: UpdateState = startTurn(IDLE, 't-1')
    const deltas: string[] = []
    for (const piece of ['Hel', 'lo', ' there']) {
      const r = applyUpdate(
        state,
        { sessionUpdate: 'agent_message_chunk', content: text(piece) },
        1,
      )
      expect(r.records).toEqual([])
      deltas.push(...r.deltas.map((d) => `${d.step}:${d.text}`))
      state = r.state
    }
    expect(deltas).toEqual(['0:Hel', '0:lo', '0: there'])
    const done = flush(state, 2)
    expect(done.records).toEqual([
      { type: 'assistant_text', at: 2, turnId: 't-1', step: 0, text: 'Hello there' },
    ])
    expect(done.state.step).toBe(1)
  })

  it('writes the text so far before a tool call, so the log keeps the order the agent spoke in', () => {
    let state = startTurn(IDLE, 't-1')
    state = applyUpdate(
      state,
      { sessionUpdate: 'agent_thought_chunk', content: text('hmm') },
      1,
    ).state
    const r = applyUpdate(state, { sessionUpdate: 'agent_message_chunk', content: text('ok') }, 2)
    expect(r.records).toEqual([{ type: 'agent_thought', at: 2, turnId: 't-1', text: 'hmm' }])
    const call = applyUpdate(
      r.state,
      { sessionUpdate: 'tool_call', toolCallId: 'c', title: 'ls' },
      3,
    )
    expect(call.records.map((e) => e.type)).toEqual(['assistant_text', 'agent_tool_call'])
    // A second report of the same call is an update, and one that changes nothing is no record.
    const again = applyUpdate(
      call.state,
      { sessionUpdate: 'tool_call', toolCallId: 'c', title: 'ls -la', status: 'completed' },
      4,
    )
    expect(again.records).toEqual([
      {
        type: 'agent_tool_call_update',
        at: 4,
        turnId: 't-1',
        toolCallId: 'c',
        title: 'ls -la',
        status: 'completed',
      },
    ])
    expect(
      applyUpdate(again.state, { sessionUpdate: 'tool_call_update', toolCallId: 'c' }, 5).records,
    ).toEqual([])
  })

  it('splits text longer than a message record into several records with consecutive steps', () => {
    const long = 'x'.repeat(LIMITS.messageText + 10)
    const r = applyUpdate(
      startTurn(IDLE, 't-1'),
      { sessionUpdate: 'agent_message_chunk', content: text(long) },
      1,
    )
    expect(r.records).toHaveLength(1)
    expect(r.deltas.map((d) => [d.step, d.text.length])).toEqual([
      [0, LIMITS.messageText],
      [1, 10],
    ])
    expect(flush(r.state, 2).records[0]).toMatchObject({ step: 1, text: 'x'.repeat(10) })
  })

  it('bounds what an agent sends about a tool call and names media instead of inlining it', () => {
    const r = applyUpdate(
      startTurn(IDLE, 't-1'),
      {
        sessionUpdate: 'tool_call',
        toolCallId: 'c',
        title: 'T'.repeat(5_000),
        kind: 'execute',
        content: [
          { type: 'content', content: text('y'.repeat(LIMITS.agentToolText + 1)) },
          { type: 'content', content: { type: 'image', data: 'AAAA', mimeType: 'image/png' } },
          { type: 'diff', path: '/a', newText: 'z'.repeat(LIMITS.agentDiffText + 1) },
        ],
        rawInput: { big: 'w'.repeat(LIMITS.agentToolText) },
      },
      1,
    )
    const record = r.records[0]
    expect(SessionEventSchema.safeParse(record).success).toBe(true)
    expect(record).toMatchObject({
      title: 'T'.repeat(LIMITS.questionText),
      content: [
        { type: 'text', truncated: true },
        { type: 'text', text: '[image image/png]', truncated: false },
        { type: 'diff', oldText: null, truncated: true },
      ],
    })
    expect(record?.type === 'agent_tool_call' && record.rawInput?.endsWith('…')).toBe(true)
  })

  it('records nothing of text or tool calls between turns, but records mode changes', () => {
    const modes = modesFrom(
      {
        modes: {
          currentModeId: 'a',
          availableModes: [
            { id: 'a', name: 'A' },
            { id: 'b', name: 'B' },
          ],
        },
      },
      1,
    )
    const idle: UpdateState = { ...IDLE, modes }
    expect(
      applyUpdate(idle, { sessionUpdate: 'agent_message_chunk', content: text('late') }, 2),
    ).toMatchObject({ records: [], deltas: [] })
    expect(
      applyUpdate(idle, { sessionUpdate: 'tool_call', toolCallId: 'c', title: 'x' }, 2).records,
    ).toEqual([])
    const changed = applyUpdate(
      idle,
      { sessionUpdate: 'current_mode_update', currentModeId: 'b' },
      3,
    )
    expect(changed.records).toEqual([{ ...modes, at: 3, currentModeId: 'b' }])
    expect(
      applyUpdate(changed.state, { sessionUpdate: 'current_mode_update', currentModeId: 'b' }, 4)
        .records,
    ).toEqual([])
  })

  it('reads modes from a config option of category "mode" when the agent has no ACP modes', () => {
    expect(
      modesFrom(
        {
          configOptions: [
            {
              id: 'model',
              name: 'Model',
              category: 'model',
              type: 'select',
              currentValue: 'm',
              options: [{ value: 'm', name: 'M' }],
            },
            {
              id: 'mode',
              name: 'Mode',
              category: 'mode',
              type: 'select',
              currentValue: 'read-only',
              options: [
                {
                  group: 'g',
                  name: 'G',
                  options: [
                    { value: 'read-only', name: 'Read-only' },
                    { value: 'agent', name: 'Agent' },
                  ],
                },
              ],
            },
          ],
        },
        1,
      ),
    ).toEqual({
      type: 'agent_modes',
      at: 1,
      currentModeId: 'read-only',
      available: [
        { id: 'read-only', name: 'Read-only' },
        { id: 'agent', name: 'Agent' },
      ],
      via: { kind: 'config_option', configId: 'mode' },
    })
  })

  it('records a config_option_update between turns as the agent’s options, and the mode picker follows its mode option', () => {
    const mode = (current: string) => ({
      id: 'mode',
      name: 'Mode',
      category: 'mode',
      type: 'select' as const,
      currentValue: current,
      options: [
        { value: 'read-only', name: 'Read Only' },
        { value: 'agent', name: 'Agent' },
      ],
    })
    const first = applyUpdate(
      IDLE,
      { sessionUpdate: 'config_option_update', configOptions: [mode('agent')] },
      1,
    )
    expect(first.records.map((r) => r.type)).toEqual(['agent_config', 'agent_modes'])
    for (const record of first.records)
      expect(SessionEventSchema.safeParse(record).success).toBe(true)
    const same = applyUpdate(
      first.state,
      { sessionUpdate: 'config_option_update', configOptions: [mode('agent')] },
      2,
    )
    expect(same.records).toEqual([])
    const changed = applyUpdate(
      same.state,
      { sessionUpdate: 'config_option_update', configOptions: [mode('read-only')] },
      3,
    )
    expect(changed.state.config?.options[0]?.currentValue).toBe('read-only')
    expect(changed.state.modes?.currentModeId).toBe('read-only')
  })
})
