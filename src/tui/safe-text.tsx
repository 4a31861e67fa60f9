import { Text, type TextProps } from 'ink'
import type { InvisibleMode } from '../shared/reveal-invisibles'
import { visibleSegments } from './visible-text'

/**
 * Text from a model, a tool or a log, with hidden characters (escape sequences, bidi overrides,
 * zero-width spaces) shown as highlighted escapes instead of reaching the terminal.
 */
export function SafeText({
  children,
  mode = 'code',
  ...props
}: { children: string; mode?: InvisibleMode } & TextProps) {
  return (
    <Text {...props}>
      {visibleSegments(children, mode).map((segment, i) =>
        segment.hidden ? (
          <Text key={i} inverse color="red">
            {segment.text}
          </Text>
        ) : (
          segment.text
        ),
      )}
    </Text>
  )
}
