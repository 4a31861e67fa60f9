import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { createFakeBridge, fakeSession } from '../testing/fake-bridge'
import { renderApp } from '../testing/render-app'

const FILES = ['src/', 'src/main.ts', 'src/app.tsx', 'docs/manual.md', 'README.md']

describe('the @ menu', () => {
  it('offers workspace files as you type, moves with the arrows and attaches the one chosen with Enter', async () => {
    const fake = createFakeBridge({ sessions: [fakeSession('s1')], workspaceFiles: FILES })
    const { user } = await renderApp(fake)
    const box = screen.getByRole('textbox', { name: 'Message' })
    await user.type(box, 'explain @ma')
    const menu = await screen.findByRole('listbox', { name: 'Files' })
    const options = () => screen.getAllByRole('option').map((o) => o.textContent)
    expect(options().slice(0, 2)).toEqual(['main.tssrc/', 'manual.mddocs/'])
    expect(screen.getAllByRole('option')[0]).toHaveAttribute('aria-selected', 'true')
    await user.keyboard('{ArrowDown}')
    expect(screen.getAllByRole('option')[1]).toHaveAttribute('aria-selected', 'true')
    await user.keyboard('{ArrowUp}{Enter}')
    expect(menu).not.toBeInTheDocument()
    expect(box).toHaveValue('explain @src/main.ts ')
    const chips = screen.getByRole('list', { name: 'Attachments' })
    expect(chips).toHaveTextContent('src/main.ts')
    expect(fake.callsOf('send')).toEqual([])

    await user.type(box, 'please{Enter}')
    expect(fake.callsOf('send')).toEqual([
      {
        sessionId: 's1',
        text: 'explain @src/main.ts please',
        attachments: [{ kind: 'file', path: 'src/main.ts' }],
      },
    ])
    await waitFor(() =>
      expect(screen.queryByRole('list', { name: 'Attachments' })).not.toBeInTheDocument(),
    )
  })

  it('Tab on a folder goes into it; Escape closes only the menu and keeps the text', async () => {
    const fake = createFakeBridge({ sessions: [fakeSession('s1')], workspaceFiles: FILES })
    const { user } = await renderApp(fake)
    const box = screen.getByRole('textbox', { name: 'Message' })
    await user.type(box, '@src')
    await screen.findByRole('listbox', { name: 'Files' })
    await user.keyboard('{Tab}')
    expect(box).toHaveValue('@src/')
    expect(screen.queryByRole('list', { name: 'Attachments' })).not.toBeInTheDocument()
    await waitFor(() => expect(screen.getAllByRole('option').length).toBeGreaterThan(0))
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('listbox', { name: 'Files' })).not.toBeInTheDocument()
    expect(box).toHaveValue('@src/')
    expect(box).toHaveFocus()
  })

  it('a chip can be removed before sending, and the message then goes without it', async () => {
    const fake = createFakeBridge({ sessions: [fakeSession('s1')], workspaceFiles: FILES })
    const { user } = await renderApp(fake)
    const box = screen.getByRole('textbox', { name: 'Message' })
    await user.type(box, '@READ')
    await screen.findByRole('listbox', { name: 'Files' })
    await user.keyboard('{Enter}')
    await user.click(screen.getByRole('button', { name: 'Remove README.md' }))
    await user.type(box, 'x{Enter}')
    expect(fake.callsOf('send')).toEqual([{ sessionId: 's1', text: '@README.md x' }])
  })
})
