import { describe, expect, it } from 'vitest'
import type { ParleyBridge } from '../../shared'
import { createFakeBridge } from '../testing/fake-bridge'
import { openPort } from './port'

describe('openPort', () => {
  it('uses the preload bridge when Electron provides one, checking its replies', async () => {
    const fake = createFakeBridge()
    const raw: ParleyBridge = {
      ...fake.bridge,
      onEvent: fake.bridge.onEvent,
      listSessions: async () =>
        ({ ok: false, reason: 'forbidden', message: 'wrong sender' }) as never,
    }
    const port = openPort({ parley: raw } as unknown as Window)
    const states: string[] = []
    port.onConnection((s) => states.push(s))
    expect(states).toEqual(['open'])
    expect(await port.bridge.getSettings({})).toMatchObject({ provider: 'demo' })
    await expect(port.bridge.listSessions({})).rejects.toMatchObject({ reason: 'forbidden' })
  })
})
