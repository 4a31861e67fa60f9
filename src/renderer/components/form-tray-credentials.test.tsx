import '@testing-library/jest-dom/vitest'
import { cleanup, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { FormDraft, FormResponse } from '../../shared'
import { formInteraction } from '../../shared/testing/form-fixtures'
import { FormTray } from './form-tray'

afterEach(cleanup)

function mount() {
  const onRespond = vi.fn<(r: FormResponse) => void>()
  function Harness() {
    const [draft, setDraft] = useState<FormDraft | null>(null)
    return (
      <FormTray
        interaction={formInteraction()}
        draft={draft}
        onDraft={setDraft}
        onRespond={onRespond}
        onSendAsMessage={vi.fn()}
        onDismiss={vi.fn()}
      />
    )
  }
  const user = userEvent.setup()
  render(<Harness />)
  const tray = screen.getByRole('region', { name: 'Agent question' })
  return { tray, user, onRespond }
}

async function fill(tray: HTMLElement, user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.type(within(tray).getByRole('textbox', { name: 'Project name' }), 'parley')
  await user.click(within(tray).getByRole('radio', { name: 'Other' }))
  await user.type(within(tray).getByRole('textbox', { name: 'Other answer' }), name)
  await user.type(within(tray).getByRole('textbox', { name: 'Contact email' }), 'dev@example.com')
  await user.click(within(tray).getByRole('radio', { name: 'Beta' }))
  await user.click(within(tray).getByRole('checkbox', { name: 'Linux' }))
}

describe('an answer holding a credential', () => {
  it('is not sent on Submit: a second confirmation names what was found and who receives it', async () => {
    const { tray, user, onRespond } = mount()
    await fill(tray, user, 'ghp_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789')
    await user.click(within(tray).getByRole('button', { name: 'Submit' }))
    expect(onRespond).not.toHaveBeenCalled()
    const warning = within(tray).getByRole('alert')
    expect(warning).toHaveTextContent('looks like it contains a GitHub token')
    expect(warning).toHaveTextContent('It goes to Codex')
    expect(within(warning).getByRole('button', { name: 'Go back' })).toHaveFocus()
    await user.click(within(warning).getByRole('button', { name: 'Send to Codex anyway' }))
    expect(onRespond).toHaveBeenCalledTimes(1)
    expect(onRespond.mock.calls[0]?.[0]).toMatchObject({
      action: 'accept',
      content: expect.objectContaining({
        region_custom: 'ghp_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789',
      }),
    })
  })

  it('"Go back" keeps it unsent, and an ordinary answer is sent at once', async () => {
    const { tray, user, onRespond } = mount()
    await fill(tray, user, 'AKIAIOSFODNN7EXAMPLE')
    await user.click(within(tray).getByRole('button', { name: 'Submit' }))
    await user.click(within(tray).getByRole('button', { name: 'Go back' }))
    expect(within(tray).queryByRole('alert')).not.toBeInTheDocument()
    expect(onRespond).not.toHaveBeenCalled()
    const other = within(tray).getByRole('textbox', { name: 'Other answer' })
    await user.clear(other)
    await user.type(other, 'eu-north')
    await user.click(within(tray).getByRole('button', { name: 'Submit' }))
    expect(onRespond).toHaveBeenCalledTimes(1)
  })
})
