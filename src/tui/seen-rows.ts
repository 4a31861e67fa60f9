/**
 * The rows of a prompt's body that have been on screen, at the width they were laid out at (a
 * resize wraps the body anew, so its rows must be seen again). Pure: `markSeen` returns the
 * same object when nothing new was shown.
 */
export interface SeenRows {
  readonly width: number
  readonly rows: ReadonlySet<number>
}

type Ranges = ReadonlyArray<readonly [number, number]>

export const noRowsSeen = (width: number): SeenRows => ({ width, rows: new Set() })

/** `seen` with the rows in `shown` added (and nothing kept from another width). */
export function markSeen(seen: SeenRows, width: number, shown: Ranges): SeenRows {
  const base = seen.width === width ? seen : noRowsSeen(width)
  let rows: Set<number> | null = null
  for (const [a, b] of shown)
    for (let row = a; row < b; row++)
      if (!base.rows.has(row)) (rows ??= new Set(base.rows)).add(row)
  return rows ? { width, rows } : base
}

/** Every row below `count` has been on screen, counting the rows shown now. */
export function allSeen(seen: SeenRows, width: number, shown: Ranges, count: number): boolean {
  const before = seen.width === width ? seen.rows : new Set<number>()
  for (let row = 0; row < count; row++)
    if (!before.has(row) && !shown.some(([a, b]) => a <= row && row < b)) return false
  return true
}
