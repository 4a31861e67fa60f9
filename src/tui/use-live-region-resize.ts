import { useStdout } from 'ink'
import { useEffect, useRef, useState } from 'react'

/** The terminal's size; 80×24 where the stream does not say (not a terminal). */
function terminalSize(stream: NodeJS.WritableStream): { columns: number; rows: number } {
  const tty = stream as Partial<Pick<NodeJS.WriteStream, 'columns' | 'rows'>>
  return { columns: tty.columns || 80, rows: tty.rows || 24 }
}

/**
 * The terminal's size, for laying the screen out. ink's own resize handling (erase its frame,
 * draw it again) is held back until the new size is laid out: run at once, it would first draw
 * the old layout into the narrower terminal, which wraps it into more rows than ink counts. The
 * frame the terminal re-wrapped is erased by the frame writer (see `FrameWriter`), which knows
 * the rows it wrote; nothing else is cleared (no screen clear, no scrollback clear), so what was
 * printed before (the shell's history, the transcript) stays as it was.
 */
export function useLiveRegionResize(): {
  columns: number
  rows: number
} {
  const { stdout } = useStdout()
  const [size, setSize] = useState(() => terminalSize(stdout))
  // ink's own resize handler, subscribed when it started, held until the new size is laid out.
  const held = useRef<ReadonlyArray<() => void>>([])
  const inkOwesResize = useRef(false)
  useEffect(() => {
    held.current = stdout.listeners('resize') as Array<() => void>
    for (const listener of held.current) stdout.off('resize', listener)
    const onResize = () => {
      inkOwesResize.current = true
      setSize(terminalSize(stdout))
    }
    stdout.on('resize', onResize)
    return () => {
      stdout.off('resize', onResize)
      for (const listener of held.current) stdout.on('resize', listener)
      held.current = []
    }
  }, [stdout])
  useEffect(() => {
    if (!inkOwesResize.current) return
    inkOwesResize.current = false
    for (const listener of held.current) listener.call(stdout)
  }, [size, stdout])
  return size
}
