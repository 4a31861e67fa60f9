import { readFileSync } from 'node:fs'
import { z } from 'zod'
import { writePrivateFileSync } from '../runtime/settings/private-file'
import type { DesktopRectangle } from './electron-port'

/** `<data-dir>/window-state.json`: where the window was and how big, when it last closed. */
const WindowStateSchema = z.object({
  x: z.number().int(),
  y: z.number().int(),
  width: z.number().int().min(200).max(20_000),
  height: z.number().int().min(200).max(20_000),
  maximized: z.boolean(),
})
export type WindowState = z.infer<typeof WindowStateSchema>

/** How much of a restored window must lie on some display to be put back where it was. */
const VISIBLE = { width: 120, height: 60 }

/**
 * The bounds to open the window with: the saved ones while enough of them lies on a display
 * (a monitor unplugged since must not leave the window out of reach), else none (the default
 * size, centred). A missing or unreadable file is none too.
 */
export function restoredWindowState(
  saved: unknown,
  displays: readonly DesktopRectangle[],
): WindowState | null {
  const parsed = WindowStateSchema.safeParse(saved)
  if (!parsed.success) return null
  const state = parsed.data
  const onScreen = displays.some((area) => {
    const width = Math.min(state.x + state.width, area.x + area.width) - Math.max(state.x, area.x)
    const height =
      Math.min(state.y + state.height, area.y + area.height) - Math.max(state.y, area.y)
    return width >= VISIBLE.width && height >= VISIBLE.height
  })
  return onScreen ? state : null
}

export function readWindowState(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8'))
  } catch {
    return null
  }
}

/** Saved when the window closes, so the next launch opens it the same. Never throws. */
export function saveWindowState(file: string, state: WindowState): void {
  try {
    writePrivateFileSync(file, `${JSON.stringify(state)}\n`, { fsync: false })
  } catch (error) {
    process.stderr.write(`parley: could not save the window's size: ${String(error)}\n`)
  }
}
