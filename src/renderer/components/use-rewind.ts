import { useEffect, useState } from 'react'
import type { BridgeOutput } from '../../shared/bridge'
import type { RestoreWhat } from '../../shared/checkpoints'
import { restoreOutcomeText } from '../../ui-common/rewind-model'
import { useActions } from '../state/chat-context'

/** What rewinding would change, as read when the dialog opened (null: the read failed, said). */
export type RewindPreviewState = BridgeOutput<'previewCheckpoint'> | null | 'loading'

/**
 * A rewind in the making: the preview of what it would change (read when the dialog opens), and
 * restoring. A restore refused because files changed by hand since offers to overwrite them
 * (`overwrite`), only as a second, explicit choice; `status` says how the last attempt went.
 */
export function useRewind({
  sessionId,
  turnId,
  messageText,
  onDone,
}: {
  sessionId: string
  turnId: string
  messageText: string
  onDone: () => void
}) {
  const actions = useActions()
  const [preview, setPreview] = useState<RewindPreviewState>('loading')
  const [status, setStatus] = useState<string | null>(null)
  const [overwrite, setOverwrite] = useState<RestoreWhat | null>(null)
  const [working, setWorking] = useState(false)

  useEffect(() => {
    let live = true
    void actions.previewRewind(sessionId, turnId).then((result) => {
      if (live) setPreview(result)
    })
    return () => {
      live = false
    }
  }, [actions, sessionId, turnId])

  const restore = async (what: RestoreWhat, force: boolean) => {
    setWorking(true)
    const result = await actions.rewind(sessionId, turnId, { restore: what, force, messageText })
    setWorking(false)
    if (result === null) return
    if (result.ok) {
      onDone()
      return
    }
    setOverwrite(result.reason === 'conflict' ? what : null)
    setStatus(restoreOutcomeText(result, what))
  }
  return { preview, status, overwrite, working, restore }
}
