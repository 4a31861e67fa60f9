/** The marker the last line of a generated reply ends with, to see when it is on screen. */
export const END_MARKER = 'END-OF-REPLY-MARKER'

/** Code as each language writes it, so every grammar does its real work (keywords, strings, comments). */
const CODE: Record<string, (n: number) => string[]> = {
  ts: (n) => [
    `export async function retry${n}<T>(work: () => Promise<T>, attempts = ${(n % 5) + 3}): Promise<T> {`,
    '  for (let attempt = 0; ; attempt++) {',
    '    try {',
    '      return await work()',
    '    } catch (error: unknown) {',
    `      if (attempt >= attempts) throw new Error(\`gave up after \${attempt} tries\`, { cause: error })`,
    '      await new Promise((resolve) => setTimeout(resolve, Math.min(30_000, 250 * 2 ** attempt)))',
    '    }',
    '  }',
    '}',
  ],
  python: (n) => [
    `def retry_${n}(work, attempts: int = ${(n % 5) + 3}):`,
    '    """Runs work, backing off exponentially between failed attempts."""',
    '    for attempt in range(attempts + 1):',
    '        try:',
    '            return work()',
    '        except OSError as error:  # only transient failures are retried',
    '            if attempt == attempts:',
    `                raise RuntimeError(f"gave up after {attempt} tries") from error`,
    '            time.sleep(min(30.0, 0.25 * 2 ** attempt))',
  ],
  bash: (n) => [
    '#!/usr/bin/env bash',
    'set -euo pipefail',
    `for attempt in $(seq 1 ${(n % 5) + 3}); do`,
    `  if curl --fail --silent "https://example.com/health/${n}" > /dev/null; then`,
    '    echo "healthy after $attempt attempts"; exit 0',
    '  fi',
    '  sleep $(( 2 ** attempt ))  # back off',
    'done',
    'echo "gave up" >&2; exit 1',
  ],
  json: (n) => [
    '{',
    `  "service": "gateway-${n}",`,
    `  "retry": { "attempts": ${(n % 5) + 3}, "baseDelayMs": 250, "maxDelayMs": 30000 },`,
    '  "endpoints": ["https://a.example.com", "https://b.example.com"],',
    `  "enabled": ${n % 2 === 0 ? 'true' : 'false'},`,
    '  "owner": null',
    '}',
  ],
  go: (n) => [
    `func Retry${n}(ctx context.Context, work func() error) error {`,
    `\tfor attempt := 0; attempt < ${(n % 5) + 3}; attempt++ {`,
    '\t\tif err := work(); err == nil {',
    '\t\t\treturn nil',
    '\t\t}',
    '\t\tselect {',
    '\t\tcase <-ctx.Done():',
    '\t\t\treturn ctx.Err()',
    '\t\tcase <-time.After(time.Duration(250<<attempt) * time.Millisecond):',
    '\t\t}',
    '\t}',
    '\treturn fmt.Errorf("gave up")',
    '}',
  ],
  rust: (n) => [
    `pub fn retry_${n}<T, E>(mut work: impl FnMut() -> Result<T, E>) -> Result<T, E> {`,
    '    let mut attempt: u32 = 0;',
    '    loop {',
    '        match work() {',
    '            Ok(value) => return Ok(value),',
    `            Err(error) if attempt >= ${(n % 5) + 3} => return Err(error),`,
    '            Err(_) => std::thread::sleep(Duration::from_millis(250 << attempt)),',
    '        }',
    '        attempt += 1;',
    '    }',
    '}',
  ],
  sql: (n) => [
    `-- incidents of module ${n}, longest first`,
    'SELECT service, owner, SUM(downtime_minutes) AS downtime',
    'FROM incidents i',
    '  JOIN services s ON s.id = i.service_id',
    `WHERE i.module = ${n} AND i.started_at > NOW() - INTERVAL '30 days'`,
    'GROUP BY service, owner',
    'HAVING SUM(downtime_minutes) > 0',
    'ORDER BY downtime DESC;',
  ],
  yaml: (n) => [
    `name: gateway-${n}`,
    'retry:',
    `  attempts: ${(n % 5) + 3}`,
    '  base_delay: 250ms',
    '  max_delay: 30s',
    'endpoints:',
    '  - https://a.example.com  # primary',
    '  - https://b.example.com',
    `enabled: ${n % 2 === 0 ? 'true' : 'false'}`,
  ],
}

/** The eight languages of the long-reply benchmark, in the order sections use them. */
export const LANGUAGES = Object.keys(CODE)

/** One section of mixed markdown: heading, prose with inline marks, a list, code, a table. */
function section(n: number): string {
  const language = LANGUAGES[n % LANGUAGES.length] as string
  const code = (CODE[language] as (n: number) => string[])(n)
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
    ...code,
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
