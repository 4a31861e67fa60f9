import { useStdout, type DOMElement } from 'ink'
import { useEffect, useRef, useState, type RefObject } from 'react'
import stringWidth from 'string-width'

/** Erase the cursor's row and the `count - 1` rows above it; the cursor ends on the highest. */
const eraseRowsUp = (count: number): string =>
  count <= 0 ? '' : '\u001b[2K' + '\u001b[1A\u001b[2K'.repeat(count - 1) + '\r'

/**
 * How many rows the live region's rows take once a terminal that reflows its lines on resize
 * (tmux, VTE, iTerm2, kitty, WezTerm, Windows Terminal) has re-wrapped them at `columns`: a row
 * `w` cells wide takes ⌈w / columns⌉ rows, an empty one still one.
 */
export function reflowedRows(rowWidths: readonly number[], columns: number): number {
  const cols = Math.max(1, columns)
  return rowWidths.reduce((sum, w) => sum + Math.max(1, Math.ceil(w / cols)), 0)
}

/**
 * What to write, with the cursor on the row under the live region, after the terminal narrowed
 * to `columns` and reflowed it: every row the old region now takes is erased, and nothing above
 * it (the transcript, or the shell's output from before Parley started, stays as printed). The
 * cursor is then left where ink's own frame eraser expects the region's bottom to be (as many
 * rows down as the region had), so its next erase touches only rows that are blank already.
 */
export function eraseReflowedRegion(rowWidths: readonly number[], columns: number): string {
  const rows = rowWidths.length
  if (rows === 0) return ''
  return eraseRowsUp(reflowedRows(rowWidths, columns) + 1) + `\u001b[${rows}B`
}

const textOf = (node: DOMElement): string =>
  node.childNodes
    .map((child) => (child.nodeName === '#text' ? child.nodeValue : textOf(child)))
    .join('')

/**
 * The width in cells of each row of an ink subtree as the terminal shows it (trailing blanks
 * trimmed, as ink trims them): a bordered box reaches its right edge on each of its rows; a
 * text reaches its left edge plus its text's width.
 */
export function rowWidths(root: DOMElement): number[] {
  const height = Math.round(root.yogaNode?.getComputedHeight() ?? 0)
  const widths = Array.from({ length: height }, () => 0)
  const reach = (row: number, right: number) => {
    if (row >= 0 && row < height) widths[row] = Math.max(widths[row] ?? 0, right)
  }
  const walk = (node: DOMElement, left: number, top: number) => {
    const layout = node.yogaNode
    if (!layout || node.style.display === 'none') return
    const x = node === root ? 0 : left + layout.getComputedLeft()
    const y = node === root ? 0 : top + layout.getComputedTop()
    if (node.nodeName === 'ink-text') {
      textOf(node)
        .split('\n')
        .forEach((line, i) => reach(Math.round(y) + i, Math.round(x) + stringWidth(line.trimEnd())))
      return
    }
    if (node.style.borderStyle) {
      const right = Math.round(x + layout.getComputedWidth())
      const bottom = Math.round(y + layout.getComputedHeight())
      for (let row = Math.round(y); row < bottom; row++) reach(row, right)
    }
    for (const child of node.childNodes) if (child.nodeName !== '#text') walk(child, x, y)
  }
  walk(root, 0, 0)
  return widths
}

/** The terminal's size; 80×24 where the stream does not say (not a terminal). */
function terminalSize(stream: NodeJS.WritableStream): { columns: number; rows: number } {
  const tty = stream as Partial<Pick<NodeJS.WriteStream, 'columns' | 'rows'>>
  return { columns: tty.columns || 80, rows: tty.rows || 24 }
}

/**
 * The terminal's size, for laying the screen out. When the terminal narrows, the live region
 * (`live`: the part ink redraws) is first erased as the terminal has reflowed it; ink alone
 * erases as many rows as the region had before the reflow and leaves the rest on screen.
 * Nothing else is cleared (no screen clear, no scrollback clear), so what was printed before —
 * the shell's history, the transcript — stays as it was. ink's own resize handling (erase its
 * frame, draw it again) is held back until the new size is laid out: run at once, it would
 * first draw the old layout into the narrower terminal, which wraps it into more rows than ink
 * counts.
 */
export function useLiveRegionResize(live: RefObject<DOMElement | null>): {
  columns: number
  rows: number
} {
  const { stdout } = useStdout()
  const [size, setSize] = useState(() => terminalSize(stdout))
  // ink's own resize handler, subscribed when it started, held until the new size is laid out.
  const held = useRef<ReadonlyArray<() => void>>([])
  const inkOwesResize = useRef(false)
  useEffect(() => {
    let shownColumns = terminalSize(stdout).columns
    held.current = stdout.listeners('resize') as Array<() => void>
    for (const listener of held.current) stdout.off('resize', listener)
    const onResize = () => {
      const next = terminalSize(stdout)
      const { columns } = next
      const node = live.current
      if (columns < shownColumns && node)
        stdout.write(eraseReflowedRegion(rowWidths(node), columns))
      shownColumns = columns
      inkOwesResize.current = true
      setSize(next)
    }
    stdout.on('resize', onResize)
    return () => {
      stdout.off('resize', onResize)
      for (const listener of held.current) stdout.on('resize', listener)
      held.current = []
    }
  }, [stdout, live])
  useEffect(() => {
    if (!inkOwesResize.current) return
    inkOwesResize.current = false
    for (const listener of held.current) listener.call(stdout)
  }, [size, stdout])
  return size
}
