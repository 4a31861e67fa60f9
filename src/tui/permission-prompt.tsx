import { Box, Text } from 'ink'
import { useState } from 'react'
import type { PermissionInteraction } from '../shared/interactions'
import type { Risk } from '../shared/permission'
import { DetailText } from './detail-text'
import { formatCountdown, formatSince } from './format-time'
import { useFocusedKeys } from './key-router'
import { SafeText } from './safe-text'
import { TailBox } from './tail-box'
import type { TuiBridge } from './tui-bridge'
import { useNow } from './use-now'
import { oneLine } from './visible-text'

/** What answering or dismissing a request comes back with. */
type SettleResult = { ok: true } | { ok: false; reason: string; message?: string | undefined }

const RISK_COLOR: Record<Risk, string> = { low: 'green', medium: 'yellow', high: 'red' }

/**
 * A permission prompt: what the tool will do, its risk, the full command or diff (hidden
 * characters made visible, scrollable when long), the keys to allow, deny or allow for the rest
 * of the turn, and the time left before it is denied on its own.
 */
export function PermissionPrompt({
  interaction,
  bridge,
  moreWaiting,
  width,
  detailRows,
}: {
  interaction: PermissionInteraction
  bridge: TuiBridge
  moreWaiting: number
  width: number
  /** Rows the command or diff may use before it scrolls. */
  detailRows: number
}) {
  const { requestId, expiresAt } = interaction
  const now = useNow(1000, expiresAt !== null)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [scroll, setScroll] = useState(0)
  const [detailHeight, setDetailHeight] = useState(0)
  const rows = Math.max(1, detailRows)
  const maxScroll = Math.max(0, detailHeight - rows)

  const settle = (call: () => Promise<SettleResult>) => {
    setBusy(true)
    setError(null)
    void call().then((result) => {
      if (result.ok) return
      setBusy(false)
      setError(result.message ?? `Not accepted (${result.reason}).`)
    })
  }
  const respond = (decision: 'allow' | 'deny', remember: boolean) =>
    settle(() => bridge.respondToPermission({ requestId, decision, remember }))

  useFocusedKeys((input, key, pasted) => {
    // A paste never answers a permission prompt.
    if (pasted) return
    if (key.upArrow || key.pageUp)
      setScroll((s) => Math.max(0, Math.min(s, maxScroll) - (key.pageUp ? rows : 1)))
    else if (key.downArrow || key.pageDown)
      setScroll((s) => Math.min(maxScroll, s + (key.pageDown ? rows : 1)))
    else if (key.ctrl || key.meta) return
    else if (input === 'y') respond('allow', false)
    else if (input === 'a') respond('allow', true)
    else if (input === 'n' || key.escape) respond('deny', false)
    else if (input === 'x' && interaction.recovered)
      settle(() => bridge.dismissInteraction({ requestId }))
  }, !busy)

  const top = Math.min(scroll, maxScroll)
  return (
    <Box width={width} flexDirection="column" borderStyle="round" borderColor="yellow" paddingX={1}>
      <Text wrap="truncate-end">
        <Text color="yellow" bold>
          Permission request
        </Text>
        <Text> · {interaction.tool}</Text>
        <Text> · risk </Text>
        <Text color={RISK_COLOR[interaction.risk]} bold>
          {interaction.risk}
        </Text>
        {expiresAt !== null ? (
          <Text dimColor> · denied in {formatCountdown(expiresAt, now)}</Text>
        ) : null}
      </Text>
      {interaction.recovered ? (
        <Text color="yellow">
          Waiting since {formatSince(interaction.createdAt, now)} (asked before a restart)
        </Text>
      ) : null}
      <SafeText bold>{interaction.summary}</SafeText>
      <Box
        borderStyle="single"
        borderLeft
        borderRight={false}
        borderTop={false}
        borderBottom={false}
        borderDimColor
        paddingLeft={1}
      >
        <TailBox maxHeight={rows} anchor="top" offset={top} onMeasure={setDetailHeight}>
          <DetailText text={interaction.detail} />
        </TailBox>
      </Box>
      {maxScroll > 0 ? (
        <Text dimColor>
          ↑↓ scroll · lines {top + 1}–{top + rows} of {detailHeight}
        </Text>
      ) : null}
      {error ? <Text color="red">{error}</Text> : null}
      {moreWaiting > 0 ? <Text color="yellow">{moreWaiting} more waiting</Text> : null}
      <Text wrap="truncate-end">
        {busy ? (
          <Text dimColor>Sending…</Text>
        ) : (
          <>
            <Text color="green">y</Text> allow · <Text color="green">a</Text> allow for this turn ·{' '}
            <Text color="red">n</Text>/Esc deny
            {interaction.recovered ? <Text> · x dismiss</Text> : null}
          </>
        )}
      </Text>
      <Text dimColor wrap="truncate-end">
        “a” remembers: {oneLine(interaction.intent)}
      </Text>
    </Box>
  )
}
