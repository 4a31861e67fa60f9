import type { Key } from 'ink'
import { useMemo, useState } from 'react'
import { useBeforeExit } from './exit-guard'
import { formLines } from './form-lines'
import {
  draftWithTyping,
  startFormPrompt,
  stepFormPrompt,
  type FormContext,
} from './form-prompt-state'
import type { FormTarget } from './form-targets'
import { formatSince } from '../shared/format-time'
import { useFocusedKeys } from './key-router'
import { ARMING_HINT, FRAME_COLUMNS, PromptFrame, layoutFrame } from './prompt-frame'
import { useDraftSaver } from './use-draft-saver'
import { PROMPT_ARMING_MS } from '../shared/prompt-arming'
import { useArmed } from '../ui-common/use-armed'
import { useRefState } from './use-ref-state'
import { useSettle } from './use-settle'

/** The input is typed text: no special key, no Ctrl or Alt. */
const isPlain = (key: Key) =>
  !(
    key.ctrl ||
    key.meta ||
    key.return ||
    key.escape ||
    key.tab ||
    key.backspace ||
    key.delete ||
    key.upArrow ||
    key.downArrow ||
    key.leftArrow ||
    key.rightArrow ||
    key.pageUp ||
    key.pageDown ||
    key.home ||
    key.end
  )

/**
 * A form in the terminal: an ACP agent's or MCP server's elicitation, or AskUserQuestion as the
 * form preset. Every field type with the same checks and messages as the desktop tray (one shared
 * form state), Submit / Decline / Cancel always on screen (Cancel asks before throwing edits
 * away), the draft saved as it changes so a restart comes back to the same place (and "Other"
 * text being typed is kept when the client quits). It ignores keys for a moment after it appears,
 * so type-ahead never answers it, and fits in `maxRows`: the header (asker, progress, question
 * tabs) and the buttons and keys stay, the fields scroll to keep the highlighted row in view
 * (PgUp/PgDn scroll by hand). Mount it with `key={requestId}`.
 */
export function FormPrompt({
  target,
  moreWaiting,
  width,
  maxRows,
}: {
  target: FormTarget
  moreWaiting: number
  width: number
  maxRows: number
}) {
  const { spec, buttons } = target
  const context: FormContext = useMemo(() => ({ spec, buttons }), [spec, buttons])
  const [state, setState, stateRef] = useRefState(() => startFormPrompt(context, target.draft))
  const [scroll, setScroll] = useState<{ top: number; follow: boolean }>({ top: 0, follow: true })
  const [openedAt] = useState(() => Date.now())
  const armed = useArmed(PROMPT_ARMING_MS)
  const { busy, error, settle } = useSettle()
  const saver = useDraftSaver(target.saveDraft)
  const inner = width - FRAME_COLUMNS

  // Quitting keeps what was filled in, "Other" text still being typed included.
  useBeforeExit(async () => {
    const typing = draftWithTyping(spec, stateRef.current)
    if (typing !== stateRef.current.draft) saver.schedule(typing)
    await saver.flush()
  })

  const parts = formLines(
    context,
    state,
    {
      asker: target.asker,
      title: target.title,
      ...(target.tabs ? { tabs: target.tabs } : {}),
      moreWaiting,
      waitingSince: target.recovered
        ? `Waiting since ${formatSince(target.createdAt, openedAt)} (asked before a restart)`
        : null,
      orphaned: target.orphaned,
      status: !armed ? ARMING_HINT : busy ? 'Sending…' : null,
      error,
    },
    inner,
    maxRows,
  )
  // The highlighted row's whole field stays in view when it fits the rows the body gets; a
  // field taller than that keeps at least the highlighted row in view.
  const bodyRows = layoutFrame(parts, maxRows).bodyRows
  const focus =
    parts.focus &&
    (parts.focus.field[1] - parts.focus.field[0] <= bodyRows ? parts.focus.field : parts.focus.row)
  const layout = layoutFrame(parts, maxRows, {
    top: scroll.top,
    pinHead: parts.lead,
    ...(scroll.follow && focus ? { focus } : {}),
    keys: 'PgUp/PgDn scroll',
  })

  useFocusedKeys((input, key, pasted) => {
    if (!armed) return
    if (key.pageUp || key.pageDown) {
      const page = layout.page
      const top = Math.min(layout.maxTop, Math.max(0, layout.top + (key.pageUp ? -page : page)))
      setScroll({ top, follow: false })
      return
    }
    // Keys typed together ("23", "a b" from a fast typist or tmux) count one by one: "2" picks
    // and "3" picks next, never the text "23" that no row understands.
    const presses = !pasted && isPlain(key) ? [...input] : [input]
    for (const press of presses) {
      const before = stateRef.current
      const step = stepFormPrompt(context, before, press, key, pasted)
      if (step.state !== before) {
        setState(step.state)
        setScroll({ top: layout.top, follow: true })
      }
      if (step.action) {
        const action = step.action
        saver.drop()
        settle(() => target.act(action))
        return
      }
      if (step.draftChanged) saver.schedule(step.state.draft)
    }
  }, !busy)

  return <PromptFrame color="magenta" width={width} lines={layout.lines} />
}
