import { describe, expect, it } from 'vitest'
import { SettingsPatchSchema, StoredSettingsSchema } from './settings'

describe('the variables a person lets through to sandboxed commands', () => {
  it('are none by default, and a patch replaces the list with variable names', () => {
    expect(StoredSettingsSchema.parse({}).sandboxAllowedEnv).toEqual([])
    expect(SettingsPatchSchema.parse({ sandboxAllowedEnv: ['HTTPS_PROXY', 'GOPATH'] })).toEqual({
      sandboxAllowedEnv: ['HTTPS_PROXY', 'GOPATH'],
    })
  })

  it('refuse what is not a variable name, with a message saying what one is', () => {
    const bad = SettingsPatchSchema.safeParse({ sandboxAllowedEnv: ['A=B', 'X Y', ''] })
    expect(bad.success).toBe(false)
    expect(bad.error?.issues[0]?.message).toBe('a variable name: letters, digits and _')
  })
})
