import { cpus, loadavg } from 'node:os'

/** One line of the benchmark table. */
export type Row = {
  measure: string
  value: string
  goal: string
  /** The figure against its floor (the runtime alone, a 60 Hz frame, a plain parse…). */
  floor?: string
  met: boolean
}

const cell = (text: string) => text.replaceAll('|', '\\|')

/** Prints the table (markdown, ready for the README) and the machine it ran on. */
export function printTable(rows: readonly Row[]): void {
  const lines = [
    '',
    `UI benchmarks (${cpus().length} cores: ${cpus()[0]?.model ?? 'unknown CPU'}; shared machine, load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} at the end; medians):`,
    '',
    '| measure | now | goal | vs floor | met |',
    '| --- | --- | --- | --- | --- |',
    ...rows.map(
      (row) =>
        `| ${cell(row.measure)} | ${cell(row.value)} | ${cell(row.goal)} | ${cell(row.floor ?? '—')} | ${row.met ? 'yes' : 'no'} |`,
    ),
    '',
  ]
  process.stdout.write(`${lines.join('\n')}\n`)
}
