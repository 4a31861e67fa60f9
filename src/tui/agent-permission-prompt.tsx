import { useState } from 'react'
import { useRefState } from './use-ref-state'
import type { AgentPermissionInteraction, AgentPermissionOption } from '../shared/interactions'
import { askerName } from '../shared/interaction-words'
import { agentPermissionHeadline } from '../shared/agent-permission-headline'
import { choiceLines } from './choice-lines'
import { detailLines } from './detail-lines'
import { formatSince } from '../shared/format-time'
import { useFocusedKeys } from './key-router'
import { ARMING_HINT, FRAME_COLUMNS, PromptFrame, layoutFrame } from './prompt-frame'
import {
  flowItems,
  prefixLines,
  safeSpans,
  wrapSpans,
  type SpanStyle,
  type StyledLine,
} from './styled-text'
import type { TuiBridge } from './tui-bridge'
import { PROMPT_ARMING_MS } from '../shared/prompt-arming'
import { useArmed } from '../ui-common/use-armed'
import { useSettle } from './use-settle'
import { linkTarget } from './hyperlinks'
import { openInBrowser } from '../main/runtime/mcp/oauth/open-browser'
import type { LinkRequest } from '../shared/link-request'

/** The prompt's heading for a page an asker wants opened. */
function linkHeading(asker: string, link: LinkRequest): string {
  switch (link.purpose) {
    case 'sign_in':
      return `${asker} wants you to sign in at ${link.host}`
    case 'open':
      return `${asker} wants you to open a page at ${link.host}`
    case 'waiting':
      return `Waiting for ${asker}… (finish in your browser)`
  }
}

const OPTION_STYLE: Record<AgentPermissionOption['kind'], SpanStyle> = {
  allow_once: {},
  allow_always: {},
  reject_once: { color: 'red' },
  reject_always: { color: 'red' },
}

/**
 * An ACP agent's permission request: one numbered choice per option the agent offers, named
 * exactly as the agent named it, confirmed with Enter and sent back by its id. Esc picks the
 * agent's "reject once" when it offers one. An orphaned request (the agent is gone) can only be
 * dismissed.
 */
export function AgentPermissionPrompt({
  interaction,
  bridge,
  moreWaiting,
  width,
  maxRows,
}: {
  interaction: AgentPermissionInteraction
  bridge: TuiBridge
  moreWaiting: number
  width: number
  maxRows: number
}) {
  const { requestId, options, orphaned } = interaction
  const armed = useArmed(PROMPT_ARMING_MS)
  const { busy, error, settle } = useSettle()
  const [cursor, setCursor, cursorRef] = useRefState(0)
  const [scroll, setScroll] = useState(0)
  const [openedAt] = useState(() => Date.now())
  const inner = width - FRAME_COLUMNS
  const asker = askerName(interaction.source)

  const header = flowItems(
    [
      [
        {
          text: interaction.link
            ? linkHeading(asker, interaction.link)
            : interaction.signIn
              ? `${asker} needs a sign-in`
              : `${asker} asks permission`,
          style: { color: 'yellow', bold: true },
        },
      ],
      ...(interaction.toolKind ? [[{ text: interaction.toolKind, style: { bold: true } }]] : []),
      ...(moreWaiting > 0
        ? [[{ text: `${moreWaiting} more waiting`, style: { color: 'yellow' } }]]
        : []),
    ],
    inner,
  )
  if (interaction.recovered)
    header.push(
      ...wrapSpans(
        [
          {
            text: `Waiting since ${formatSince(interaction.createdAt, openedAt)} (asked before a restart)`,
            style: { color: 'yellow' },
          },
        ],
        inner,
      ),
    )
  // What runs leads (the command, whatever the title says); a title saying else follows, dim.
  const headline = agentPermissionHeadline(interaction)
  const body: StyledLine[] = wrapSpans(safeSpans(headline.code, { bold: true }), inner)
  if (headline.caption !== undefined)
    body.push(...wrapSpans(safeSpans(headline.caption, { dim: true }), inner))
  const titleRows = body.length
  for (const location of interaction.locations)
    body.push(...wrapSpans(safeSpans(`• ${location}`), inner))
  if (interaction.link) {
    // The page as an OSC 8 link where the terminal has them, its host spelled out, its warnings.
    const target = linkTarget(interaction.link.url)
    body.push(
      ...wrapSpans(
        [{ text: interaction.link.url, style: target ? { link: target, underline: true } : {} }],
        inner,
      ),
      ...wrapSpans([{ text: `host: ${interaction.link.host}`, style: { bold: true } }], inner),
    )
    for (const warning of interaction.link.warnings)
      body.push(...wrapSpans([{ text: `! ${warning}`, style: { color: 'yellow' } }], inner))
  } else if (interaction.detail.trim() !== '') {
    const gutter: StyledLine = [{ text: '│ ', style: { dim: true } }]
    body.push(...prefixLines(detailLines(interaction.detail, inner - 2, 'patch'), gutter, gutter))
  }

  const optionRows = (maxRowsEach: number) =>
    choiceLines(
      options.map((option) => ({
        label: safeSpans(option.name, OPTION_STYLE[option.kind]),
      })),
      cursor,
      inner,
      { maxRowsEach },
    )
  const footer: StyledLine[] = orphaned
    ? wrapSpans(
        [
          {
            text: `${asker} is no longer running: this request cannot be answered.`,
            style: { color: 'yellow' },
          },
        ],
        inner,
      )
    : optionRows(2)
  // A short terminal: one header row, the highlighted option and one row of keys.
  const compactFooter: StyledLine[] = [
    ...(orphaned ? footer.slice(0, 1) : optionRows(1).slice(cursor, cursor + 1)),
    ...(error ? wrapSpans([{ text: error, style: { color: 'red' } }], inner).slice(0, 1) : []),
  ]
  if (error) footer.push(...wrapSpans([{ text: error, style: { color: 'red' } }], inner))
  const reject = options.find((o) => o.kind === 'reject_once')
  const hints = !armed
    ? [ARMING_HINT]
    : busy
      ? ['Sending…']
      : orphaned
        ? ['x dismiss']
        : [
            `↑↓ or 1–${options.length} choose`,
            'Enter confirm',
            ...(reject ? [`Esc ${reject.name}`] : []),
            ...(interaction.recovered ? ['x dismiss'] : []),
          ]
  const hintRows = (maxLines: number) =>
    flowItems(
      hints.map((h) => [{ text: h, style: { dim: true } }]),
      inner,
      { maxLines },
    )
  footer.push(...hintRows(2))
  compactFooter.push(...hintRows(1))
  const layout = layoutFrame(
    { header, body, footer, compact: { header: header.slice(0, 1), footer: compactFooter } },
    maxRows,
    { top: scroll, pinHead: titleRows, pinTail: 2 },
  )

  const choose = (option: AgentPermissionOption | undefined) => {
    if (!option) return
    // The page opens from the person's choice, in $BROWSER or the system's browser.
    if (interaction.link && option.optionId === 'open')
      void openInBrowser(interaction.link.url, { fallback: true })
    settle(() => bridge.respondToAgentPermission({ requestId, optionId: option.optionId }))
  }
  useFocusedKeys((input, key, pasted) => {
    if (!armed || pasted || key.ctrl || key.meta) return
    if (key.pageUp || key.pageDown) {
      const page = layout.page
      const by = key.pageUp ? -page : page
      setScroll((s) => Math.min(layout.maxTop, Math.max(0, Math.min(s, layout.maxTop) + by)))
    } else if (input === 'x' && (orphaned || interaction.recovered))
      settle(() => bridge.dismissInteraction({ requestId }))
    else if (orphaned) return
    else if (key.upArrow) setCursor((c) => Math.max(0, c - 1))
    else if (key.downArrow) setCursor((c) => Math.min(options.length - 1, c + 1))
    else if (/^[1-9]$/.test(input) && Number(input) <= options.length) {
      // A number chooses, as in a question and Parley's own permission prompt.
      setCursor(Number(input) - 1)
      choose(options[Number(input) - 1])
    } else if (key.return) choose(options[cursorRef.current])
    else if (key.escape) choose(reject)
  }, !busy)

  return <PromptFrame color="yellow" width={width} lines={layout.lines} />
}
