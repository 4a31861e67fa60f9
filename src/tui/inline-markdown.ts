/** A run of assistant text with the emphasis the terminal can show. */
export interface MarkdownRun {
  text: string
  bold?: true
  code?: true
}

const INLINE = /(\*\*[^*\n]+\*\*|`[^`\n]+`)/

/**
 * The little Markdown a terminal can show without a renderer: `**bold**`, `` `code` `` and
 * `# headings` (shown bold, without the hashes). Everything else, lists and fences included,
 * stays as written, which already reads well in a terminal.
 */
export function inlineMarkdown(text: string): MarkdownRun[] {
  const runs: MarkdownRun[] = []
  const lines = text.split('\n')
  lines.forEach((line, index) => {
    const newline = index < lines.length - 1 ? '\n' : ''
    const heading = /^#{1,6}\s+(.*)$/.exec(line)
    if (heading) {
      runs.push({ text: heading[1] ?? '', bold: true })
      if (newline) runs.push({ text: newline })
      return
    }
    for (const part of line.split(INLINE)) {
      if (part === '') continue
      if (part.length > 4 && part.startsWith('**') && part.endsWith('**'))
        runs.push({ text: part.slice(2, -2), bold: true })
      else if (part.length > 2 && part.startsWith('`') && part.endsWith('`'))
        runs.push({ text: part.slice(1, -1), code: true })
      else runs.push({ text: part })
    }
    if (newline) runs.push({ text: newline })
  })
  return runs
}
