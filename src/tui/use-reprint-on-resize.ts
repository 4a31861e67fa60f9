import { useStdout } from 'ink'
import { useEffect, useRef, useState } from 'react'

/** Clear the screen and its scrollback, cursor home. */
const CLEAR_ALL = '\u001b[2J\u001b[3J\u001b[H'

/**
 * A counter that moves on once the terminal's width has changed (and settled), after clearing
 * the screen. Keying the transcript's `<Static>` on it prints the whole history again at the new
 * width. Without it, a terminal that reflows its lines on resize (tmux, most modern ones) leaves
 * pieces of the old frame on screen, because ink erases as many rows as the frame had before the
 * reflow. Resize events come in bursts while a window is dragged; only the last one reprints.
 */
export function useReprintOnResize(columns: number, settleMs = 80): number {
  const { write } = useStdout()
  const printedWidth = useRef(columns)
  const [epoch, setEpoch] = useState(0)
  useEffect(() => {
    if (columns === printedWidth.current) return
    const timer = setTimeout(() => {
      printedWidth.current = columns
      write(CLEAR_ALL)
      setEpoch((e) => e + 1)
    }, settleMs)
    return () => clearTimeout(timer)
  }, [columns, settleMs, write])
  return epoch
}
