import { Text, type TextProps } from 'ink'
import { inlineMarkdown } from './inline-markdown'
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

/** Assistant text: light Markdown emphasis, hidden characters made visible. */
export function MarkdownText({ children }: { children: string }) {
  return (
    <Text>
      {inlineMarkdown(children).map((run, i) => (
        <SafeText
          key={i}
          mode={run.code ? 'code' : 'prose'}
          bold={run.bold ?? false}
          {...(run.code ? { color: 'cyan' } : {})}
        >
          {run.text}
        </SafeText>
      ))}
    </Text>
  )
}
