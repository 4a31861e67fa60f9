import { Box } from 'ink'
import type { ComposerState } from './composer-state'
import { useFocusedKeys, type KeyHandler } from './key-router'
import { StyledLines } from './styled-lines'
import { truncateLine, type StyledLine } from './styled-text'
import { editorRows } from './text-editor'

/** Columns the message box's border and padding take. */
const BOX_COLUMNS = 4
const PROMPT_MARK = { text: '› ', style: { color: 'cyan' } } as const

/**
 * The rows inside the message box: the draft wrapped to the box (a wrapped line keeps its
 * indent), scrolled to the cursor when it is taller than `maxRows`, with a "line a of N" row
 * then; or the placeholder while the draft is empty.
 */
export function composerRows(
  state: ComposerState,
  width: number,
  maxRows: number,
  placeholder = 'Message',
): StyledLine[] {
  const inner = width - BOX_COLUMNS
  if (state.editor.text === '')
    return [
      truncateLine(
        [
          PROMPT_MARK,
          { text: placeholder.slice(0, 1), style: { inverse: true, dim: true } },
          { text: placeholder.slice(1), style: { dim: true } },
        ],
        inner,
      ),
    ]
  const fit = editorRows(state.editor, inner, { maxRows, prefix: PROMPT_MARK, reveal: 'prose' })
  if (fit.total <= maxRows) return fit.lines
  const shown = editorRows(state.editor, inner, {
    maxRows: Math.max(1, maxRows - 1),
    prefix: PROMPT_MARK,
    reveal: 'prose',
  })
  return [
    ...shown.lines,
    [
      {
        text: `rows ${shown.first + 1}–${shown.first + shown.lines.length} of ${shown.total}`,
        style: { dim: true },
      },
    ],
  ]
}

/**
 * The message box. It takes the keys while it is on screen; the draft itself lives with the
 * caller, so it survives a prompt taking the box's place.
 */
export function Composer({
  rows,
  suggestions,
  width,
  onKey,
}: {
  rows: readonly StyledLine[]
  suggestions: readonly StyledLine[]
  width: number
  onKey: KeyHandler
}) {
  useFocusedKeys(onKey)
  return (
    <Box flexDirection="column" flexShrink={0}>
      <Box width={width} borderStyle="round" borderDimColor paddingX={1} flexDirection="column">
        <StyledLines lines={rows} />
      </Box>
      {suggestions.length > 0 ? <StyledLines lines={suggestions} /> : null}
    </Box>
  )
}
