/* eslint-disable no-control-regex -- terminal escape sequences are what this file matches */
import { EventEmitter } from 'node:events'
import stringWidth from 'string-width'

/**
 * ink's frame writes, as its standard (non-incremental) log-update makes them: a frame is
 * `eraseLines(n)` (erase the `n` rows the last frame took, ending on its top row) then the new
 * frame's text; a print to the scrollback is `eraseLines(n)` alone, the printed text, then the
 * frame; synchronized-output markers wrap each.
 */
const ERASE_LINES = /^(?:\u001b\[2K\u001b\[1A)*\u001b\[2K\u001b\[G/
const BEGIN_SYNC = '\u001b[?2026h'
const END_SYNC = '\u001b[?2026l'
const CURSOR = /^\u001b\[\?25[lh]$/
/** Text as ink draws it: nothing but printable text, line feeds, colours (SGR) and links (OSC 8). */
const DRAWN_TEXT =
  /^(?:[^\u0000-\u0009\u000b-\u001f\u007f]|\u001b\[[0-9;:]*m|\u001b\]8;[^\u0007\u001b]*(?:\u0007|\u001b\\))*$/
const ESCAPES = /\u001b\[[0-9;:]*m|\u001b\]8;[^\u0007\u001b]*(?:\u0007|\u001b\\)/g

/** How many rows `eraseLines` at the start of `data` erases, and the rest. */
function splitErase(data: string): { erased: number; rest: string } {
  const match = ERASE_LINES.exec(data)
  if (!match) return { erased: 0, rest: data }
  return { erased: match[0].split('\u001b[2K').length - 1, rest: data.slice(match[0].length) }
}

/**
 * How many rows the rows of these widths take once a terminal that reflows its lines on resize
 * has re-wrapped them at `columns`: a row `w` cells wide takes ⌈w / columns⌉ rows, an empty one
 * still one.
 */
export function reflowedRows(rowWidths: readonly number[], columns: number): number {
  const cols = Math.max(1, columns)
  return rowWidths.reduce((sum, w) => sum + Math.max(1, Math.ceil(w / cols)), 0)
}

/** Visible cells of a drawn line (colours and links take none). */
const cellsOf = (line: string): number => {
  const text = line.replace(ESCAPES, '')
  return /^[\x20-\x7e]*$/.test(text) ? text.length : stringWidth(text)
}

/** SGR parameters that turn an attribute off, by the parameters that turn it on. */
const SGR_OFF: ReadonlyArray<readonly [(code: number) => boolean, number]> = [
  [(c) => c === 1 || c === 2, 22],
  [(c) => c === 3, 23],
  [(c) => c === 4 || c === 21, 24],
  [(c) => c === 5 || c === 6, 25],
  [(c) => c === 7, 27],
  [(c) => c === 8, 28],
  [(c) => c === 9, 29],
  [(c) => (c >= 30 && c <= 38) || (c >= 90 && c <= 97), 39],
  [(c) => (c >= 40 && c <= 48) || (c >= 100 && c <= 107), 49],
  [(c) => c === 53, 55],
]

/**
 * The longest start of `next` that is also the start of `prev` and after which the terminal's pen
 * is plain (no colour, no link open) and the next character is plain ASCII, so the rest of `next`
 * can be written from there as it stands; 0 when there is none.
 */
export function sharedStart(prev: string, next: string): number {
  const limit = Math.min(prev.length, next.length)
  let same = 0
  while (same < limit && prev.charCodeAt(same) === next.charCodeAt(same)) same++
  // Attributes on, by the parameter that turns each off.
  const on = new Set<number>()
  let link = false
  let best = 0
  let i = 0
  while (i <= same) {
    const code = next.charCodeAt(i)
    // A cut before a printable ASCII character or an escape (or at the end), the pen plain.
    if (
      on.size === 0 &&
      !link &&
      (i === next.length || code === 0x1b || (code >= 0x20 && code < 0x7f))
    )
      best = i
    if (i === same) break
    if (code !== 0x1b) {
      // Tabs and other controls make the column unknown (wide or combining text is cut around).
      if (code < 0x20 || code === 0x7f) return best
      i++
      continue
    }
    ESCAPES.lastIndex = i
    const match = ESCAPES.exec(next)
    if (!match || match.index !== i) return best
    const escape = match[0]
    if (escape.startsWith('\u001b]8;')) link = !/^\u001b\]8;[^;]*;(?:\u0007|\u001b\\)$/.test(escape)
    else {
      const params = escape.slice(2, -1).split(/[;:]/).map(Number)
      for (let p = 0; p < params.length; p++) {
        const c = params[p] ?? 0
        if (Number.isNaN(c)) return best
        if (c === 0) on.clear()
        else if (c === 38 || c === 48) {
          on.add(c === 38 ? 39 : 49)
          p += params[p + 1] === 5 ? 2 : 4
        } else {
          const off = SGR_OFF.find(([turnsOn]) => turnsOn(c))?.[1]
          if (off !== undefined) on.add(off)
          else if (SGR_OFF.some(([, o]) => o === c)) on.delete(c)
          else return best
        }
      }
    }
    i += escape.length
  }
  return best
}

/** What turns the row showing `prev` (cursor anywhere on it) into `next`. */
function rowChange(prev: string, next: string): string {
  const erase = cellsOf(prev) > cellsOf(next) ? '\u001b[K' : ''
  if (next === '') return '\r\u001b[K'
  const start = sharedStart(prev, next)
  if (start === 0) return '\r' + next + erase
  return `\u001b[${cellsOf(next.slice(0, start)) + 1}G` + next.slice(start) + erase
}

/** Writes `wanted` over rows that show `before(row)`, from the row the cursor is on (at its left). */
function rowsDiff(before: (row: number) => string, wanted: readonly string[]): string {
  let out = ''
  let down = 0
  for (let row = 0; row < wanted.length; row++) {
    const next = wanted[row] as string
    const prev = before(row)
    if (prev !== next) {
      out += '\n'.repeat(down) + rowChange(prev, next)
      down = 0
    }
    if (row < wanted.length - 1) down++
  }
  return out + '\n'.repeat(down)
}

/**
 * What turns the frame `shown` (its rows; the cursor on the last, at its left edge) into `wanted`
 * (the rows printed above the new frame, then the new frame), rewriting only the rows that
 * differ, and of a row only from where it starts to differ. Rows past `shown` are added with a
 * line feed, so the terminal scrolls them (and the top of the old frame) up as it would.
 *
 * When the frame grows (rows printed above it, a longer reply), its bottom rows (message box,
 * footer) are the same as before, only lower: rather than drawn again there, they are moved down
 * with an insert-line (the screen first scrolled by as many line feeds), where the terminal has
 * `screenRows` rows to hold it all.
 */
export function frameDiff(
  shown: readonly string[],
  wanted: readonly string[],
  screenRows = Infinity,
): string {
  const top = shown.length > 1 ? `\u001b[${shown.length - 1}A\r` : '\r'
  const plain =
    top +
    rowsDiff((row) => shown[row] ?? '', wanted) +
    (shown.length > wanted.length ? '\u001b[J' : '')
  const grow = wanted.length - shown.length
  if (grow <= 0) return plain
  // The rows at the bottom of both, and of the old frame those above them.
  let same = 0
  while (
    same < shown.length - 1 &&
    shown[shown.length - 1 - same] === wanted[wanted.length - 1 - same]
  )
    same++
  if (same === 0) return plain
  const head = shown.length - same
  // The rows above the bottom ones, drawn where they are; then room made for the rows added
  // (line feeds at the bottom) and blank rows inserted above the bottom ones, which moves them
  // down, a screenful at most at a time so the row inserted at is always on the screen.
  let first = 0
  while (first < head && wanted[first] === shown[first]) first++
  let moved =
    top +
    (first < head
      ? '\n'.repeat(first) +
        rowsDiff((row) => shown[row + first] as string, wanted.slice(first, head))
      : '')
  let at = first < head ? head - 1 : 0
  const chunk = Math.max(1, Math.min(grow, screenRows - same - 1))
  for (let done = 0; done < grow;) {
    const rows = Math.min(chunk, grow - done)
    const bottom = shown.length - 1 + done
    const row = head + done
    moved +=
      '\n'.repeat(bottom - at + rows) +
      `\u001b[${bottom + rows - row}A\r\u001b[${rows}L` +
      rowsDiff(() => '', wanted.slice(row, row + rows))
    at = row + rows - 1
    done += rows
  }
  moved += '\n'.repeat(wanted.length - 1 - at)
  return moved.length < plain.length ? moved : plain
}

/** The part of a terminal's output stream ink uses: size, resize events, writes. */
type Terminal = Pick<NodeJS.WriteStream, 'write' | 'on' | 'off' | 'columns' | 'rows' | 'isTTY'> &
  Partial<Pick<NodeJS.WriteStream, 'destroyed' | 'writableEnded' | 'writable'>>

/**
 * A terminal for ink to draw on that writes to `out` only what changed on screen. ink, on every
 * print to the scrollback, erases its whole frame (message box, footer and the reply's open
 * part) and draws it again under the printed rows; most of those rows are on screen already
 * (the reply's lines print where the frame showed them). Here the printed rows and the new frame
 * are compared, row by row, with what the screen shows, and only the rows that differ are
 * written. Anything else ink or the client writes (a resize's erase, the alternate screen, a
 * bell) goes through as it is, and the next frame is then drawn whole, as ink would.
 *
 * ink must draw with its standard (non-incremental) log-update, whose writes are whole frames.
 */
export class FrameWriter extends EventEmitter {
  /** The rows of ink's frame as the screen shows them, the cursor on the last; null: unknown. */
  private shown: string[] | null = null
  /** A print under way: ink erased its frame (this many rows) and writes what comes after. */
  private printing: { erased: number; texts: string[] } | null = null
  private inSync = false
  private scheduled = false
  /** The frame is erased already (a resize): ink's next erase of this many rows is not written. */
  private erasedByResize: number | null = null
  private columnsShown: number
  /** The terminal resized and ink does not know yet: its frames are not written. */
  private holding = false
  private holdTimer: ReturnType<typeof setTimeout> | null = null

  constructor(private readonly out: Terminal) {
    super()
    this.columnsShown = out.columns || 80
    out.on('resize', this.onResize)
  }

  get columns() {
    return this.out.columns
  }
  get rows() {
    return this.out.rows
  }
  get isTTY() {
    return this.out.isTTY
  }
  get destroyed() {
    return this.out.destroyed ?? false
  }
  get writableEnded() {
    return this.out.writableEnded ?? false
  }
  get writable() {
    return this.out.writable ?? true
  }

  /** Stops following the terminal's resizes (the writer is done). */
  dispose() {
    this.flush()
    this.out.off('resize', this.onResize)
  }

  /**
   * A terminal that narrows re-wraps the rows it shows (tmux, VTE, iTerm2, kitty, WezTerm,
   * Windows Terminal): the frame then takes more rows than ink erases, and what it does not
   * erase stays above the next frame, then in the scrollback, a second copy of the reply's open
   * lines. Here the frame is erased as the terminal re-wrapped it, from the rows written (not
   * from a layout that may not be on screen yet), and ink's own erase of the old frame is then
   * not written. Nothing above the frame is touched. After any other change of size the next
   * frame is drawn whole, as ink draws it.
   */
  private readonly onResize = () => {
    this.flush()
    this.holding = false
    if (this.holdTimer) clearTimeout(this.holdTimer)
    this.resized(this.out.columns || 80)
    this.emit('resize')
  }

  private resized(columns: number) {
    if (this.shown && columns < this.columnsShown) {
      const rows = reflowedRows(this.shown.map(cellsOf), columns)
      this.pass('\u001b[2K' + '\u001b[1A\u001b[2K'.repeat(rows - 1) + '\r')
      this.erasedByResize ??= this.shown.length
      this.shown = ['']
    } else if (this.erasedByResize === null && columns !== this.columnsShown) this.shown = null
    this.columnsShown = columns
  }

  /**
   * The terminal may have changed size before this process heard of it (SIGWINCH comes later
   * than the terminal's reflow): a frame laid out for the old width, written now, would land on
   * rows the reflow moved. The size is asked of the terminal before each write; when it changed,
   * the frame is erased at once and ink's frames are held back (prints still go out) until the
   * resize reaches ink.
   */
  private noticeResize() {
    const size = (this.out as { getWindowSize?: () => [number, number] }).getWindowSize?.()
    const columns = size?.[0]
    if (!columns || columns === this.columnsShown) return
    this.flush()
    this.resized(columns)
    this.holding = true
    if (this.holdTimer) clearTimeout(this.holdTimer)
    // Should the resize never be reported (the size went back meanwhile), ink hears of it here.
    this.holdTimer = setTimeout(() => {
      if (!this.holding) return
      this.holding = false
      this.emit('resize')
    }, 500)
    this.holdTimer.unref?.()
  }

  write(chunk: string | Uint8Array, ...rest: unknown[]): boolean {
    const callback = rest.find((r): r is () => void => typeof r === 'function')
    const data = typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString()
    this.take(data)
    if (callback) queueMicrotask(callback)
    return true
  }

  /** Writes what a print under way came to. */
  flush() {
    const printing = this.printing
    if (!printing) return
    this.printing = null
    const { erased, texts } = printing
    const frame = texts.at(-1)
    if (frame === undefined) {
      if (this.holding) {
        this.erasedByResize = null
        return
      }
      this.pass(ansiEraseLines(erased))
      this.shown = erased > 0 ? [''] : this.shown
      return
    }
    if (this.holding) {
      // What was printed goes out; the frame, laid out for the old width, does not.
      this.pass(texts.slice(0, -1).join(''))
      this.erasedByResize = frame.split('\n').length
      this.shown = ['']
      return
    }
    const wanted = texts.join('').split('\n')
    if (this.shown && this.shown.length === erased)
      this.pass(frameDiff(this.shown, wanted, this.out.rows || Infinity))
    else this.pass(ansiEraseLines(erased) + texts.join(''))
    this.shown = frame.split('\n')
  }

  private take(written: string) {
    this.noticeResize()
    let data = written
    if (this.erasedByResize !== null && ERASE_LINES.test(data)) {
      const { erased, rest } = splitErase(data)
      if (erased === this.erasedByResize) data = rest === '' ? ansiEraseLines(0) : rest
      this.erasedByResize = null
      if (data === '') {
        // What ink erases is gone already: the frame it draws next goes where the old one began.
        this.flush()
        this.printing = { erased: 0, texts: [] }
        if (!this.inSync) this.flush()
        else this.schedule()
        return
      }
    }
    if (data === BEGIN_SYNC || data === END_SYNC) {
      if (data === END_SYNC) this.flush()
      this.inSync = data === BEGIN_SYNC
      return this.pass(data)
    }
    if (CURSOR.test(data)) {
      this.flush()
      return this.pass(data)
    }
    const { erased, rest } = splitErase(data)
    if (!DRAWN_TEXT.test(rest)) {
      // Not a frame: written as it is, and the screen is no longer known.
      this.flush()
      this.shown = null
      return this.pass(data)
    }
    if (rest === '') {
      // ink erased its frame: a print to the scrollback follows (or nothing, if not in a frame).
      this.flush()
      this.printing = { erased, texts: [] }
      if (!this.inSync) this.flush()
      else this.schedule()
      return
    }
    if (this.printing && erased === 0) {
      this.printing.texts.push(rest)
      return
    }
    this.flush()
    const wanted = rest.split('\n')
    if (this.holding) {
      this.erasedByResize = wanted.length
      this.shown = ['']
      return
    }
    if (this.shown && erased > 0 && this.shown.length === erased)
      this.pass(frameDiff(this.shown, wanted, this.out.rows || Infinity))
    else this.pass(data)
    this.shown = wanted
  }

  /** A print not closed by the end of its synchronized update is written by the next tick. */
  private schedule() {
    if (this.scheduled) return
    this.scheduled = true
    queueMicrotask(() => {
      this.scheduled = false
      this.flush()
    })
  }

  private pass(data: string) {
    if (data !== '') this.out.write(data)
  }
}

/** ansi-escapes' `eraseLines`, as ink writes it. */
function ansiEraseLines(count: number): string {
  if (count <= 0) return ''
  return '\u001b[2K\u001b[1A'.repeat(count - 1) + '\u001b[2K\u001b[G'
}
