import type { RenderOptions } from 'ink'
import { FrameWriter } from './frame-writer'

/**
 * How `parley tui` has ink draw the terminal client (tests render with the same options).
 * Both ends are checked to be a terminal first; a CI variable in the environment (ink's default
 * test) must not turn the live screen into a single frame at exit. ink writes whole frames
 * (its standard log-update); the terminal it draws on, a `FrameWriter`, writes only the rows
 * that changed, and of a row only from its first changed column.
 */
export const TERMINAL_RENDER_OPTIONS = {
  exitOnCtrlC: false,
  interactive: true,
  incrementalRendering: false,
} as const satisfies RenderOptions

/** ink's options for drawing on the terminal `stdout` (and reading keys from `stdin`). */
export function terminalRenderOptions(
  stdout: NodeJS.WriteStream,
  stdin?: NodeJS.ReadStream,
): RenderOptions & { stdout: NodeJS.WriteStream } {
  const writer = new FrameWriter(stdout) as unknown as NodeJS.WriteStream
  return { ...TERMINAL_RENDER_OPTIONS, stdout: writer, ...(stdin ? { stdin } : {}) }
}
