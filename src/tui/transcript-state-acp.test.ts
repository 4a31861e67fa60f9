import { expect, test } from 'vitest'
import { ACP_SESSION } from '../shared/testing/acp-records'
import { SessionEventSchema } from '../shared/session-events'
import { replayEvents } from './transcript-state'

test('an ACP agent’s session replays into the terminal transcript: text, thought, tool call with its final status, plans and exit', () => {
  for (const record of ACP_SESSION) expect(SessionEventSchema.parse(record)).toEqual(record)
  const { entries } = replayEvents(ACP_SESSION)
  expect(
    entries.map((e) => [
      e.kind,
      'text' in e ? e.text : e.kind === 'tool' ? `${e.tool} ${e.status}` : '',
    ]),
  ).toEqual([
    ['user', 'Edit the readme'],
    ['note', 'Thinking: Let me look at the file first.'],
    ['assistant', 'I will edit the readme.'],
    ['tool', 'Edit README.md ok'],
    ['note', 'Plan:\n● Edit the readme\n○ Run the tests'],
    ['note', 'Plan:\n● Edit the readme\n● Run the tests'],
    ['assistant', 'Done editing.'],
    [
      'note',
      'The agent exited (exit code 7): panic: out of cheese. It starts again with the next message.',
    ],
  ])
  expect(entries.find((e) => e.kind === 'tool')).toMatchObject({ summary: '/ws/README.md' })
})
