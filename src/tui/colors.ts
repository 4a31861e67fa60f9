import { createContext } from 'react'

/**
 * Whether the terminal client draws in colour, from the environment as the conventions say:
 * `FORCE_COLOR` decides when set (`0` or `false` turn colour off, anything else on; it wins
 * over `NO_COLOR`, as in Node itself), else a non-empty `NO_COLOR` turns colour off. Bold, dim
 * and inverse are not colour and stay (the composer's cursor is drawn inverse). The colour
 * depth itself is chalk's business, which reads `FORCE_COLOR` too.
 */
export function colorsWanted(env: Readonly<Record<string, string | undefined>>): boolean {
  const force = env.FORCE_COLOR
  if (force !== undefined) return force !== '0' && force !== 'false'
  return !env.NO_COLOR
}

/** False when colours are off: views leave out colours (and keep every other style). */
export const ColorsContext = createContext(true)
