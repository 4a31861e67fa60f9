import { useApp, useStdout } from 'ink'
import { useMemo, useRef, useState } from 'react'

/** Switch to the alternate screen (the cursor is saved), and start it empty from the top. */
export const ENTER_ALTERNATE_SCREEN = '\u001b[?1049h\u001b[H\u001b[2J'
/** Back to the normal screen as it was, the cursor where it was saved. */
export const LEAVE_ALTERNATE_SCREEN = '\u001b[?1049l'

/** Switches between the normal and the alternate screen. */
export interface AlternateScreen {
  /**
   * Drawing happens on the alternate screen, from `enter` until `leave` is done. Nothing may be
   * printed for good meanwhile: it would be lost with the alternate screen.
   */
  readonly active: boolean
  /** Draws from now on on the alternate screen (call it before the view it is for renders). */
  enter(): void
  /** Back on the normal screen; resolves once the frame is drawn there again. */
  leave(): Promise<void>
}

/**
 * The terminal's alternate screen, for a view that fills the screen for a while (Ctrl+O's tool
 * output), as a pager does. Drawn inline, such a view scrolls the transcript off the screen and,
 * once closed, leaves only the message box on an empty screen; drawn on the alternate screen it
 * touches neither the transcript nor the scrollback, and leaving it shows the screen as it was,
 * the message box drawn again where it stood. ink's frame is handed over around each switch
 * (`suspendTerminal` erases it on one screen and draws it afresh on the other). Only on a
 * terminal: elsewhere (a pipe, a test) both are no-ops.
 */
export function useAlternateScreen(): AlternateScreen {
  const { suspendTerminal } = useApp()
  const { stdout } = useStdout()
  const on = useRef(false)
  const [active, setActive] = useState(false)
  // One switch at a time: ink refuses a suspension while another is under way.
  const queue = useRef<{ done: Promise<void>; idle: boolean }>({
    done: Promise.resolve(),
    idle: true,
  })
  const switcher = useMemo(() => {
    const tty = (stdout as Partial<NodeJS.WriteStream>).isTTY === true
    const switchTo = (alternate: boolean): Promise<void> => {
      if (!tty || on.current === alternate) return queue.current.done
      on.current = alternate
      const escape = alternate ? ENTER_ALTERNATE_SCREEN : LEAVE_ALTERNATE_SCREEN
      // Started at once when nothing is switching, so ink lets go of the frame before the view
      // it is for renders.
      const start = () =>
        suspendTerminal(() => void stdout.write(escape))
          // A terminal that went away mid-switch: nothing left to draw on.
          .catch(() => undefined)
      const state = queue.current
      if (alternate) setActive(true)
      const done = (state.idle ? start() : state.done.then(start)).finally(() => {
        if (queue.current.done === done) queue.current = { done, idle: true }
        if (!on.current) setActive(false)
      })
      queue.current = { done, idle: false }
      return done
    }
    return {
      enter: () => void switchTo(true),
      leave: () => switchTo(false),
    }
  }, [stdout, suspendTerminal])
  return useMemo(() => ({ ...switcher, active }), [switcher, active])
}
