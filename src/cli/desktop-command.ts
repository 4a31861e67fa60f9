import type { CliOptions } from './parse-cli'

/** `parley desktop`: starts Electron, or falls back to the web host with a one-line reason. */
export async function desktopCommand(_options: CliOptions): Promise<number> {
  process.stderr.write('parley desktop: not built yet\n')
  return 2
}
