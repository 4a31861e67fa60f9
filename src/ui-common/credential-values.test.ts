import { describe, expect, it } from 'vitest'
import { credentialsIn, credentialsInResponse } from './credential-values'

describe('credential-shaped values', () => {
  it.each([
    ['sk-ant-api03-AbCdEfGhIjKlMnOpQrStUv', 'an Anthropic API key'],
    ['my key is sk-proj-AbCdEfGhIjKlMnOpQrStUv12', 'an API key (sk-…)'],
    ['ghp_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789', 'a GitHub token'],
    ['github_pat_11ABCDEFG0123456789_abcdefghijklmnop', 'a GitHub token'],
    ['AKIAIOSFODNN7EXAMPLE', 'an AWS access key'],
    ['xoxb-1234567890-abcdefghij', 'a Slack token'],
    ['xoxp-1234567890-abcdefghij', 'a Slack token'],
    [
      '-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA\n-----END OPENSSH PRIVATE KEY-----',
      'a private key',
    ],
    ['-----BEGIN RSA PRIVATE KEY-----', 'a private key'],
    [
      'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U',
      'a sign-in token (JWT)',
    ],
    [
      'abandon ability able about above absent absorb abstract absurd abuse access accident',
      'a recovery phrase',
    ],
  ])('finds %s', (value, what) => {
    expect(credentialsIn(value)).toEqual([what])
  })

  it.each([
    'Postgres',
    'skip the tests for now',
    'task-ant-farm',
    'please add tests for the parser and fix every lint error you find today',
    'AKIA is a prefix',
    '-----BEGIN PUBLIC KEY-----',
  ])('leaves ordinary text alone: %s', (value) => {
    expect(credentialsIn(value)).toEqual([])
  })

  it("looks at every text value of an accepted form's answer, and names each kind once", () => {
    expect(
      credentialsInResponse({
        action: 'accept',
        content: {
          notes: 'use ghp_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789',
          tags: ['x', 'ghp_ZyXwVuTsRqPoNmLkJiHgFeDcBa9876543210'],
          count: 3,
        },
      }),
    ).toEqual(['a GitHub token'])
    expect(credentialsInResponse({ action: 'decline' })).toEqual([])
  })
})
