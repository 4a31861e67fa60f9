import { Box, Text } from 'ink'
import type { PermissionMode } from '../shared/permission'

const MODE_COLOR: Record<PermissionMode, string> = {
  explore: 'blue',
  ask: 'green',
  execute: 'yellow',
  bypass: 'red',
}

/**
 * Mode, model and workspace, then the keys that work right now. When they do not fit on one
 * line the workspace gets its own, cut from the left so its last folders stay readable.
 */
export function Footer({
  mode,
  backendLabel,
  workspace,
  hints,
  width,
}: {
  mode: PermissionMode
  backendLabel: string
  workspace: string
  hints: string
  width: number
}) {
  const inner = width - 2
  const oneLine = [...`${mode} · ${backendLabel} · ${workspace}`].length <= inner
  return (
    <Box width={width} flexDirection="column" paddingX={1}>
      <Text wrap="truncate-end">
        <Text color={MODE_COLOR[mode]} bold>
          {mode}
        </Text>
        <Text dimColor> · </Text>
        <Text>{backendLabel}</Text>
        {oneLine ? <Text dimColor> · </Text> : null}
        {oneLine ? <Text>{workspace}</Text> : null}
      </Text>
      {oneLine ? null : <Text wrap="truncate-start">{workspace}</Text>}
      <Text dimColor wrap="truncate-end">
        {hints}
      </Text>
    </Box>
  )
}
