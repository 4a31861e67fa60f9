import { useState } from 'react'
import type { PermissionInteraction } from '../../shared'
import type { RememberScope } from '../../shared/permission'
import { useActions, usePairedDevice } from '../state/chat-context'
import { useSettle } from '../tray/use-tray-region'

/**
 * The answer the person puts together in a permission tray: whether to remember it and for how
 * long (a paired device answers for the turn only), a note that goes with Deny, and sending it.
 */
export function usePermissionAnswer(request: PermissionInteraction) {
  const actions = useActions()
  const paired = usePairedDevice()
  const [remember, setRemember] = useState(false)
  const [scope, setScope] = useState<RememberScope>('turn')
  const [noteOpen, setNoteOpen] = useState(false)
  const [note, setNote] = useState('')
  const { busy, settle } = useSettle()
  const respond = (decision: 'allow' | 'deny') =>
    settle(() =>
      actions.respondToPermission({
        sessionId: request.sessionId,
        requestId: request.requestId,
        decision,
        remember: remember && request.rememberScope !== null,
        ...(remember && !paired && scope !== 'turn' ? { scope } : {}),
        ...(decision === 'deny' && noteOpen ? { note } : {}),
      }),
    )
  const dismiss = () =>
    settle(() => actions.dismissInteraction(request.sessionId, request.requestId))
  return {
    paired,
    remember,
    setRemember,
    scope,
    setScope,
    noteOpen,
    setNoteOpen,
    note,
    setNote,
    busy,
    respond,
    dismiss,
  }
}

/** What `usePermissionAnswer` hands the tray's parts. */
export type PermissionAnswerState = ReturnType<typeof usePermissionAnswer>
