import { Box, useBoxMetrics, type DOMElement } from 'ink'
import { useEffect, useRef, type ReactNode } from 'react'

/**
 * Shows at most `maxHeight` rows of its content: the last ones (`anchor="bottom"`, for streaming
 * text that grows downward) or from `offset` on (`anchor="top"`, for a scrollable detail). The
 * terminal wraps the content; the box measures the wrapped height, so wide characters and long
 * lines are counted the way they are drawn. Reports the content height so callers can show
 * "lines a–b of N".
 */
export function TailBox({
  maxHeight,
  anchor = 'bottom',
  offset = 0,
  onMeasure,
  children,
}: {
  maxHeight: number
  anchor?: 'top' | 'bottom'
  offset?: number
  onMeasure?: (height: number) => void
  children: ReactNode
}) {
  const ref = useRef<DOMElement>(null)
  const metrics = useBoxMetrics(ref)
  const limit = Math.max(1, maxHeight)
  // Until the first layout pass the content height is unknown: show it from the top, capped.
  const overflow = metrics.hasMeasured ? Math.max(0, metrics.height - limit) : 0
  const contentOffsetY = anchor === 'bottom' ? overflow : Math.min(Math.max(0, offset), overflow)
  useEffect(() => {
    if (metrics.hasMeasured) onMeasure?.(metrics.height)
  }, [metrics.hasMeasured, metrics.height, onMeasure])
  return (
    <Box
      flexDirection="column"
      flexShrink={0}
      maxHeight={limit}
      overflow="hidden"
      contentOffsetY={contentOffsetY}
    >
      <Box ref={ref} flexDirection="column" flexShrink={0}>
        {children}
      </Box>
    </Box>
  )
}
