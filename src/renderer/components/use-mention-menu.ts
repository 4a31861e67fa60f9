import { useEffect, useState, type KeyboardEvent } from 'react'
import { insertMention, mentionQuery } from '../../shared/mention-query'
import { draftKey } from '../state/app-state'
import { useActions } from '../state/chat-context'

const NONE: readonly string[] = []

/**
 * The message box's `@` menu: while the caret is in an `@word`, the session's workspace files
 * and folders best matching it (newest answer only). Choosing a file writes `@path` into the
 * text and attaches the file; choosing a folder (Tab or Enter) writes it and goes on into it.
 * Escape closes only the menu, until the mention changes.
 */
export function useMentionMenu({
  sessionId,
  draft,
  caret,
  moveCaret,
}: {
  sessionId: string | null
  draft: string
  caret: number
  /** Puts the caret at `at` once the new text is in the box. */
  moveCaret: (at: number) => void
}) {
  const actions = useActions()
  const mention = sessionId === null ? null : mentionQuery(draft, caret)
  const query = mention?.query ?? null
  const [found, setFound] = useState<{ query: string; paths: readonly string[] }>({
    query: '',
    paths: NONE,
  })
  const [dismissed, setDismissed] = useState<string | null>(null)
  const [picked, setPicked] = useState({ query: '', index: 0 })

  useEffect(() => {
    if (sessionId === null || query === null) return
    let current = true
    void actions.searchWorkspaceFiles(sessionId, query).then((paths) => {
      if (current) setFound({ query, paths })
    })
    return () => {
      current = false
    }
  }, [actions, sessionId, query])

  const entries = query === null ? NONE : found.paths
  const where = mention === null ? null : `${mention.start}:${mention.query}`
  const open = where !== null && entries.length > 0 && dismissed !== where
  const active = picked.query === query ? Math.min(picked.index, entries.length - 1) : 0

  const pick = (path: string) => {
    if (mention === null || sessionId === null) return
    const next = insertMention(draft, caret, mention, path)
    actions.setComposerDraft(draftKey(sessionId), next.text)
    if (!path.endsWith('/')) actions.addAttachment(draftKey(sessionId), { kind: 'file', path })
    moveCaret(next.caret)
  }

  /** Keys while the menu is open; true when the key was the menu's. */
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>): boolean => {
    if (!open) return false
    const move = (step: number) => {
      event.preventDefault()
      setPicked({ query: query ?? '', index: (active + step + entries.length) % entries.length })
      return true
    }
    switch (event.key) {
      case 'ArrowDown':
        return move(1)
      case 'ArrowUp':
        return move(-1)
      case 'Escape':
        // Only the menu closes: the draft, the tray and the page keep what Escape does there.
        event.preventDefault()
        event.stopPropagation()
        setDismissed(where)
        return true
      case 'Enter':
      case 'Tab': {
        if (event.shiftKey || event.nativeEvent.isComposing) return false
        const path = entries[active]
        if (path === undefined) return false
        event.preventDefault()
        pick(path)
        return true
      }
      default:
        return false
    }
  }

  return { open, entries, active, pick, onKeyDown }
}
