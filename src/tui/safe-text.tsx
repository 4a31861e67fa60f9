import { Text, type TextProps } from 'ink'
import { inlineMarkdown } from './inline-markdown'
import { visibleSegments } from './visible-text'

/**
 * Text from a model, a tool or a log, with hidden characters (escape sequences, bidi overrides,
 * zero-width spaces) shown as highlighted escapes instead of reaching the terminal.
 */
export function SafeText({ children, ...props }: { children: string } & TextProps) {
  return (
    <Text {...props}>
      {visibleSegments(children).map((segment, i) =>
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
        <SafeText key={i} bold={run.bold ?? false} {...(run.code ? { color: 'cyan' } : {})}>
          {run.text}
        </SafeText>
      ))}
    </Text>
  )
}
