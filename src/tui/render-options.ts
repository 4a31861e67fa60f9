import type { RenderOptions } from 'ink'

/**
 * How `parley tui` has ink draw the terminal client (tests render with the same options).
 * Both ends are checked to be a terminal first; a CI variable in the environment (ink's default
 * test) must not turn the live screen into a single frame at exit. Incremental rendering rewrites
 * only the rows that changed (the reply's open tail, the spinner), and of a row only from its first
 * changed column, not the whole redrawn part with every flush.
 */
export const TERMINAL_RENDER_OPTIONS = {
  exitOnCtrlC: false,
  interactive: true,
  incrementalRendering: true,
} as const satisfies RenderOptions
