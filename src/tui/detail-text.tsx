import { Box } from 'ink'
import { SafeText } from './safe-text'

/** A unified diff, as write_file and edit_file prompts show it. */
const looksLikeDiff = (text: string): boolean =>
  /^@@ .* @@/m.test(text) && /^(\+\+\+|---) /m.test(text)

const lineColor = (line: string): string | undefined => {
  if (line.startsWith('+++') || line.startsWith('---')) return undefined
  if (line.startsWith('+')) return 'green'
  if (line.startsWith('-')) return 'red'
  if (line.startsWith('@@')) return 'cyan'
  return undefined
}

/**
 * The full command or diff of a permission prompt, hidden characters made visible; a diff gets
 * its added and removed lines coloured.
 */
export function DetailText({ text }: { text: string }) {
  if (text === '') return <SafeText dimColor>(no details)</SafeText>
  if (!looksLikeDiff(text)) return <SafeText>{text}</SafeText>
  return (
    <Box flexDirection="column">
      {text
        .replace(/\n$/, '')
        .split('\n')
        .map((line, i) => {
          const color = lineColor(line)
          return (
            <SafeText key={i} {...(color ? { color } : {})}>
              {line === '' ? ' ' : line}
            </SafeText>
          )
        })}
    </Box>
  )
}
