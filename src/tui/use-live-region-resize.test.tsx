import { Box, type DOMElement } from 'ink'
import { render } from 'ink-testing-library'
import { useRef, useEffect } from 'react'
import { describe, expect, test } from 'vitest'
import { StyledLines } from './styled-lines'
import { eraseReflowedRegion, reflowedRows, rowWidths } from './use-live-region-resize'

function Measured({ onWidths }: { onWidths: (widths: number[]) => void }) {
  const ref = useRef<DOMElement>(null)
  useEffect(() => {
    if (ref.current) onWidths(rowWidths(ref.current))
  })
  return (
    <Box ref={ref} flexDirection="column" flexShrink={0}>
      <StyledLines lines={[[{ text: 'status line' }]]} />
      <Box width={30} borderStyle="round" paddingX={1} flexDirection="column">
        <StyledLines lines={[[{ text: '› draft' }], []]} />
      </Box>
      <StyledLines lines={[[{ text: ' footer ' }, { text: 'with two spans  ' }], []]} />
    </Box>
  )
}

describe('live region on resize', () => {
  test('each row is measured as the terminal shows it: boxes to their border, text to its last visible cell', () => {
    let measured: number[] = []
    const app = render(<Measured onWidths={(w) => (measured = w)} />)
    app.unmount()
    expect(measured).toEqual([11, 30, 30, 30, 30, 22, 0])
  })

  test('a narrower terminal re-wraps each row into as many rows as it needs; an empty row keeps one', () => {
    expect(reflowedRows([80, 80, 57, 0, 40], 40)).toBe(2 + 2 + 2 + 1 + 1)
    expect(reflowedRows([50], 50)).toBe(1)
  })

  test('the erase reaches exactly the rows the old region takes after the reflow, then returns to where ink expects its bottom', () => {
    const erase = eraseReflowedRegion([80, 80, 10], 40)
    // 2 + 2 + 1 reflowed rows, plus the cursor's row under them: five moves up, six rows erased.
    expect(erase.split('\u001b[2K').length - 1).toBe(6)
    expect(erase.split('\u001b[1A').length - 1).toBe(5)
    expect(erase.endsWith('\r\u001b[3B')).toBe(true)
    expect(eraseReflowedRegion([], 40)).toBe('')
  })
})
