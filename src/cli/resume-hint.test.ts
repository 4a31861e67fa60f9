import { expect, test } from 'vitest'
import { resumeHint } from './resume-hint'

test('the resume hint repeats --data-dir, --scenario and --workspace when they were given', () => {
  expect(
    resumeHint({ dataDir: '/tmp/d', scenario: 'my scenario.json', workspace: '/w' }, 's-1'),
  ).toBe(
    "Resume with: parley tui --session s-1 --data-dir /tmp/d --scenario 'my scenario.json' --workspace /w",
  )
  expect(resumeHint({}, 's-1')).toBe('Resume with: parley tui --session s-1')
})

test('the resume hint repeats --mcp-config: the session’s tools come from it', () => {
  expect(resumeHint({ mcpConfig: '/tmp/mcp.json' }, 's-1')).toBe(
    'Resume with: parley tui --session s-1 --mcp-config /tmp/mcp.json',
  )
})
