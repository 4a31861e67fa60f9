import { useMemo, useState } from 'react'
import type { TranscriptItem } from '../shared/transcript'
import type { HistorySearch } from './history-search'
import { inputHistory, type SentCommand } from './input-history'
import { useRefState } from './use-ref-state'

/**
 * What ↑ and Ctrl+R go through: the session's messages, with the commands run here (kept across
 * a session switch) put among them, and Ctrl+R's search while it is open.
 */
export function useSentHistory(items: readonly TranscriptItem[]) {
  const [sentCommands, setSentCommands] = useState<readonly SentCommand[]>([])
  const userMessages = useMemo(
    () => items.flatMap((item) => (item.kind === 'user' ? [item.text] : [])),
    [items],
  )
  const recordCommand = (text: string) =>
    setSentCommands((sent) => [...sent, { text, afterMessages: userMessages.length }])
  const history = useMemo(
    () => inputHistory(userMessages, sentCommands),
    [userMessages, sentCommands],
  )
  const [search, setSearch, searchRef] = useRefState<HistorySearch | null>(null)
  return { history, recordCommand, search, setSearch, searchRef }
}
