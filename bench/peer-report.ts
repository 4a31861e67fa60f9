import { cpus } from 'node:os'

/** One measure of `npm run bench:peers`: the median of each contestant (Parley first). */
export type PeerRow = {
  measure: string
  unit: string
  medians: Map<string, number>
  /** Whether the row has issue 40's goal (no slower than the faster peer) or only explains one. */
  goal: boolean
}

const PARLEY = 'Parley'
const show = (value: number | undefined, unit: string) =>
  value === undefined || Number.isNaN(value)
    ? '—'
    : `${value.toLocaleString('en-US', { maximumFractionDigits: value < 10 ? 1 : 0 })}${unit ? ` ${unit}` : ''}`

/** Parley ÷ the fastest peer (lower is better); 0 ÷ 0 is even. */
export function ratioToFastestPeer(medians: ReadonlyMap<string, number>): number {
  const parley = medians.get(PARLEY) ?? Number.NaN
  const peers = [...medians].filter(([name]) => name !== PARLEY).map(([, value]) => value)
  const best = Math.min(...peers)
  if (parley === 0 && best === 0) return 1
  return parley / best
}

/** The table of medians and ratios (markdown, ready for docs/performance.md), and the load. */
export function printPeerTable(rows: readonly PeerRow[], load: readonly number[][]): void {
  const names = [...new Set(rows.flatMap((row) => [...row.medians.keys()]))]
  const peers = names.filter((name) => name !== PARLEY)
  const loads = load.map((l) => l.map((x) => x.toFixed(2)).join(' ')).join(' → ')
  const lines = [
    '',
    `Peer benchmarks (${cpus().length} cores: ${cpus()[0]?.model ?? 'unknown CPU'}; load average ${loads}; medians of alternating runs):`,
    '',
    `| measure | ${names.join(' | ')} | Parley ÷ faster peer | goal | met |`,
    `| --- | ${names.map(() => '---').join(' | ')} | --- | --- | --- |`,
    ...rows.map((row) => {
      const ratio = ratioToFastestPeer(row.medians)
      const cells = names.map((name) => show(row.medians.get(name), row.unit))
      const verdict = row.goal ? `≤ 1.0× | ${ratio <= 1 ? 'yes' : 'no'}` : '— | —'
      return `| ${row.measure} | ${cells.join(' | ')} | ${ratio.toFixed(2)} | ${verdict} |`
    }),
    '',
    'Not apples to apples:',
    `- Parley's page gets the reply through \`parley serve\` (the provider's SSE → the runtime → its WebSocket), the ${peers.join(' and ')} pages fetch the SSE stream themselves; the clock starts at the server's last text for all.`,
    "- Parley's page is the whole app (sidebar, composer, virtualized transcript); the peer page is one React component appending each delta to state.",
    '- Highlighting: Parley lowlight (highlight.js grammars) when idle, streamdown Shiki (its code plugin), react-markdown rehype-highlight (highlight.js) on every render.',
    '',
  ]
  process.stdout.write(`${lines.join('\n')}\n`)
}
