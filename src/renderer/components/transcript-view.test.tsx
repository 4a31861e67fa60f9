import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { SessionEvent } from '../../shared'
import { createFakeBridge, fakeSession } from '../testing/fake-bridge'
import { renderApp } from '../testing/render-app'

const history: SessionEvent[] = [
  { type: 'user_message', at: 1, turnId: 't1', text: 'Set up the project' },
  {
    type: 'assistant_text',
    at: 2,
    turnId: 't1',
    step: 0,
    text: 'Sure. See [docs](https://example.com/docs), [bad](javascript:alert(1)).\n\n```ts\nconst x = 1\n```',
  },
  {
    type: 'tool_call',
    at: 3,
    turnId: 't1',
    step: 0,
    toolCallId: 'c1',
    tool: 'run_command',
    input: { command: 'npm test' },
  },
  {
    type: 'tool_result',
    at: 4,
    turnId: 't1',
    toolCallId: 'c1',
    tool: 'run_command',
    output: 'all green',
    isError: false,
  },
  {
    type: 'tool_call',
    at: 5,
    turnId: 't1',
    step: 1,
    toolCallId: 'c2',
    tool: 'AskUserQuestion',
    input: {
      questions: [
        { question: 'Which database?', options: [{ label: 'Postgres' }, { label: 'SQLite' }] },
      ],
    },
  },
  {
    type: 'tool_result',
    at: 6,
    turnId: 't1',
    toolCallId: 'c2',
    tool: 'AskUserQuestion',
    isError: false,
    output: { answers: [{ question: 'Which database?', answer: 'SQLite' }] },
  },
  { type: 'turn_end', at: 7, turnId: 't1', reason: 'stopped' },
]

describe('the transcript', () => {
  it('renders markdown with highlighted code and only safe links', async () => {
    const fake = createFakeBridge({ sessions: [fakeSession('s1')], events: { s1: history } })
    await renderApp(fake)
    const log = await screen.findByRole('log', { name: 'Conversation' })
    expect(within(log).getByRole('link', { name: 'docs' })).toHaveAttribute(
      'href',
      'https://example.com/docs',
    )
    expect(within(log).queryByRole('link', { name: 'bad' })).not.toBeInTheDocument()
    expect(log.querySelector('code.hljs')).not.toBeNull()
  })

  it('shows tool calls as compact cards that expand to their input and output', async () => {
    const fake = createFakeBridge({ sessions: [fakeSession('s1')], events: { s1: history } })
    const { user } = await renderApp(fake)
    const card = await screen.findByRole('button', { name: 'run_command call, Done' })
    expect(card).toHaveAccessibleDescription('npm test')
    await user.click(card)
    expect(card).toHaveAttribute('aria-expanded', 'true')
    expect(screen.getByText('all green')).toBeInTheDocument()
  })

  it('shows the answered question inline and a stopped turn plainly', async () => {
    const fake = createFakeBridge({ sessions: [fakeSession('s1')], events: { s1: history } })
    await renderApp(fake)
    expect(await screen.findByText('You answered')).toBeInTheDocument()
    expect(screen.getByText('SQLite')).toBeInTheDocument()
    expect(screen.getByText('Stopped.')).toBeInTheDocument()
  })

  it('says a reply was cut off, lists a multi-select answer and a plan one step a line', async () => {
    const events: SessionEvent[] = [
      { type: 'user_message', at: 1, turnId: 't1', text: 'Build it' },
      {
        type: 'tool_call',
        at: 2,
        turnId: 't1',
        step: 0,
        toolCallId: 'q1',
        tool: 'AskUserQuestion',
        input: {
          questions: [
            {
              question: 'Which platforms?',
              multiSelect: true,
              options: [{ label: 'Linux' }, { label: 'macOS' }],
            },
          ],
        },
      },
      {
        type: 'tool_result',
        at: 3,
        turnId: 't1',
        toolCallId: 'q1',
        tool: 'AskUserQuestion',
        isError: false,
        output: { answers: [{ question: 'Which platforms?', answer: ['Linux', 'macOS'] }] },
      },
      {
        type: 'agent_plan',
        at: 4,
        turnId: 't1',
        entries: [
          { content: 'Build', priority: 'high', status: 'completed' },
          { content: 'Test', priority: 'high', status: 'pending' },
        ],
      },
      { type: 'assistant_text', at: 5, turnId: 't1', step: 1, text: 'Building now', cutOff: true },
      { type: 'turn_end', at: 6, turnId: 't1', reason: 'stopped' },
    ]
    const fake = createFakeBridge({ sessions: [fakeSession('s1')], events: { s1: events } })
    await renderApp(fake)
    const log = await screen.findByRole('log', { name: 'Conversation' })
    expect(await within(log).findByRole('definition')).toHaveTextContent(/^Linux, macOS$/)
    expect(within(log).getByText('The reply was cut off here.')).toBeInTheDocument()
    expect(within(log).getByText(/^Plan:/).textContent).toBe('Plan:\n● Build\n○ Test')
  })

  it('streams live text into the open session', async () => {
    const fake = createFakeBridge({ sessions: [fakeSession('s1')] })
    const { emit } = await renderApp(fake)
    emit({ type: 'turn_started', sessionId: 's1', turnId: 't9' })
    emit({ type: 'text_delta', sessionId: 's1', turnId: 't9', step: 0, text: 'Thinking ' })
    emit({ type: 'text_delta', sessionId: 's1', turnId: 't9', step: 0, text: 'aloud' })
    expect(await screen.findByText('Thinking aloud')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Stop' })).toBeInTheDocument()
  })

  it('renders only a window of a long session', async () => {
    const many: SessionEvent[] = Array.from({ length: 2_000 }, (_, i) => ({
      type: 'user_message' as const,
      at: i,
      turnId: `t${i}`,
      text: `message ${i}`,
    }))
    const fake = createFakeBridge({ sessions: [fakeSession('s1')], events: { s1: many } })
    await renderApp(fake)
    const log = await screen.findByRole('log', { name: 'Conversation' })
    const rows = log.querySelectorAll('.transcript-item')
    expect(rows.length).toBeGreaterThan(0)
    expect(rows.length).toBeLessThan(100)
  })
})
