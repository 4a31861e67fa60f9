/**
 * A small terminal for tests: what its screen and scrollback hold after the bytes written to it,
 * as text (colours and links dropped). It understands what ink and the frame writer write:
 * printable text, CR, LF (CR+LF, as a terminal in raw mode with ONLCR), and the cursor and
 * erase sequences CUU/CUD (A/B), CHA (G), CNL (E), EL (K), ED (J), IL (L), and ignores other
 * CSI, OSC and private-mode sequences. Text is taken as one cell a character (tests use ASCII
 * and box-drawing characters); a row does not wrap (ink never writes past the last column).
 * `resize` re-wraps every row at the new width, as tmux does (see there).
 */
export class LineTerminal {
  scrollback: string[][] = []
  screen: string[][]
  /** Rows (scrollback's, then the screen's, by their cells arrays) a resize wrapped onto the next. */
  private readonly wrapped = new WeakSet<string[]>()
  row = 0
  col = 0

  constructor(
    public columns: number,
    readonly rows: number,
  ) {
    this.screen = Array.from({ length: rows }, () => [])
  }

  /** Every row, the scrollback's then the screen's, trailing blanks trimmed. */
  lines(): string[] {
    const shown = this.screen.map((cells) => cells.join('').trimEnd())
    while (shown.length > 0 && shown.at(-1) === '') shown.pop()
    return [...this.scrollback.map((cells) => cells.join('').trimEnd()), ...shown]
  }

  /**
   * The terminal is made `columns` wide, as tmux does it: each line (rows a resize wrapped
   * joined again) is wrapped at the new width; the cursor stays on its line; what no longer
   * fits on the screen goes to the scrollback, and a screen with room takes rows back from it.
   */
  resize(columns: number) {
    const all = [...this.scrollback, ...this.screen]
    const cursorAt = this.scrollback.length + this.row
    const lines: Array<{ cells: string[]; cursor: number | null }> = []
    let current: { cells: string[]; cursor: number | null } | null = null
    all.forEach((cells, i) => {
      current ??= { cells: [], cursor: null }
      if (i === cursorAt) current.cursor = current.cells.length + this.col
      const padded = this.wrapped.has(cells)
        ? [...cells, ...Array<string>(Math.max(0, this.columns - cells.length)).fill(' ')]
        : cells
      current.cells.push(...padded)
      if (!this.wrapped.has(cells)) {
        lines.push(current)
        current = null
      }
    })
    if (current) lines.push(current)
    const rows: string[][] = []
    let cursorRow = 0
    let cursorCol = 0
    for (const line of lines) {
      const cells = [...line.cells]
      while (cells.length > 0 && cells.at(-1) === ' ') cells.pop()
      const start = rows.length
      for (let at = 0; at === 0 || at < cells.length; at += columns) {
        const row = cells.slice(at, at + columns)
        if (at + columns < cells.length) this.wrapped.add(row)
        rows.push(row)
      }
      if (line.cursor !== null) {
        cursorRow = Math.min(rows.length - 1, start + Math.floor(line.cursor / columns))
        cursorCol = line.cursor % columns
      }
    }
    while (rows.length - 1 > cursorRow && (rows.at(-1) as string[]).length === 0) rows.pop()
    const top = Math.max(0, rows.length - this.rows)
    this.scrollback = rows.slice(0, top)
    this.screen = rows.slice(top)
    while (this.screen.length < this.rows) this.screen.push([])
    this.row = cursorRow - top
    this.col = cursorCol
    this.columns = columns
  }

  write(data: string) {
    let i = 0
    while (i < data.length) {
      const ch = data[i] as string
      if (ch === '\u001b') {
        i = this.escape(data, i)
        continue
      }
      if (ch === '\n') this.lineFeed()
      else if (ch === '\r') this.col = 0
      else if (ch === '\u0007') {
        // bell
      } else {
        const line = this.screen[this.row] as string[]
        while (line.length < this.col) line.push(' ')
        line[this.col] = ch
        this.col = Math.min(this.columns - 1, this.col + 1)
      }
      i++
    }
  }

  private lineFeed() {
    this.col = 0
    if (this.row < this.rows - 1) this.row++
    else {
      this.scrollback.push(this.screen.shift() as string[])
      this.screen.push([])
    }
  }

  private escape(data: string, at: number): number {
    const next = data[at + 1]
    if (next === ']') {
      // OSC, ended by BEL or ST
      const bel = data.indexOf('\u0007', at)
      const st = data.indexOf('\u001b\\', at)
      const ends = [bel < 0 ? Infinity : bel + 1, st < 0 ? Infinity : st + 2]
      return Math.min(...ends, data.length)
    }
    if (next !== '[') return at + 2
    let end = at + 2
    while (end < data.length && !/[@-~]/.test(data[end] as string)) end++
    const params = data.slice(at + 2, end)
    const final = data[end]
    const n = params === '' ? 1 : Number(params.split(';')[0]) || 0
    const line = () => this.screen[this.row] as string[]
    if (params.startsWith('?')) return end + 1
    switch (final) {
      case 'A':
        this.row = Math.max(0, this.row - Math.max(1, n))
        break
      case 'B':
        this.row = Math.min(this.rows - 1, this.row + Math.max(1, n))
        break
      case 'E':
        this.row = Math.min(this.rows - 1, this.row + Math.max(1, n))
        this.col = 0
        break
      case 'G':
        this.col = Math.max(0, (params === '' ? 1 : n) - 1)
        break
      case 'H':
        this.row = 0
        this.col = 0
        break
      case 'K': {
        const mode = params === '' ? 0 : n
        if (mode === 2) this.screen[this.row] = []
        else if (mode === 0) line().length = Math.min(line().length, this.col)
        break
      }
      case 'J':
        if ((params === '' ? 0 : n) === 0) {
          line().length = Math.min(line().length, this.col)
          for (let r = this.row + 1; r < this.rows; r++) this.screen[r] = []
        } else if (n === 2) this.screen = Array.from({ length: this.rows }, () => [])
        break
      case 'L': {
        const count = Math.max(1, n)
        this.screen.splice(this.row, 0, ...Array.from({ length: count }, () => []))
        this.screen.length = this.rows
        this.col = 0
        break
      }
      default:
        break
    }
    return end + 1
  }
}
