import { prefixLines, wrapSpans, type Span, type StyledLine } from './styled-text'

/** One numbered choice of a prompt. */
export interface Choice {
  readonly label: readonly Span[]
}

/**
 * A numbered list with the highlighted row marked `❯`; a long label wraps under its own text and
 * takes at most `maxRowsEach` rows.
 */
export function choiceLines(
  choices: readonly Choice[],
  cursor: number,
  width: number,
  options: { maxRowsEach?: number; active?: boolean } = {},
): StyledLine[] {
  const numberWidth = String(choices.length).length
  return choices.flatMap((choice, i) => {
    const here = i === cursor && (options.active ?? true)
    const color = here ? { color: 'cyan' } : {}
    const marker = `${here ? '❯' : ' '} ${String(i + 1).padStart(numberWidth)}. `
    const label = choice.label.map((span) => ({
      text: span.text,
      style: { ...span.style, ...color },
    }))
    let rows = wrapSpans(label, width - marker.length)
    const max = options.maxRowsEach ?? Infinity
    if (rows.length > max)
      rows = [...rows.slice(0, max - 1), [...(rows[max - 1] ?? []), { text: ' …' }]]
    return prefixLines(rows, [{ text: marker, style: { ...color, bold: here } }])
  })
}
