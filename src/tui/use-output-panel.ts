import { useLayoutEffect } from 'react'
import type { PendingInteraction } from '../shared/interactions'
import type { Panel } from './panel'

/**
 * Ctrl+O's output, drawn on the alternate screen: a prompt that comes up closes it for good (it
 * is answered on the normal screen), and closing it shows the transcript again.
 */
export function useOutputPanel(
  head: PendingInteraction | undefined,
  panel: Panel | null,
  setPanel: (panel: Panel | null) => void,
  leave: () => Promise<void>,
) {
  if (head && panel?.kind === 'output') setPanel(null)
  const outputShown = panel?.kind === 'output'
  useLayoutEffect(() => {
    if (!outputShown) void leave()
  }, [outputShown, leave])
}
