import type { CliOptions } from '../../cli/parse-cli'

/** `parley serve`: the web host. */
export async function serveCommand(_options: CliOptions): Promise<number> {
  process.stderr.write('parley serve: not built yet\n')
  return 2
}
