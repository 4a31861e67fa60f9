import { describe, expect, it } from 'vitest'
import { runsInWords } from './runs-in'

const none = { network: false, writeOutside: false, credentials: false }

describe('what the tray says about where a command runs', () => {
  it('says the sandbox keeps it off the network and inside the workspace when nothing is lifted', () => {
    expect(runsInWords({ sandboxed: true, ...none })).toEqual([
      'Runs in the sandbox',
      'no network',
      'writes only in the workspace',
    ])
  })

  it('names each thing the prompt lifts', () => {
    expect(
      runsInWords({ sandboxed: true, network: true, writeOutside: true, credentials: true }),
    ).toEqual([
      'Runs in the sandbox',
      'with network',
      'may write outside the workspace',
      'sees your credential files',
    ])
  })

  it('says so plainly when there is no sandbox', () => {
    expect(runsInWords({ sandboxed: false, ...none })[0]).toBe('Runs without a sandbox')
  })
})
