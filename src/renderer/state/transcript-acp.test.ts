import { expect, test } from 'vitest'
import { ACP_SESSION } from '../../shared/testing/acp-records'
import { applySessionEvent, EMPTY_TRANSCRIPT, transcriptFromEvents } from './transcript'

test('an ACP agent’s session replays into the transcript, and live records give the same rows as a replay', () => {
  const replayed = transcriptFromEvents(ACP_SESSION)
  const live = ACP_SESSION.reduce(applySessionEvent, EMPTY_TRANSCRIPT)
  expect(live.items).toEqual(replayed.items)
  expect(
    replayed.items.map((i) => [
      i.kind,
      'text' in i ? i.text : i.kind === 'tool' ? `${i.tool} ${i.status}` : '',
    ]),
  ).toEqual([
    ['user', 'Edit the readme'],
    ['notice', 'Thinking: Let me look at the file first.'],
    ['assistant', 'I will edit the readme.'],
    ['tool', 'Edit README.md done'],
    // One plan row, updated in place.
    ['notice', 'Plan:\n● Edit the readme\n● Run the tests'],
    ['assistant', 'Done editing.'],
    [
      'notice',
      'The agent exited (exit code 7): panic: out of cheese. It starts again with the next message.',
    ],
  ])
  expect(replayed.items.find((i) => i.kind === 'tool')).toMatchObject({
    input: { kind: 'edit', locations: ['/ws/README.md:3'] },
    output: '{"ok":true}',
  })
})
