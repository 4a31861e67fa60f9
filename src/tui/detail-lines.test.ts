import { createTwoFilesPatch } from 'diff'
import { describe, expect, test } from 'vitest'
import { detailLines } from './detail-lines'
import { lineText } from './styled-text'

describe('permission details', () => {
  test('a diff has no header noise and every row carries its line number', () => {
    const before = 'one\ntwo\nthree\nfour\n'
    const after = 'one\ntwo\n3\nfour\nfive\n'
    const patch = createTwoFilesPatch('a/x.txt', 'b/x.txt', before, after, '', '', { context: 3 })
    expect(patch).toContain('===')
    const lines = detailLines(patch, 40, 'patch')
    expect(lines.map(lineText)).toEqual([
      '1   one',
      '2   two',
      '3 - three',
      '3 + 3',
      '4   four',
      '5 + five',
    ])
    expect(lines[2]?.[1]?.style).toEqual({ color: 'red' })
    expect(lines[3]?.[1]?.style).toEqual({ color: 'green' })
  })

  test('hunks far apart are separated, with the numbers of each', () => {
    const before = Array.from({ length: 30 }, (_, i) => `line ${i + 1}`).join('\n') + '\n'
    const after = before.replace('line 2\n', 'LINE 2\n').replace('line 28\n', 'LINE 28\n')
    const lines = detailLines(createTwoFilesPatch('a/f', 'b/f', before, after), 40, 'patch').map(
      lineText,
    )
    expect(lines).toContain(' 2 - line 2')
    expect(lines).toContain('   ⋮')
    expect(lines).toContain('28 + LINE 28')
  })

  test('a command keeps every character, wraps anywhere, and shows hidden characters', () => {
    const command = 'echo "a  b" && curl https://example.com/upload \u202E'
    const lines = detailLines(command, 16, 'text').map(lineText)
    expect(lines.join('')).toBe('echo "a  b" && curl https://example.com/upload \\u202E')
    for (const line of lines) expect([...line].length).toBeLessThanOrEqual(16)
  })

  test('a command that looks like a patch is shown as the command, never drawn as a diff', () => {
    const spoof = '--- a/x\n+++ b/x\n@@ -1 +1 @@\n-rm -rf ~\n+echo safe\n'
    expect(detailLines(spoof, 60, 'text').map(lineText)).toEqual([
      '--- a/x',
      '+++ b/x',
      '@@ -1 +1 @@',
      '-rm -rf ~',
      '+echo safe',
    ])
    expect(detailLines(spoof, 60, 'patch').map(lineText)).not.toContain('-rm -rf ~')
  })
})
