import { Box, Text } from 'ink'
import { composerLines, type ComposerState } from './composer-state'
import { useFocusedKeys, type KeyHandler } from './key-router'
import { showHidden } from './visible-text'

/** How many draft lines are shown at once; the window follows the cursor. */
const VISIBLE_LINES = 6

/**
 * The message box: the draft with a block cursor, or a placeholder when empty. It takes the keys
 * while it is on screen; the draft itself lives with the caller, so it survives a prompt taking
 * the box's place.
 */
export function Composer({
  state,
  width,
  onKey,
}: {
  state: ComposerState
  width: number
  onKey: KeyHandler
}) {
  useFocusedKeys(onKey)
  const { lines, line, column } = composerLines(state)
  const first = Math.max(0, Math.min(line - VISIBLE_LINES + 1, lines.length - VISIBLE_LINES))
  const shown = lines.slice(first, first + VISIBLE_LINES)
  return (
    <Box width={width} borderStyle="round" borderDimColor paddingX={1} flexDirection="column">
      {state.text === '' ? (
        <Text>
          <Text color="cyan">{'› '}</Text>
          <Text inverse dimColor>
            M
          </Text>
          <Text dimColor>essage</Text>
        </Text>
      ) : (
        shown.map((text, i) => {
          const index = first + i
          const prefix = index === 0 ? '› ' : '  '
          if (index !== line)
            return (
              <Text key={index}>
                <Text color="cyan">{prefix}</Text>
                {showHidden(text)}
              </Text>
            )
          const chars = [...text.slice(0, column)]
          const after = [...text.slice(column)]
          return (
            <Text key={index}>
              <Text color="cyan">{prefix}</Text>
              {showHidden(chars.join(''))}
              <Text inverse>{showHidden(after[0] ?? ' ')}</Text>
              {showHidden(after.slice(1).join(''))}
            </Text>
          )
        })
      )}
      {lines.length > VISIBLE_LINES ? (
        <Text dimColor>
          line {line + 1} of {lines.length}
        </Text>
      ) : null}
    </Box>
  )
}
