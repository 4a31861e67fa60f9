import { expect, test } from 'vitest'
import { footerLines } from './footer-lines'
import { lineText } from './styled-text'

const hints = ['Enter send', 'Alt+Enter/Ctrl+J newline', '↑ history', 'Shift+Tab mode', '^C stop']

test('at 60 columns the keys wrap onto a second row instead of being cut', () => {
  const rows = footerLines({
    mode: 'ask',
    backendLabel: 'Claude',
    workspace: '/home/me/project',
    hints,
    width: 60,
  }).map(lineText)
  expect(rows).toEqual([
    ' ask · Claude · /home/me/project',
    ' Enter send · Alt+Enter/Ctrl+J newline · ↑ history',
    ' Shift+Tab mode · ^C stop',
  ])
})

test('a long workspace gets its own row, cut from the left', () => {
  const rows = footerLines({
    mode: 'bypass',
    backendLabel: 'Scenario demo.json (fake backend)',
    workspace: '/home/me/a/very/long/path/to/the/project/folder',
    hints: ['^D quit'],
    width: 40,
    maxHintRows: 1,
  }).map(lineText)
  expect(rows).toEqual([
    ' bypass · Scenario demo.json (fake bac…',
    ' …/very/long/path/to/the/project/folder',
    ' ^D quit',
  ])
})
