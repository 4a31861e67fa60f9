import { Box, Text } from 'ink'
import { MarkdownText, SafeText } from './safe-text'
import type { StreamingText, ToolStatus, TranscriptEntry } from './transcript-state'

const STATUS: Record<ToolStatus, { mark: string; color: string; label: string }> = {
  running: { mark: '…', color: 'yellow', label: 'running' },
  ok: { mark: '✓', color: 'green', label: 'ok' },
  error: { mark: '✗', color: 'red', label: 'error' },
}

/** One transcript block. Tool calls stay on one line, cut at the terminal's width. */
export function TranscriptEntryView({ entry, width }: { entry: TranscriptEntry; width: number }) {
  switch (entry.kind) {
    case 'user':
      return (
        <Box width={width} marginTop={1}>
          <Text color="cyan" bold>
            {'› '}
          </Text>
          <Box flexGrow={1} flexShrink={1}>
            <SafeText bold>{entry.text}</SafeText>
          </Box>
        </Box>
      )
    case 'assistant':
      return (
        <Box width={width} paddingLeft={2}>
          <MarkdownText>{entry.text}</MarkdownText>
        </Box>
      )
    case 'tool': {
      const status = STATUS[entry.status]
      const tail = [entry.decision, entry.result].filter(Boolean).join(' · ')
      return (
        <Box width={width} paddingLeft={2}>
          <Text wrap="truncate-end">
            <Text color={status.color}>{status.mark} </Text>
            <Text bold>{entry.tool}</Text>
            <Text> {entry.summary}</Text>
            <Text color={status.color}> {status.label}</Text>
            {tail ? <Text dimColor> · {tail}</Text> : null}
          </Text>
        </Box>
      )
    }
    case 'note':
      return (
        <Box width={width} paddingLeft={2}>
          <SafeText {...(entry.tone === 'error' ? { color: 'red' } : { dimColor: true })}>
            {entry.text}
          </SafeText>
        </Box>
      )
  }
}

/** The step whose text is still arriving. */
export function StreamingView({ streaming, width }: { streaming: StreamingText; width: number }) {
  return (
    <Box width={width} paddingLeft={2}>
      <MarkdownText>{streaming.text}</MarkdownText>
    </Box>
  )
}
