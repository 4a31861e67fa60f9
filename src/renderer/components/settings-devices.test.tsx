import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { createFakeBridge } from '../testing/fake-bridge'
import { renderApp } from '../testing/render-app'

const phone = { id: 'd1', name: 'Android · Chrome', pairedAt: 1_000, lastUsedAt: null }

async function openDevices(fake = createFakeBridge({ devices: [phone] })) {
  const rendered = await renderApp(fake)
  await rendered.user.click(screen.getByRole('button', { name: 'Settings' }))
  await rendered.user.click(screen.getByRole('tab', { name: 'Devices' }))
  return { ...rendered, fake }
}

describe('Settings → Devices', () => {
  it('lists paired devices and removes one at once', async () => {
    const { user, fake } = await openDevices()
    const list = await screen.findByRole('list', { name: 'Paired devices' })
    expect(within(list).getByText('Android · Chrome')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Remove Android · Chrome' }))
    expect(fake.callsOf('revokeDevice')).toEqual([{ deviceId: 'd1' }])
    expect(await screen.findByText('Removed Android · Chrome.')).toBeInTheDocument()
    expect(screen.getByText('No device is paired.')).toBeInTheDocument()
  })

  it('saves the notice address', async () => {
    const { user, fake } = await openDevices()
    await user.type(
      screen.getByRole('textbox', { name: 'Notice address (ntfy-style webhook)' }),
      'https://ntfy.sh/my-topic',
    )
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(fake.callsOf('updateSettings')).toEqual([{ notifyUrl: 'https://ntfy.sh/my-topic' }])
  })
})
