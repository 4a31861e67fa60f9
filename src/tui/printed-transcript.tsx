import { Box, Static } from 'ink'
import { StyledLines } from './styled-lines'
import { lineWidth } from './styled-text'
import { itemLines } from './transcript-lines'
import { continuedLines, type PrintedBlock } from './transcript-print'

/** What of the transcript settled: printed once into the scrollback, never redrawn. */
export function PrintedTranscript({
  sessionId,
  blocks,
  width,
}: {
  sessionId: string
  blocks: PrintedBlock[]
  width: number
}) {
  return (
    <Static key={sessionId} items={blocks}>
      {(block) => {
        const lines = continuedLines(itemLines(block.item, width), block.continued === true)
        // A row wider than the screen (a long link kept whole) is printed whole: the
        // terminal wraps it softly, so it copies as one.
        const widest = Math.max(width, ...lines.map(lineWidth))
        return (
          <Box key={block.key} width={widest} flexShrink={0}>
            <StyledLines lines={lines} />
          </Box>
        )
      }}
    </Static>
  )
}
