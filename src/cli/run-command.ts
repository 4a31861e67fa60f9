import type { CliOptions } from './parse-cli'

/** `parley run`: one headless turn. */
export async function runCommand(_options: CliOptions): Promise<number> {
  process.stderr.write('parley run: not built yet\n')
  return 2
}
