/** The marker the last line of a generated reply ends with, to see when it is on screen. */
export const END_MARKER = 'END-OF-REPLY-MARKER'

const LANGUAGES = ['ts', 'python', 'bash', 'json', 'go', 'rust', 'sql', 'yaml']

/** One section of mixed markdown: heading, prose with inline marks, a list, code, a table. */
function section(n: number): string {
  const language = LANGUAGES[n % LANGUAGES.length] as string
  return [
    `## Section ${n}: what changed in module ${n}`,
    '',
    `The **module ${n}** now retries with _exponential backoff_; see \`retry(${n})\` and the [design note](https://example.com/notes/${n}). It keeps the old behaviour behind a flag until every caller moved.`,
    '',
    `- first, the fetcher in \`src/fetch-${n}.ts\` asks for a lease`,
    `- then it renews the lease every ${(n % 7) + 3} seconds`,
    '- finally it releases it, even on error',
    '',
    '```' + language,
    `function retry${n}(attempt) {`,
    `  const delay = Math.min(30000, 250 * 2 ** attempt) // attempt ${n}`,
    '  return new Promise((resolve) => setTimeout(resolve, delay))',
    '}',
    '```',
    '',
    '| Service | Downtime | Owner |',
    '| --- | ---: | --- |',
    `| gateway-${n} | ${n % 13} min | platform |`,
    `| search-${n} | ${n % 5} min | discovery |`,
    '',
  ].join('\n')
}

/** About `bytes` of reply text made of markdown sections, ending with END_MARKER. */
export function mixedMarkdown(bytes: number): string {
  const parts: string[] = []
  let size = 0
  for (let n = 0; size < bytes; n++) {
    const part = section(n)
    parts.push(part)
    size += part.length + 1
  }
  parts.push(`The last line of the reply. ${END_MARKER}`)
  return parts.join('\n')
}

/** A reply of `lines` short markdown lines (paragraphs, list items, some code), ending with END_MARKER. */
export function lineReply(lines: number): string {
  const out: string[] = []
  for (let i = 0; i < lines; i++) {
    if (i % 20 === 10) out.push('```ts', `const line${i} = compute(${i})`, '```')
    else if (i % 5 === 0)
      out.push('', `Paragraph ${i}: the model explains **one** more step of the plan.`)
    else out.push(`- item ${i}: \`value-${i}\` is checked before use`)
  }
  out.push('', `Done. ${END_MARKER}`)
  return out.join('\n')
}
