import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { PROMPT_ARMING_MS } from '../../shared/prompt-arming'
import { createFakeBridge, fakeSession } from '../testing/fake-bridge'
import { questionRequest } from '../testing/fixtures'
import { renderApp } from '../testing/render-app'

const oneSession = () => createFakeBridge({ sessions: [fakeSession('s1')] })

async function showQuestion(patch: Parameters<typeof questionRequest>[0] = {}) {
  const fake = oneSession()
  const rendered = await renderApp(fake)
  act(() => fake.ask(questionRequest(patch)))
  const tray = await screen.findByRole('region', { name: 'Agent question' })
  return { ...rendered, fake, tray }
}

afterEach(() => {
  vi.useRealTimers()
})

describe('AskUserQuestion in the form tray', () => {
  it('names who receives the answers and counts the questions once, with no step chips', async () => {
    const { tray } = await showQuestion()
    expect(within(tray).getByText('The agent asks')).toBeInTheDocument()
    expect(within(tray).getByText('1 / 3')).toBeInTheDocument()
    expect(within(tray).queryByRole('group', { name: 'Questions' })).not.toBeInTheDocument()
  })

  it('names the questions as steps by their headers, ticks the answered ones, and shows none on the review', async () => {
    const base = questionRequest()
    const questions = base.questions.map((q, i) => (i === 0 ? { ...q, header: 'Database' } : q))
    const { tray, user } = await showQuestion({ questions })
    const steps = () =>
      within(within(tray).getByRole('list', { name: 'Questions' })).getAllByRole('listitem')
    expect(steps().map((s) => s.textContent)).toEqual([
      '1Database',
      '2Question 2',
      '3Question 3',
      'Review',
    ])
    expect(steps()[0]).toHaveAttribute('aria-current', 'step')
    // Skipping is not the default: Next is filled only once something is chosen.
    expect(within(tray).getByRole('button', { name: 'Next' })).toHaveClass('button-secondary')
    await user.keyboard('1')
    expect(within(tray).getByRole('button', { name: 'Next' })).toHaveClass('button-primary')
    await user.click(within(tray).getByRole('button', { name: 'Next' }))
    expect(steps()[0]).toHaveTextContent('✓Database (answered)')
    expect(steps()[1]).toHaveAttribute('aria-current', 'step')
    await user.click(within(tray).getByRole('button', { name: 'Next' }))
    await user.click(within(tray).getByRole('button', { name: 'Next' }))
    expect(within(tray).queryByRole('list', { name: 'Questions' })).not.toBeInTheDocument()
  })

  it('offers Submit on the review step only: the last question has Previous and Next', async () => {
    const { tray, user } = await showQuestion({ draft: { index: 2, values: [null, null, null] } })
    expect(within(tray).queryByRole('button', { name: 'Submit' })).not.toBeInTheDocument()
    await user.click(within(tray).getByRole('button', { name: 'Next' }))
    expect(within(tray).getByText('Review your answers')).toBeInTheDocument()
    expect(within(tray).getByRole('button', { name: 'Submit' })).toHaveFocus()
    expect(within(tray).queryByRole('button', { name: 'Next' })).not.toBeInTheDocument()
  })

  it('numbers the review’s answers 1, 2, 3 in the order they were asked', async () => {
    const { tray, user } = await showQuestion({ draft: { index: 2, values: [null, null, null] } })
    await user.click(within(tray).getByRole('button', { name: 'Next' }))
    const items = within(within(tray).getByRole('list')).getAllByRole('listitem')
    expect(items.map((item) => item.querySelector('.review-number')?.textContent)).toEqual([
      '1.',
      '2.',
      '3.',
    ])
  })

  it('moves focus to the option a number key picks', async () => {
    const { tray, user } = await showQuestion()
    expect(within(tray).getByRole('radio', { name: 'Postgres' })).toHaveFocus()
    await user.keyboard('2')
    const picked = within(tray).getByRole('radio', { name: 'SQLite' })
    expect(picked).toBeChecked()
    expect(picked).toHaveFocus()
  })

  it('goes back to the composer on Escape, keeping the draft, and the question stays reachable', async () => {
    const { tray, user, fake } = await showQuestion()
    await user.keyboard('2')
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('region', { name: 'Agent question' })).not.toBeInTheDocument()
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveFocus()
    expect(screen.getByText('The agent is waiting on a question.')).toBeInTheDocument()
    expect(fake.callsOf('respondToQuestion')).toEqual([])
    await user.click(screen.getByRole('button', { name: 'Answer' }))
    const again = screen.getByRole('region', { name: 'Agent question' })
    expect(again).not.toBe(tray)
    expect(within(again).getByRole('radio', { name: 'SQLite' })).toBeChecked()
  })

  it('warns how many would go unanswered on the review, with Edit on each row', async () => {
    const { tray, user } = await showQuestion({
      draft: { index: 3, values: [{ kind: 'option', index: 0 }, { kind: 'skipped' }, null] },
    })
    expect(within(tray).getByText(/^2 unanswered/)).toBeInTheDocument()
    const edits = within(tray).getAllByRole('button', { name: /^Edit answer/ })
    expect(edits).toHaveLength(3)
    await user.click(within(tray).getByRole('button', { name: 'Edit answer 2' }))
    expect(within(tray).getByRole('radiogroup', { name: 'Which language?' })).toBeInTheDocument()
  })

  it('answers a single question in place: no Previous or Next, Enter moves to Submit', async () => {
    const { tray, user, fake } = await showQuestion({
      questions: [{ question: 'Ship it?', options: [{ label: 'Yes' }, { label: 'No' }] }],
    })
    expect(within(tray).queryByRole('button', { name: 'Previous' })).not.toBeInTheDocument()
    expect(within(tray).queryByRole('button', { name: /Next/ })).not.toBeInTheDocument()
    expect(within(tray).queryByRole('group', { name: 'Questions' })).not.toBeInTheDocument()
    expect(within(tray).getByText('1 / 1')).toBeInTheDocument()
    await user.keyboard('2{Enter}')
    expect(within(tray).getByRole('button', { name: 'Submit' })).toHaveFocus()
    await user.keyboard('{Enter}')
    expect(fake.callsOf('respondToQuestion')).toEqual([{ requestId: 'q1', answers: ['No'] }])
  })

  it('grows "Other" as a text area and says an empty one is sent unanswered', async () => {
    const { tray, user } = await showQuestion()
    await user.click(within(tray).getByRole('radio', { name: 'Other' }))
    const other = within(tray).getByRole('textbox', { name: 'Other answer' })
    expect(other.tagName).toBe('TEXTAREA')
    expect(other).toHaveAccessibleDescription('An empty answer is sent as unanswered.')
    await user.type(other, 'MariaDB{Shift>}{Enter}{/Shift}on the old host')
    expect(other).toHaveValue('MariaDB\non the old host')
    expect(
      within(tray).queryByText('An empty answer is sent as unanswered.'),
    ).not.toBeInTheDocument()
  })

  it('acts on number keys and Enter only once armed', async () => {
    const fake = oneSession()
    await renderApp(fake, null, { promptArmingMs: PROMPT_ARMING_MS })
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    act(() => fake.ask(questionRequest()))
    const tray = screen.getByRole('region', { name: 'Agent question' })
    const first = within(tray).getByRole('radio', { name: 'Postgres' })
    expect(first).toHaveFocus()
    for (const key of ['2', 'Enter', '1', 'Enter']) fireEvent.keyDown(first, { key })
    expect(within(tray).getByText('1 / 3')).toBeInTheDocument()
    expect(within(tray).getByRole('radio', { name: 'SQLite' })).not.toBeChecked()
    expect(tray).toHaveAttribute('data-armed', 'false')

    act(() => vi.advanceTimersByTime(PROMPT_ARMING_MS))
    fireEvent.keyDown(first, { key: '2' })
    expect(within(tray).getByRole('radio', { name: 'SQLite' })).toBeChecked()
    fireEvent.keyDown(within(tray).getByRole('radio', { name: 'SQLite' }), { key: 'Enter' })
    expect(within(tray).getByText('2 / 3')).toBeInTheDocument()
  })

  it('ends the review with Previous and Submit, Stop in the header', async () => {
    const { tray } = await showQuestion({ draft: { index: 3, values: [null, null, null] } })
    const footer = within(tray).getAllByRole('button').slice(-2)
    expect(footer.map((b) => b.textContent)).toEqual(['Previous', 'Submit'])
    expect(tray.querySelector('header')).toContainElement(
      within(tray).getByRole('button', { name: 'Stop' }),
    )
  })

  it('asks a multiSelect question with checkboxes, "Other" included, and sends the list of labels', async () => {
    const { tray, user, fake } = await showQuestion({
      questions: [
        {
          question: 'Which targets?',
          multiSelect: true,
          options: [{ label: 'Linux' }, { label: 'macOS', description: 'Apple silicon' }],
        },
        { question: 'Ship it?', options: [{ label: 'Yes' }, { label: 'No' }] },
      ],
    })
    const group = within(tray).getByRole('group', { name: 'Which targets?' })
    expect(group).toHaveAccessibleDescription('Choose any that apply.')
    expect(within(group).queryByRole('radio')).not.toBeInTheDocument()
    expect(within(group).getByRole('checkbox', { name: 'macOS' })).toHaveAccessibleDescription(
      'Apple silicon',
    )
    await user.click(within(group).getByRole('checkbox', { name: 'Linux' }))
    await user.click(within(group).getByRole('checkbox', { name: 'macOS' }))
    await user.click(within(group).getByRole('checkbox', { name: 'Linux' }))
    await user.click(within(group).getByRole('checkbox', { name: 'Other' }))
    const other = within(tray).getByRole('textbox', { name: 'Other answer' })
    await waitFor(() => expect(other).toHaveFocus())
    await user.keyboard('FreeBSD')
    // Picking never advances; the draft is the shared form draft, saved as it changes.
    expect(within(tray).getByText('1 / 2')).toBeInTheDocument()
    expect(fake.callsOf('saveQuestionDraft').at(-1)).toEqual({
      requestId: 'q1',
      draft: { index: 0, values: [{ kind: 'options', indexes: [1], other: 'FreeBSD' }, null] },
    })
    await user.click(within(tray).getByRole('button', { name: 'Next' }))
    await user.click(within(tray).getByRole('button', { name: 'Next' }))
    expect(within(tray).getByText('macOS, FreeBSD')).toBeInTheDocument()
    expect(within(tray).getByText(/^1 unanswered/)).toBeInTheDocument()
    await user.click(within(tray).getByRole('button', { name: 'Submit' }))
    expect(fake.callsOf('respondToQuestion')).toEqual([
      { requestId: 'q1', answers: [['macOS', 'FreeBSD'], null] },
    ])
  })

  it('ticks and unticks multiSelect options with number keys once armed', async () => {
    const { tray, user } = await showQuestion({
      questions: [
        {
          question: 'Which targets?',
          multiSelect: true,
          options: [{ label: 'Linux' }, { label: 'macOS' }, { label: 'Windows' }],
        },
      ],
    })
    await user.keyboard('13')
    expect(within(tray).getByRole('checkbox', { name: 'Linux' })).toBeChecked()
    expect(within(tray).getByRole('checkbox', { name: 'Windows' })).toBeChecked()
    await user.keyboard('1')
    expect(within(tray).getByRole('checkbox', { name: 'Linux' })).not.toBeChecked()
    await user.keyboard('4')
    await waitFor(() =>
      expect(within(tray).getByRole('textbox', { name: 'Other answer' })).toHaveFocus(),
    )
  })

  it('comes back from a saved draft of any kind: a list, Other text, and the review step', async () => {
    const { tray } = await showQuestion({
      questions: [
        {
          question: 'Which targets?',
          multiSelect: true,
          options: [{ label: 'Linux' }, { label: 'macOS' }],
        },
        { question: 'Ship it?', options: [{ label: 'Yes' }, { label: 'No' }] },
      ],
      draft: {
        index: 2,
        values: [
          { kind: 'options', indexes: [0, 1], other: null },
          { kind: 'other', text: 'Tomorrow' },
        ],
      },
    })
    expect(within(tray).getByText('Review your answers')).toBeInTheDocument()
    expect(within(tray).getByText('Linux, macOS')).toBeInTheDocument()
    expect(within(tray).getByText('Tomorrow')).toBeInTheDocument()
    expect(within(tray).queryByText(/unanswered/)).not.toBeInTheDocument()
  })
})
