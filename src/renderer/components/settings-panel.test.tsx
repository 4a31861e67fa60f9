import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { createFakeBridge, fakeSession } from '../test/fake-bridge'
import { renderApp } from '../test/render-app'

describe('the settings panel', () => {
  it('shows whether keys are set, never their value, and sends a new key once', async () => {
    const fake = createFakeBridge({ sessions: [fakeSession('s1')] })
    const { user } = await renderApp(fake)
    await user.click(screen.getByRole('button', { name: 'Settings' }))
    await user.selectOptions(screen.getByRole('combobox', { name: 'Provider' }), 'Automatic')
    const openai = screen.getByLabelText(/OpenAI-compatible API key/)
    expect(screen.getByText('not set')).toBeInTheDocument()
    expect(screen.getByText('set')).toBeInTheDocument()
    await user.type(openai, 'sk-secret')
    await user.click(screen.getByRole('button', { name: 'Save settings' }))
    expect(fake.callsOf('updateSettings')[0]).toMatchObject({ openaiApiKey: 'sk-secret' })
    expect(openai).toHaveValue('')
    expect(await screen.findAllByText('set')).toHaveLength(2)
  })
})
