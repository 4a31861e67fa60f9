import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { createFakeBridge, fakeSession } from '../testing/fake-bridge'
import { renderApp } from '../testing/render-app'

describe('the settings panel', () => {
  it('says at the top where the settings file has a mistake', async () => {
    const problem = '/home/a/.config/Parley/settings.json:6:1: Expected double-quoted property name'
    const fake = createFakeBridge({
      sessions: [fakeSession('s1')],
      settings: { fileProblem: problem },
    })
    const { user } = await renderApp(fake)
    await user.click(screen.getByRole('button', { name: 'Settings' }))
    const panel = within(screen.getByRole('complementary', { name: 'Settings' }))
    const notice = panel.getByText(/Your settings file has a mistake/)
    expect(notice).toHaveTextContent(`Your settings file has a mistake: ${problem}`)
    // Above the tabs: the first thing read after the heading.
    expect(
      notice.compareDocumentPosition(panel.getByRole('tablist')) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy()
  })

  it('shows no such notice when the file is fine', async () => {
    const fake = createFakeBridge({ sessions: [fakeSession('s1')] })
    const { user } = await renderApp(fake)
    await user.click(screen.getByRole('button', { name: 'Settings' }))
    expect(screen.queryByText(/settings file has a mistake/)).not.toBeInTheDocument()
  })

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

  it('speaks in words, and shows only the fields of the chosen provider', async () => {
    const fake = createFakeBridge({ sessions: [fakeSession('s1')] })
    const { user } = await renderApp(fake)
    await user.click(screen.getByRole('button', { name: 'Settings' }))
    const provider = screen.getByRole('combobox', { name: 'Provider' })
    expect(
      within(provider)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Automatic', 'OpenAI-compatible', 'Anthropic', 'Demo (scripted, no model)'])
    // The demo needs no key, address or model.
    const panel = within(screen.getByRole('complementary', { name: 'Settings' }))
    expect(panel.queryByLabelText(/API key/)).not.toBeInTheDocument()
    expect(panel.queryByRole('combobox', { name: 'Model' })).not.toBeInTheDocument()

    await user.selectOptions(provider, 'Anthropic')
    expect(screen.getByLabelText(/Anthropic API key/)).toBeInTheDocument()
    expect(screen.getByRole('textbox', { name: 'Anthropic base URL' })).toBeInTheDocument()
    expect(screen.queryByLabelText(/OpenAI-compatible API key/)).not.toBeInTheDocument()

    await user.selectOptions(provider, 'OpenAI-compatible')
    expect(screen.getByRole('textbox', { name: 'Base URL' })).toHaveAccessibleDescription(
      'Leave empty for api.openai.com.',
    )
    expect(screen.queryByLabelText(/Anthropic API key/)).not.toBeInTheDocument()
    const modes = within(screen.getByRole('combobox', { name: 'Default mode for new sessions' }))
    expect(modes.getAllByRole('option')[0]).toHaveTextContent('Explore: read-only tools')
  })

  it("takes any model id, suggesting the provider's list, plus the Anthropic address and the idle limit", async () => {
    const fake = createFakeBridge({ sessions: [fakeSession('s1')] })
    const { user } = await renderApp(fake)
    await user.click(screen.getByRole('button', { name: 'Settings' }))
    await user.selectOptions(screen.getByRole('combobox', { name: 'Provider' }), 'Anthropic')
    const panel = within(screen.getByRole('complementary', { name: 'Settings' }))
    const model = panel.getByRole('combobox', { name: 'Model' })
    const list = document.getElementById(model.getAttribute('list') ?? '')
    await waitFor(() =>
      expect(Array.from(list?.querySelectorAll('option') ?? []).map((o) => o.value)).toEqual([
        'fake-small',
        'fake-large',
      ]),
    )
    await user.clear(model)
    await user.type(model, 'llama3.1:70b')
    await user.type(
      screen.getByRole('textbox', { name: 'Anthropic base URL' }),
      'https://proxy.example/v1',
    )
    const idle = screen.getByRole('spinbutton', { name: /silent model/ })
    await user.clear(idle)
    await user.type(idle, '300')
    await user.click(screen.getByRole('button', { name: 'Save settings' }))
    expect(fake.callsOf('updateSettings')[0]).toMatchObject({
      provider: 'anthropic',
      model: 'llama3.1:70b',
      anthropicBaseUrl: 'https://proxy.example/v1',
      streamIdleSeconds: 300,
    })
  })

  it('tests the connection and says how it went', async () => {
    const fake = createFakeBridge({ sessions: [fakeSession('s1')] })
    const { user } = await renderApp(fake)
    await user.click(screen.getByRole('button', { name: 'Settings' }))
    await user.click(screen.getByRole('button', { name: 'Test connection' }))
    expect(fake.callsOf('testConnection')).toEqual([
      { candidate: expect.objectContaining({ provider: expect.any(String) }) },
    ])
    expect(await screen.findByText('Connected (fake bridge).')).toBeInTheDocument()
  })

  it('tests what is in the form, unsaved, key included, and asks for its models before saving', async () => {
    const fake = createFakeBridge({ sessions: [fakeSession('s1')] })
    const { user } = await renderApp(fake)
    await user.click(screen.getByRole('button', { name: 'Settings' }))
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Provider' }),
      'openai-compatible',
    )
    await user.type(screen.getByRole('textbox', { name: 'Base URL' }), 'http://127.0.0.1:9/v1')
    await user.type(screen.getByLabelText(/OpenAI-compatible API key/), 'typed-key')
    await user.click(screen.getByRole('button', { name: 'Test connection' }))
    const candidate = {
      provider: 'openai-compatible',
      model: expect.any(String),
      openaiBaseUrl: 'http://127.0.0.1:9/v1',
      anthropicBaseUrl: expect.any(String),
      openaiApiKey: 'typed-key',
    }
    expect(fake.callsOf('testConnection')).toEqual([{ candidate }])
    await waitFor(() =>
      expect(fake.callsOf('listModels')).toContainEqual({
        candidate: { ...candidate, model: '' },
      }),
    )
    expect(fake.callsOf('updateSettings')).toEqual([])
    // Its result is beside the button, in the bar that stays in view.
    const result = await screen.findByText('Connected (fake bridge).')
    expect(result.closest('.settings-actions')).not.toBeNull()
  })

  it('says a base URL that is not an address yet, without testing anything', async () => {
    const fake = createFakeBridge({ sessions: [fakeSession('s1')] })
    const { user } = await renderApp(fake)
    await user.click(screen.getByRole('button', { name: 'Settings' }))
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Provider' }),
      'openai-compatible',
    )
    await user.type(screen.getByRole('textbox', { name: 'Base URL' }), 'localhost')
    await user.click(screen.getByRole('button', { name: 'Test connection' }))
    expect(await screen.findByText(/A base URL is not a web address/)).toBeInTheDocument()
    expect(fake.callsOf('testConnection')).toEqual([])
  })
})
