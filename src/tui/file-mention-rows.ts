import { safeSpans, truncateLine, type StyledLine } from './styled-text'

/** Rows the `@` list takes at most under the message box. */
export const MENTION_ROWS_MAX = 6

/**
 * The workspace paths matching an `@word`, one row each under the message box, the highlighted
 * one marked; as many as `maxRows` allows, the highlighted one always among them.
 */
export function fileMentionRows(
  paths: readonly string[],
  selected: number,
  width: number,
  maxRows: number,
): StyledLine[] {
  const shown = Math.min(paths.length, maxRows, MENTION_ROWS_MAX)
  if (shown <= 0) return []
  const start = Math.min(Math.max(0, selected - shown + 1), paths.length - shown)
  return paths.slice(start, start + shown).map((path, i) => {
    const picked = start + i === selected
    return truncateLine(
      [
        { text: picked ? '❯ @' : '  @', style: picked ? { color: 'cyan' } : { dim: true } },
        ...safeSpans(path, picked ? { color: 'cyan' } : {}, 'prose'),
        ...(picked
          ? [
              {
                text: path.endsWith('/') ? '  (Tab opens)' : '  (Tab attaches)',
                style: { dim: true },
              },
            ]
          : []),
      ],
      width,
    )
  })
}
