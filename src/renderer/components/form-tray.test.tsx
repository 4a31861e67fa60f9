import '@testing-library/jest-dom/vitest'
import { cleanup, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { FormDraft, FormInteraction, FormResponse, FormSpec } from '../../shared'
import { FORM_MESSAGES } from '../../shared/form-answers'
import { questionsToForm } from '../../shared/form-state'
import { formInteraction } from '../../shared/testing/form-fixtures'
import { FormTray } from './form-tray'

afterEach(cleanup)

/** The tray as the app would hold it: the saved draft in state, every outcome recorded. */
function mount(
  interaction: FormInteraction = formInteraction(),
  settled: boolean | void = undefined,
) {
  const onRespond = vi.fn<(r: FormResponse) => boolean | void>(() => settled)
  const onSendAsMessage = vi.fn<(r: FormResponse) => void>()
  const onDismiss = vi.fn<() => void>()
  const drafts: FormDraft[] = []
  function Harness() {
    const [draft, setDraft] = useState<FormDraft | null>(null)
    return (
      <FormTray
        interaction={interaction}
        draft={draft}
        onDraft={(next) => {
          drafts.push(next)
          setDraft(next)
        }}
        onRespond={onRespond}
        onSendAsMessage={onSendAsMessage}
        onDismiss={onDismiss}
      />
    )
  }
  const user = userEvent.setup()
  render(<Harness />)
  const tray = screen.getByRole('region', { name: 'Agent question' })
  return { tray, user, onRespond, onSendAsMessage, onDismiss, drafts }
}

/** Fills the fixture's required fields correctly. */
async function fillRequired(tray: HTMLElement, user: ReturnType<typeof userEvent.setup>) {
  await user.type(within(tray).getByRole('textbox', { name: 'Project name' }), 'parley')
  await user.type(within(tray).getByRole('textbox', { name: 'Contact email' }), 'dev@example.com')
  await user.click(within(tray).getByRole('radio', { name: 'Beta' }))
  await user.click(within(tray).getByRole('checkbox', { name: 'Linux' }))
}

describe('form tray', () => {
  it('names the asker, shows the message, and labels every control by its title', () => {
    const { tray } = mount()
    expect(tray).toHaveFocus()
    expect(within(tray).getByText('Codex asks')).toBeInTheDocument()
    expect(within(tray).getByText(/Set up the release/)).toBeInTheDocument()
    const t = within(tray)
    expect(t.getByRole('textbox', { name: 'Project name' })).toHaveAccessibleDescription(
      'Lower case, no spaces. Expected pattern (not checked by Parley): ^[a-z-]+$',
    )
    expect(t.getByRole('textbox', { name: 'Contact email' })).toHaveAttribute(
      'placeholder',
      'name@example.com',
    )
    expect(t.getByRole('textbox', { name: 'Release date' })).toBeInTheDocument()
    expect(t.getByRole('spinbutton', { name: 'Workers' })).toHaveValue('4')
    expect(t.getByRole('spinbutton', { name: 'Sample ratio' })).toHaveValue('')
    expect(t.getByRole('checkbox', { name: 'Notify the team' })).toBeChecked()
    const channel = t.getByRole('radiogroup', { name: 'Channel' })
    expect(within(channel).getByRole('radio', { name: 'Stable' })).toHaveAccessibleDescription(
      'Everyone gets it',
    )
    expect(within(channel).queryByRole('radio', { name: 'Other' })).not.toBeInTheDocument()
    const region = t.getByRole('radiogroup', { name: 'Region' })
    expect(within(region).getByRole('radio', { name: 'Other' })).toBeInTheDocument()
    const targets = t.getByRole('group', { name: 'Targets' })
    expect(within(targets).getAllByRole('checkbox')).toHaveLength(3)
    expect(within(targets).getByRole('checkbox', { name: 'macOS' })).not.toBeChecked()
    // A secret is never an input: its title and why, and nothing to type into.
    const token = t.getByRole('group', { name: 'API token' })
    expect(token).toHaveTextContent('Parley never takes secrets')
    expect(within(token).queryByRole('textbox')).not.toBeInTheDocument()
    for (const name of ['Submit', 'Decline', 'Cancel'])
      expect(t.getByRole('button', { name })).toBeEnabled()
  })

  it('sends every field type answered, with option values and "Other" under its own key', async () => {
    const { tray, user, onRespond, drafts } = mount()
    const t = within(tray)
    await fillRequired(tray, user)
    await user.type(t.getByRole('textbox', { name: 'Release date' }), '2026-02-28')
    const workers = t.getByRole('spinbutton', { name: 'Workers' })
    await user.clear(workers)
    await user.type(workers, '8')
    await user.type(t.getByRole('spinbutton', { name: 'Sample ratio' }), '.25')
    await user.click(t.getByRole('checkbox', { name: 'Notify the team' }))
    await user.click(t.getByRole('radio', { name: 'Other' }))
    await user.type(t.getByRole('textbox', { name: 'Other answer' }), 'Mars')
    await user.click(t.getByRole('checkbox', { name: 'Windows' }))
    await user.click(t.getByRole('button', { name: 'Submit' }))

    expect(onRespond).toHaveBeenCalledTimes(1)
    expect(onRespond).toHaveBeenCalledWith({
      action: 'accept',
      content: {
        name: 'parley',
        email: 'dev@example.com',
        when: '2026-02-28',
        workers: 8,
        ratio: 0.25,
        notify: false,
        channel: 'beta',
        region_custom: 'Mars',
        targets: ['linux', 'win'],
      },
    })
    // Every change was offered for saving, the last one being what was sent.
    expect(drafts.at(-1)?.values[7]).toEqual({ kind: 'other', text: 'Mars' })
    expect(t.getByRole('button', { name: 'Submit' })).toBeDisabled()
  })

  it('refuses Submit with each required field marked invalid and its message as its description', async () => {
    const { tray, user, onRespond } = mount()
    const t = within(tray)
    await user.click(t.getByRole('button', { name: 'Submit' }))
    expect(onRespond).not.toHaveBeenCalled()
    const name = t.getByRole('textbox', { name: 'Project name' })
    expect(name).toHaveAttribute('aria-invalid', 'true')
    expect(name).toHaveAccessibleDescription(FORM_MESSAGES.requiredText)
    expect(name).toHaveFocus()
    expect(t.getByRole('textbox', { name: 'Contact email' })).toHaveAccessibleDescription(
      FORM_MESSAGES.requiredText,
    )
    const channel = t.getByRole('radiogroup', { name: 'Channel' })
    expect(channel).toHaveAttribute('aria-invalid', 'true')
    expect(channel).toHaveAccessibleDescription(FORM_MESSAGES.requiredChoice)
    const targets = t.getByRole('group', { name: 'Targets' })
    expect(targets).toHaveAttribute('aria-invalid', 'true')
    expect(targets).toHaveAccessibleDescription(FORM_MESSAGES.requiredMulti)
    const linux = within(targets).getByRole('checkbox', { name: 'Linux' })
    expect(linux).toHaveAttribute('aria-invalid', 'true')
    expect(linux).toHaveAccessibleDescription(FORM_MESSAGES.requiredMulti)
    // Valid fields say nothing.
    expect(t.getByRole('spinbutton', { name: 'Workers' })).not.toHaveAttribute('aria-invalid')
    // Fixing a field clears its message at once; the others stay until fixed.
    await user.type(name, 'parley')
    expect(name).not.toHaveAttribute('aria-invalid')
    expect(t.getByText(FORM_MESSAGES.requiredChoice)).toBeInTheDocument()
  })

  it('shows each format, length and number problem at its own field', async () => {
    const { tray, user, onRespond } = mount()
    const t = within(tray)
    await fillRequired(tray, user)
    const name = t.getByRole('textbox', { name: 'Project name' })
    await user.clear(name)
    await user.type(name, '😀😀')
    const email = t.getByRole('textbox', { name: 'Contact email' })
    await user.clear(email)
    await user.type(email, 'dev at example')
    await user.type(t.getByRole('textbox', { name: 'Release date' }), '2026-02-30')
    const workers = t.getByRole('spinbutton', { name: 'Workers' })
    await user.clear(workers)
    await user.type(workers, '17')
    await user.type(t.getByRole('spinbutton', { name: 'Sample ratio' }), '1e')
    await user.click(t.getByRole('button', { name: 'Submit' }))

    expect(onRespond).not.toHaveBeenCalled()
    const expected: Array<[HTMLElement, string]> = [
      [name, FORM_MESSAGES.minLength(3, 2)],
      [email, FORM_MESSAGES.email],
      [t.getByRole('textbox', { name: 'Release date' }), FORM_MESSAGES.date],
      [workers, FORM_MESSAGES.maximum(16)],
      [t.getByRole('spinbutton', { name: 'Sample ratio' }), FORM_MESSAGES.number],
    ]
    for (const [control, message] of expected) {
      expect(control).toHaveAttribute('aria-invalid', 'true')
      expect(control).toHaveAccessibleDescription(message)
    }
    // The half-typed number is still there to finish.
    expect(t.getByRole('spinbutton', { name: 'Sample ratio' })).toHaveValue('1e')
  })

  it('keeps a half-typed number as typed and steps it with the arrow keys', async () => {
    const { tray, user } = mount()
    const ratio = within(tray).getByRole('spinbutton', { name: 'Sample ratio' })
    for (const typed of ['-', '0', '.']) await user.type(ratio, typed)
    expect(ratio).toHaveValue('-0.')
    const workers = within(tray).getByRole('spinbutton', { name: 'Workers' })
    expect(workers).toHaveAttribute('aria-valuenow', '4')
    await user.click(workers)
    await user.keyboard('{ArrowUp}{ArrowUp}')
    expect(workers).toHaveValue('6')
    expect(workers).toHaveAttribute('aria-valuemax', '16')
  })

  it('refuses a multi-select tick beyond its maximum', async () => {
    const { tray, user } = mount()
    const targets = within(tray).getByRole('group', { name: 'Targets' })
    await user.click(within(targets).getByRole('checkbox', { name: 'Linux' }))
    await user.click(within(targets).getByRole('checkbox', { name: 'macOS' }))
    await user.click(within(targets).getByRole('checkbox', { name: 'Windows' }))
    expect(within(targets).getByRole('checkbox', { name: 'Windows' })).not.toBeChecked()
    expect(targets).toHaveAccessibleDescription('Choose 1 to 2.')
  })

  it('says an empty "Other" for a required choice needs its text', async () => {
    const form: FormSpec = {
      message: 'Pick a base',
      fields: [
        {
          type: 'choice',
          key: 'base',
          title: 'Base',
          required: true,
          other: true,
          otherKey: 'base_custom',
          options: [{ value: 'astro', label: 'Astro' }],
        },
      ],
    }
    const { tray, user, onRespond } = mount(formInteraction({ form }))
    await user.click(within(tray).getByRole('radio', { name: 'Other' }))
    await user.click(within(tray).getByRole('button', { name: 'Submit' }))
    const group = within(tray).getByRole('radiogroup', { name: 'Base' })
    expect(group).toHaveAccessibleDescription(FORM_MESSAGES.otherEmpty)
    expect(within(tray).getByRole('textbox', { name: 'Other answer' })).toHaveFocus()
    await user.keyboard('Starlight')
    await user.click(within(tray).getByRole('button', { name: 'Submit' }))
    expect(onRespond).toHaveBeenCalledWith({
      action: 'accept',
      content: { base_custom: 'Starlight' },
    })
  })

  it('declines and cancels as two different outcomes, whatever is filled in, and says which is which', async () => {
    const declined = mount()
    expect(
      within(declined.tray).getByRole('button', { name: 'Decline' }),
    ).toHaveAccessibleDescription(/refuse this request/)
    expect(
      within(declined.tray).getByRole('button', { name: 'Cancel' }),
    ).toHaveAccessibleDescription('Closes this request without an answer')
    await declined.user.click(within(declined.tray).getByRole('button', { name: 'Decline' }))
    expect(declined.onRespond).toHaveBeenCalledWith({ action: 'decline' })
    cleanup()
    const cancelled = mount()
    await cancelled.user.click(within(cancelled.tray).getByRole('button', { name: 'Cancel' }))
    expect(cancelled.onRespond).toHaveBeenCalledWith({ action: 'cancel' })
  })

  it('offers Stop in the header, out of the answers, only when the app gives it one', async () => {
    const onStop = vi.fn()
    const user = userEvent.setup()
    render(
      <FormTray
        interaction={formInteraction()}
        draft={null}
        onDraft={vi.fn()}
        onRespond={vi.fn()}
        onSendAsMessage={vi.fn()}
        onDismiss={vi.fn()}
        onStop={onStop}
      />,
    )
    const footer = screen.getByRole('region', { name: 'Agent question' }).querySelector('footer')
    expect(footer).not.toContainElement(screen.getByRole('button', { name: 'Stop' }))
    expect(screen.getByRole('banner')).toContainElement(
      screen.getByRole('button', { name: 'Stop' }),
    )
    await user.click(screen.getByRole('button', { name: 'Stop' }))
    expect(onStop).toHaveBeenCalledTimes(1)
    cleanup()
    mount()
    expect(screen.queryByRole('button', { name: 'Stop' })).not.toBeInTheDocument()
  })

  it('lets the person try again when the answer was not taken', async () => {
    const { tray, user, onRespond } = mount(formInteraction(), false)
    await user.click(within(tray).getByRole('button', { name: 'Decline' }))
    expect(onRespond).toHaveBeenCalledTimes(1)
    expect(within(tray).getByRole('button', { name: 'Decline' })).toBeEnabled()
  })

  it('only declines or cancels a form with a required field it cannot show, saying why at it, with no Submit', async () => {
    const form: FormSpec = {
      message: 'Log in',
      fields: [
        {
          type: 'unsupported',
          key: 'password',
          title: 'Password',
          required: true,
          reason: 'Parley never takes secrets such as passwords or tokens in a form.',
        },
      ],
    }
    const { tray, user, onRespond } = mount(formInteraction({ form }))
    expect(within(tray).getByText(/can only be declined or cancelled/)).toBeInTheDocument()
    expect(within(tray).queryByRole('button', { name: 'Submit' })).not.toBeInTheDocument()
    expect(within(tray).getByRole('group', { name: 'Password' })).toHaveAccessibleDescription(
      'Not shown: Parley never takes secrets such as passwords or tokens in a form.',
    )
    await user.click(within(tray).getByRole('button', { name: 'Decline' }))
    expect(onRespond).toHaveBeenCalledWith({ action: 'decline' })
  })

  it('comes back from a saved draft as it was left', () => {
    const draft: FormDraft = {
      index: 0,
      values: [
        { kind: 'text', text: 'half' },
        null,
        null,
        { kind: 'text', text: '-' },
        null,
        { kind: 'bool', value: false },
        { kind: 'option', index: 0 },
        { kind: 'other', text: 'Moon' },
        { kind: 'options', indexes: [1], other: null },
        null,
      ],
    }
    const { tray } = mount(formInteraction({ draft }))
    const t = within(tray)
    expect(t.getByRole('textbox', { name: 'Project name' })).toHaveValue('half')
    expect(t.getByRole('spinbutton', { name: 'Workers' })).toHaveValue('-')
    expect(t.getByRole('checkbox', { name: 'Notify the team' })).not.toBeChecked()
    expect(t.getByRole('radio', { name: 'Stable' })).toBeChecked()
    expect(t.getByRole('textbox', { name: 'Other answer' })).toHaveValue('Moon')
    expect(t.getByRole('checkbox', { name: 'macOS' })).toBeChecked()
  })

  it('offers the answers as a message, or Dismiss, when the asker is gone', async () => {
    const orphan = formInteraction({ orphaned: true, recovered: true })
    const { tray, user, onRespond, onSendAsMessage, onDismiss } = mount(orphan)
    const t = within(tray)
    expect(t.getByText(/Codex is no longer waiting/)).toBeInTheDocument()
    for (const name of ['Submit', 'Decline', 'Cancel'])
      expect(t.queryByRole('button', { name })).not.toBeInTheDocument()
    // The same checks as Submit before anything is sent.
    await user.click(t.getByRole('button', { name: 'Send as message' }))
    expect(onSendAsMessage).not.toHaveBeenCalled()
    expect(t.getByRole('textbox', { name: 'Project name' })).toHaveAttribute('aria-invalid', 'true')
    await fillRequired(tray, user)
    await user.click(t.getByRole('button', { name: 'Send as message' }))
    expect(onSendAsMessage).toHaveBeenCalledWith({
      action: 'accept',
      content: expect.objectContaining({ name: 'parley', channel: 'beta', targets: ['linux'] }),
    })
    expect(onRespond).not.toHaveBeenCalled()
    cleanup()
    const again = mount(orphan)
    await again.user.click(within(again.tray).getByRole('button', { name: 'Dismiss' }))
    expect(again.onDismiss).toHaveBeenCalledTimes(1)
    expect(onDismiss).not.toHaveBeenCalled()
  })

  it('shows a form a question at a time with progress, Previous / Next, a review and Submit', async () => {
    const form = questionsToForm([
      { question: 'Which database?', options: [{ label: 'Postgres' }, { label: 'SQLite' }] },
      {
        question: 'Which targets?',
        multiSelect: true,
        options: [{ label: 'Linux' }, { label: 'macOS' }],
      },
    ])
    const { tray, user, onRespond } = mount(
      formInteraction({ form, source: { kind: 'mcp', server: 'github', rpcId: 'r1' } }),
    )
    const t = within(tray)
    expect(t.getByText('MCP server github asks')).toBeInTheDocument()
    expect(t.getByText('1 / 2')).toBeInTheDocument()
    expect(t.getByRole('button', { name: 'Previous' })).toBeDisabled()
    expect(t.queryByRole('button', { name: 'Submit' })).not.toBeInTheDocument()
    await user.click(t.getByRole('radio', { name: 'SQLite' }))
    await user.click(t.getByRole('button', { name: 'Next' }))
    expect(t.getByText('2 / 2')).toBeInTheDocument()
    await user.click(t.getByRole('button', { name: 'Next' }))
    expect(t.getByText('Review')).toBeInTheDocument()
    expect(t.getByText(/^1 unanswered/)).toBeInTheDocument()
    await user.click(t.getByRole('button', { name: 'Edit answer 2' }))
    await user.click(t.getByRole('checkbox', { name: 'macOS' }))
    await user.click(t.getByRole('checkbox', { name: 'Other' }))
    await user.type(t.getByRole('textbox', { name: 'Other answer' }), 'BSD')
    expect(t.queryByRole('button', { name: 'Submit' })).not.toBeInTheDocument()
    await user.click(t.getByRole('button', { name: 'Next' }))
    await user.click(t.getByRole('button', { name: 'Submit' }))
    expect(onRespond).toHaveBeenCalledWith({
      action: 'accept',
      content: { question_0: 'SQLite', question_1: ['macOS', 'BSD'] },
    })
  })
})
