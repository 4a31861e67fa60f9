import { Box, Text, type TextProps } from 'ink'
import { useContext } from 'react'
import { ColorsContext } from './colors'
import { HyperlinksContext, hyperlinkText } from './hyperlinks'
import type { SpanStyle, StyledLine } from './styled-text'

const inkStyle = (style: SpanStyle | undefined, colors: boolean): TextProps =>
  style
    ? {
        ...(style.color !== undefined && colors ? { color: style.color } : {}),
        ...(style.bold ? { bold: true } : {}),
        ...(style.italic ? { italic: true } : {}),
        ...(style.underline ? { underline: true } : {}),
        ...(style.strikethrough ? { strikethrough: true } : {}),
        ...(style.dim ? { dimColor: true } : {}),
        ...(style.inverse ? { inverse: true } : {}),
      }
    : {}

/**
 * Rows that were wrapped before rendering (see `styled-text.ts`): one `Text` per row, which ink
 * never wraps again, so the box is exactly `lines.length` rows tall. An empty row still takes its
 * row. Spans with a `link` are hyperlinks where the terminal shows them.
 */
export function StyledLines({ lines }: { lines: readonly StyledLine[] }) {
  const colors = useContext(ColorsContext)
  const hyperlinks = useContext(HyperlinksContext)
  return (
    <Box flexDirection="column" flexShrink={0}>
      {lines.map((line, i) => (
        <Text key={i} wrap="truncate-end">
          {line.length === 0
            ? ' '
            : line.map((span, j) => (
                <Text key={j} {...inkStyle(span.style, colors)}>
                  {hyperlinks && span.style?.link !== undefined
                    ? hyperlinkText(span.text, span.style.link)
                    : span.text}
                </Text>
              ))}
        </Text>
      ))}
    </Box>
  )
}
