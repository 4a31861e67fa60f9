import type { CliOptions } from '../cli/parse-cli'

/** `parley tui`: the terminal client. */
export async function tuiCommand(_options: CliOptions): Promise<number> {
  process.stderr.write('parley tui: not built yet\n')
  return 2
}
