import { useEffect, useState } from 'react'
import type { SessionSummary } from '../shared/bridge'
import type { TuiBridge } from './tui-bridge'

/** A new session at start-up (`createdId`): offers the last one that has something in it. */
export function useResumeOffer(bridge: TuiBridge, createdId: string | undefined) {
  const [offer, setOffer] = useState<SessionSummary | null>(null)
  useEffect(() => {
    if (!createdId) return
    let live = true
    void bridge.listSessions({}).then((list) => {
      if (!live || !Array.isArray(list)) return
      setOffer(list.find((s) => s.id !== createdId && s.updatedAt > s.createdAt) ?? null)
    })
    return () => {
      live = false
    }
  }, [bridge, createdId])
  return [offer, setOffer] as const
}
