import { Box, Text } from 'ink'
import type { PermissionMode } from '../shared/permission'

const MODE_COLOR: Record<PermissionMode, string> = {
  explore: 'blue',
  ask: 'green',
  execute: 'yellow',
  bypass: 'red',
}

/** Mode, model and workspace, then the keys that work right now. */
export function Footer({
  mode,
  backendLabel,
  workspace,
  hints,
  width,
}: {
  mode: PermissionMode | null
  backendLabel: string
  workspace: string
  hints: string
  width: number
}) {
  return (
    <Box width={width} flexDirection="column" paddingX={1}>
      <Text wrap="truncate-middle">
        {mode ? (
          <Text color={MODE_COLOR[mode]} bold>
            {mode}
          </Text>
        ) : null}
        <Text dimColor> · </Text>
        <Text>{backendLabel}</Text>
        <Text dimColor> · </Text>
        <Text>{workspace}</Text>
      </Text>
      <Text dimColor wrap="truncate-end">
        {hints}
      </Text>
    </Box>
  )
}
