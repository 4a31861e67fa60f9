import { useEffect, useState } from 'react'
import type { BridgeError, BridgeOutput } from '../shared/bridge'
import type { RestoreWhat } from '../shared/checkpoints'
import {
  CHANGE_WORDS,
  RESTORE_LABELS,
  restoreOutcomeText,
  SKIP_WORDS,
} from '../ui-common/rewind-model'
import { choiceLines } from './choice-lines'
import { useFocusedKeys } from './key-router'
import { FRAME_COLUMNS, PromptFrame, layoutFrame } from './prompt-frame'
import { flowItems, safeSpans, type StyledLine } from './styled-text'
import type { TuiBridge } from './tui-bridge'
import { useRefState } from './use-ref-state'

/** A message of the person's that can be rewound to (its turn). */
export interface RewindTarget {
  turnId: string
  text: string
}

type Preview = BridgeOutput<'previewCheckpoint'> | BridgeError

const HOST_REFUSALS: ReadonlySet<string> = new Set<BridgeError['reason']>([
  'invalid_input',
  'forbidden',
  'unknown_method',
  'internal',
])

const CHOICES: readonly RestoreWhat[] = ['files', 'conversation', 'both']

type Stage =
  | { kind: 'messages' }
  | { kind: 'choose'; target: RewindTarget; preview: Preview | null }
  | { kind: 'overwrite'; target: RewindTarget; what: RestoreWhat; message: string }

/** What the preview says, as lines: each file and what happens to it, conflicts marked. */
function previewLines(preview: Preview | null): StyledLine[] {
  if (preview === null) return [[{ text: 'Looking at the files…', style: { dim: true } }]]
  if (!preview.ok)
    return [
      [
        {
          text:
            preview.reason === 'not_found'
              ? 'No checkpoint of the files before this message: only the conversation can be rewound.'
              : (preview.message ?? 'The files cannot be rewound now.'),
          style: { color: 'yellow' },
        },
      ],
    ]
  const lines: StyledLine[] = preview.files.length
    ? preview.files.map((f) => [
        ...safeSpans(f.path, { bold: true }),
        { text: ` ${CHANGE_WORDS[f.change]}` },
        ...(f.conflict ? [{ text: ' · changed since by hand', style: { color: 'yellow' } }] : []),
      ])
    : [[{ text: 'The files are as they were before this message.', style: { dim: true } }]]
  for (const left of preview.leftAsIs)
    lines.push([
      ...safeSpans(left.path, { dim: true }),
      { text: ` left as it is (${SKIP_WORDS[left.reason]})`, style: { dim: true } },
    ])
  if (!preview.conversation.ok)
    lines.push([{ text: preview.conversation.message, style: { color: 'yellow' } }])
  return lines
}

/**
 * `/rewind` (or Esc Esc in an empty message box): the session's messages, newest first; Enter on
 * one shows what a rewind to before it changes and offers the three choices. Files changed by hand
 * since are overwritten only after a second Enter.
 */
export function RewindPicker({
  bridge,
  sessionId,
  width,
  maxRows,
  onDone,
  onClose,
}: {
  bridge: TuiBridge
  sessionId: string
  width: number
  maxRows: number
  /** A rewind was done: what it said, and the new session when the conversation was rewound. */
  onDone: (outcome: { text: string; forkId: string | null; message: string }) => void
  onClose: () => void
}) {
  const [stage, setStage] = useState<Stage>({ kind: 'messages' })
  // Every message of the session, from its whole log (the screen holds only the newest part).
  const [messages, setMessages] = useState<readonly RewindTarget[]>([])
  useEffect(() => {
    let live = true
    void bridge.openSession({ sessionId }).then((opened) => {
      if (!live || !opened.ok) return
      setMessages(
        opened.events
          .flatMap((e) => (e.type === 'user_message' ? [{ turnId: e.turnId, text: e.text }] : []))
          .reverse(),
      )
    })
    return () => {
      live = false
    }
  }, [bridge, sessionId])
  const [cursor, setCursor, cursorRef] = useRefState(0)
  const [working, setWorking] = useState(false)
  const inner = width - FRAME_COLUMNS

  const target = stage.kind === 'messages' ? null : stage.target
  useEffect(() => {
    if (target === null) return
    let live = true
    void bridge.previewCheckpoint({ sessionId, turnId: target.turnId }).then((preview) => {
      if (live)
        setStage((s) => (s.kind === 'choose' && s.target === target ? { ...s, preview } : s))
    })
    return () => {
      live = false
    }
  }, [bridge, sessionId, target])

  const restore = (picked: RewindTarget, what: RestoreWhat, force: boolean) => {
    setWorking(true)
    void bridge
      .restoreCheckpoint({ sessionId, turnId: picked.turnId, restore: what, force })
      .then((result) => {
        setWorking(false)
        // A refused call (bad input, a paired device) says why in its own words.
        if (!result.ok && HOST_REFUSALS.has(result.reason))
          return onDone({
            text: result.message ?? result.reason,
            forkId: null,
            message: picked.text,
          })
        const message = restoreOutcomeText(result as BridgeOutput<'restoreCheckpoint'>, what)
        if (result.ok)
          return onDone({
            text: message,
            forkId: result.sessionId === sessionId ? null : result.sessionId,
            message: picked.text,
          })
        if (result.reason === 'conflict')
          return setStage({ kind: 'overwrite', target: picked, what, message })
        setStage({ kind: 'choose', target: picked, preview: null })
        onDone({ text: message, forkId: null, message: picked.text })
      })
  }

  const header = flowItems(
    [
      [{ text: 'Rewind', style: { color: 'cyan', bold: true } }],
      [
        {
          text:
            stage.kind === 'messages'
              ? 'to before which message? newest first'
              : `to before “${stage.target.text.split('\n')[0]?.slice(0, 60) ?? ''}”`,
          style: { dim: true },
        },
      ],
    ],
    inner,
  )
  let body: StyledLine[]
  let hints: string[]
  let count: number
  if (stage.kind === 'messages') {
    count = messages.length
    body = choiceLines(
      messages.map((m) => ({ label: safeSpans(m.text.split('\n')[0] ?? '') })),
      cursor,
      inner,
      { maxRowsEach: 1 },
    )
    hints = ['↑↓ move', 'Enter choose', 'Esc back']
  } else if (stage.kind === 'choose') {
    count = CHOICES.length
    body = [
      ...previewLines(stage.preview),
      [],
      ...choiceLines(
        CHOICES.map((c) => ({ label: [{ text: RESTORE_LABELS[c] }] })),
        cursor,
        inner,
      ),
    ]
    hints = ['↑↓ or 1–3 pick', 'Enter restore', 'Esc back']
  } else {
    count = 0
    body = [[{ text: stage.message, style: { color: 'yellow' } }]]
    hints = ['Enter overwrite and restore', 'Esc back']
  }
  const footer = flowItems(
    (working ? ['Rewinding…'] : hints).map((h) => [{ text: h, style: { dim: true } }]),
    inner,
  )
  const layout = layoutFrame({ header, body, footer }, maxRows, { keys: '↑↓ scroll' })

  useFocusedKeys((input, key, pasted) => {
    if (pasted || working) return
    if (key.escape) {
      if (stage.kind === 'messages') return onClose()
      setCursor(0)
      return setStage({ kind: 'messages' })
    }
    if (key.upArrow) return setCursor((c) => Math.max(0, c - 1))
    if (key.downArrow) return setCursor((c) => Math.min(Math.max(0, count - 1), c + 1))
    const digit = Number(input)
    if (stage.kind === 'choose' && digit >= 1 && digit <= CHOICES.length) setCursor(digit - 1)
    if (!key.return && !(stage.kind === 'choose' && digit >= 1 && digit <= CHOICES.length)) return
    if (stage.kind === 'messages') {
      const picked = messages[cursorRef.current]
      if (!picked) return
      setCursor(0)
      return setStage({ kind: 'choose', target: picked, preview: null })
    }
    if (stage.kind === 'overwrite') return restore(stage.target, stage.what, true)
    const what = CHOICES[digit >= 1 && digit <= CHOICES.length ? digit - 1 : cursorRef.current]
    if (what) restore(stage.target, what, false)
  })

  return <PromptFrame color="cyan" width={width} lines={layout.lines} />
}
