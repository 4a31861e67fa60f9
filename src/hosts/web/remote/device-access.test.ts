import { describe, expect, it } from 'vitest'
import { refuseForDevice } from './device-access'

describe('refuseForDevice', () => {
  const candidate = {
    provider: 'openai-compatible',
    model: '',
    openaiBaseUrl: 'http://127.0.0.1:9/v1',
    anthropicBaseUrl: '',
    openaiApiKey: 'typed-key',
  }

  it('refuses a paired device a test of the provider, saved or typed into Settings', () => {
    for (const input of [{}, { candidate }]) {
      expect(refuseForDevice('testConnection', input)).toMatchObject({ reason: 'forbidden' })
      expect(refuseForDevice('listModels', input)).toMatchObject({ reason: 'forbidden' })
    }
  })

  it('lets a paired device read and answer what waits', () => {
    expect(refuseForDevice('listInbox', {})).toBeNull()
    expect(refuseForDevice('respondToPermission', { scope: 'turn' })).toBeNull()
  })
})
