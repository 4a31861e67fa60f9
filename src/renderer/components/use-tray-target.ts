import { queueOf } from '../state/app-state'
import { useChat } from '../state/chat-context'

/** Whether the tray on screen is about this tool call, so its card in the transcript is marked. */
export function useIsTrayTarget(toolCallId: string): boolean {
  return useChat((s) => {
    const head = queueOf(s, s.activeSessionId)[0]
    return head?.source.kind === 'parley' && head.source.toolCallId === toolCallId
  })
}
