import type { BridgeOutput } from '../shared/bridge'
import { choiceLines } from './choice-lines'
import { useFocusedKeys } from './key-router'
import { ARMING_HINT, FRAME_COLUMNS, PromptFrame, layoutFrame } from './prompt-frame'
import { flowItems, prefixLines, safeSpans, wrapSpans, type StyledLine } from './styled-text'
import { PROMPT_ARMING_MS } from '../shared/prompt-arming'
import { useArmed } from '../ui-common/use-armed'
import { useRefState } from './use-ref-state'

/** A workspace `.mcp.json` whose servers wait for the person's approval. */
export type McpApproval = NonNullable<BridgeOutput<'listMcpServers'>['pendingApproval']>

const CHOICES = [
  { label: [{ text: 'Yes, start them for this workspace' }] },
  { label: [{ text: 'Not now' }] },
]

/**
 * Asked once when a workspace's own `.mcp.json` would start programs: what would start (each
 * server's command line or URL, in full), then 1 Yes / 2 Not now confirmed with Enter. A cloned
 * repository must not start programs by itself, so typed-ahead keys are ignored for a moment and
 * a paste or a single letter never approves.
 */
export function McpApprovalPrompt({
  approval,
  width,
  maxRows,
  onAnswer,
}: {
  approval: McpApproval
  width: number
  maxRows: number
  onAnswer: (approve: boolean) => void
}) {
  const armed = useArmed(PROMPT_ARMING_MS)
  const [cursor, setCursor, cursorRef] = useRefState(0)
  const inner = width - FRAME_COLUMNS
  const header = flowItems(
    [
      [{ text: 'Start MCP servers?', style: { color: 'yellow', bold: true } }],
      safeSpans(approval.file, { dim: true }),
    ],
    inner,
  )
  const body: StyledLine[] = [
    ...wrapSpans(
      [
        {
          text: `This workspace's MCP configuration would start ${approval.servers.length === 1 ? 'this program' : `these ${approval.servers.length} programs`} with your permissions:`,
        },
      ],
      inner,
    ),
    ...approval.servers.flatMap((server) =>
      prefixLines(
        wrapSpans(
          [...safeSpans(server.name, { bold: true }), ...safeSpans(`: ${server.summary}`)],
          inner - 2,
          { mode: 'verbatim' },
        ),
        [{ text: '• ' }],
      ),
    ),
  ]
  const footer: StyledLine[] = [
    ...choiceLines(CHOICES, cursor, inner),
    ...flowItems(
      (armed ? ['↑↓ or 1–2 choose', 'Enter confirm', 'Esc not now'] : [ARMING_HINT]).map((h) => [
        { text: h, style: { dim: true } },
      ]),
      inner,
      { maxLines: 2 },
    ),
  ]
  const layout = layoutFrame({ header, body, footer }, maxRows, { pinTail: 2 })

  useFocusedKeys((input, key, pasted) => {
    if (!armed || pasted || key.ctrl || key.meta) return
    if (key.upArrow) setCursor(0)
    else if (key.downArrow) setCursor(1)
    else if (input === '1' || input === '2') setCursor(Number(input) - 1)
    else if (key.return) onAnswer(cursorRef.current === 0)
    else if (key.escape) onAnswer(false)
  })

  return <PromptFrame color="yellow" width={width} lines={layout.lines} />
}
