import type { FormInteraction } from '../shared/interactions'
import { askerName } from '../shared/interactions'
import { useFocusedKeys } from './key-router'
import { FRAME_COLUMNS, PromptFrame, layoutFrame } from './prompt-frame'
import { flowItems, safeSpans, wrapSpans, type StyledLine } from './styled-text'
import type { TuiBridge } from './tui-bridge'
import { ARMING_HINT, usePromptArming } from './use-prompt-arming'
import { useSettle } from './use-settle'

/**
 * A form from an ACP agent or an MCP server. The terminal cannot fill it in yet: it says so,
 * shows what is asked, and offers what needs no form (decline, cancel; dismiss when the asker is
 * gone), so the request is never hidden behind an empty message box.
 */
export function FormNotice({
  interaction,
  bridge,
  moreWaiting,
  width,
  maxRows,
}: {
  interaction: FormInteraction
  bridge: TuiBridge
  moreWaiting: number
  width: number
  maxRows: number
}) {
  const { requestId, orphaned, form } = interaction
  const armed = usePromptArming()
  const { busy, error, settle } = useSettle()
  const inner = width - FRAME_COLUMNS
  const asker = askerName(interaction.source)
  const header = flowItems(
    [
      [{ text: `${asker} asks you to fill in a form`, style: { color: 'magenta', bold: true } }],
      ...(moreWaiting > 0
        ? [[{ text: `${moreWaiting} more waiting`, style: { color: 'yellow' } }]]
        : []),
    ],
    inner,
  )
  const body: StyledLine[] = [
    ...wrapSpans(safeSpans(form.message), inner),
    ...form.fields.flatMap((field) =>
      wrapSpans(safeSpans(`• ${field.title}`, { dim: true }), inner),
    ),
  ]
  const footer: StyledLine[] = wrapSpans(
    [
      {
        text: orphaned
          ? `${asker} is no longer waiting for this form. Open it in the desktop or web app (parley serve) to send it as a message, or dismiss it here.`
          : 'The terminal client cannot fill in forms yet: answer it in the desktop or web app (parley serve), or decline it here.',
        style: { color: 'yellow' },
      },
    ],
    inner,
  )
  if (error) footer.push(...wrapSpans([{ text: error, style: { color: 'red' } }], inner))
  const hints = !armed
    ? [ARMING_HINT]
    : busy
      ? ['Sending…']
      : orphaned
        ? ['x dismiss']
        : ['d decline', 'c cancel']
  footer.push(
    ...flowItems(
      hints.map((h) => [{ text: h, style: { dim: true } }]),
      inner,
      { maxLines: 2 },
    ),
  )
  const layout = layoutFrame({ header, body, footer }, maxRows)

  useFocusedKeys((input, key, pasted) => {
    if (!armed || pasted || key.ctrl || key.meta) return
    if (orphaned) {
      if (input === 'x') settle(() => bridge.dismissInteraction({ requestId }))
    } else if (input === 'd')
      settle(() => bridge.respondToForm({ requestId, response: { action: 'decline' } }))
    else if (input === 'c')
      settle(() => bridge.respondToForm({ requestId, response: { action: 'cancel' } }))
  }, !busy)

  return <PromptFrame color="magenta" width={width} lines={layout.lines} />
}
