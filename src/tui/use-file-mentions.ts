import type { Key } from 'ink'
import { useEffect } from 'react'
import type { OutgoingAttachment } from '../shared/attachments'
import { ATTACHMENTS_MAX } from '../shared/attachment-limits'
import { insertMention, mentionQuery } from '../shared/mention-query'
import type { TextEditorState } from './text-editor'
import type { TuiBridge } from './tui-bridge'
import { useRefState } from './use-ref-state'

const NONE: readonly string[] = []

interface Found {
  query: string
  paths: readonly string[]
}

/** The `@` list for the draft: the paths found for its `@word` unless Esc closed it, and the pick. */
function mentionList(
  sessionId: string | undefined,
  state: TextEditorState,
  found: Found,
  picked: { query: string; index: number },
  dismissed: string | null,
) {
  const at = sessionId === undefined ? null : mentionQuery(state.text, state.cursor)
  const where = at === null ? null : `${at.start}:${at.query}`
  const paths = at !== null && found.query === at.query ? found.paths : NONE
  const open = where !== null && paths.length > 0 && dismissed !== where
  const index = picked.query === at?.query ? Math.min(picked.index, paths.length - 1) : 0
  return { at, where, paths: open ? paths : NONE, index }
}

/** What a key did to the `@` list: nothing (not its key), or a new draft to show. */
export type MentionKeyResult = { kind: 'not_mine' } | { kind: 'used'; editor?: TextEditorState }

/**
 * `@` completion in the message box, as the desktop's: while the cursor is in an `@word`, the
 * session's workspace files and folders best matching it (`searchWorkspaceFiles`, the index the
 * desktop uses; the newest answer only). ↑/↓ move, Tab or Enter writes `@path` — a file is
 * attached to the message, a folder is typed on into — and Esc closes the list until the word
 * changes. `attachments(text)` gives the files still mentioned in the text being sent.
 */
export function useFileMentions(
  bridge: TuiBridge,
  sessionId: string | undefined,
  editor: TextEditorState,
) {
  const mention = sessionId === undefined ? null : mentionQuery(editor.text, editor.cursor)
  const query = mention?.query ?? null
  const [found, setFound, foundRef] = useRefState<Found>({
    query: '',
    paths: NONE,
  })
  const [picked, setPicked, pickedRef] = useRefState({ query: '', index: 0 })
  const [dismissed, setDismissed, dismissedRef] = useRefState<string | null>(null)
  const [, setAttached, attachedRef] = useRefState<{
    sessionId: string | undefined
    paths: readonly string[]
  }>({ sessionId, paths: NONE })

  useEffect(() => {
    if (sessionId === undefined || query === null) return
    let current = true
    void bridge.searchWorkspaceFiles({ sessionId, query, limit: 8 }).then((result) => {
      if (current) setFound({ query, paths: result.ok ? result.paths : NONE })
    })
    return () => {
      current = false
    }
  }, [bridge, sessionId, query, setFound])

  const shown = mentionList(sessionId, editor, found, picked, dismissed)

  /** Keys while the list is open. */
  const key = (state: TextEditorState, key: Key): MentionKeyResult => {
    // Read from the refs: keys typed together come before the next render.
    const list = mentionList(
      sessionId,
      state,
      foundRef.current,
      pickedRef.current,
      dismissedRef.current,
    )
    const path = list.paths[list.index]
    if (list.at === null || path === undefined) return { kind: 'not_mine' }
    const count = list.paths.length
    if (key.upArrow || key.downArrow) {
      const step = key.upArrow ? -1 : 1
      setPicked({ query: list.at.query, index: (list.index + step + count) % count })
      return { kind: 'used' }
    }
    if (key.escape) {
      setDismissed(list.where)
      return { kind: 'used' }
    }
    if ((key.tab && !key.shift) || key.return) {
      const next = insertMention(state.text, state.cursor, list.at, path)
      const kept = attachedRef.current.sessionId === sessionId ? attachedRef.current.paths : NONE
      if (!path.endsWith('/') && !kept.includes(path) && kept.length < ATTACHMENTS_MAX)
        setAttached({ sessionId, paths: [...kept, path] })
      return { kind: 'used', editor: { text: next.text, cursor: next.caret } }
    }
    return { kind: 'not_mine' }
  }

  /** The files chosen with `@` that `text` still mentions, as the message's attachments. */
  const attachments = (text: string): OutgoingAttachment[] =>
    (attachedRef.current.sessionId === sessionId ? attachedRef.current.paths : NONE)
      .filter((path) => text.split(/\s+/).includes(`@${path}`))
      .map((path) => ({ kind: 'file', path }))

  /** Once the message is sent: the files go with it and none is kept. */
  const sent = () => setAttached({ sessionId, paths: NONE })

  return { paths: shown.paths, selected: shown.index, key, attachments, sent }
}
