import { useApp, type Key } from 'ink'
import { useRef } from 'react'
import { cancelQueuedMessage, type MessageQueue } from '../shared/queued-messages'
import {
  EMPTY_COMPOSER,
  deleteBackwardInComposer,
  historyBack,
  historyForward,
  messageText,
  pasteText,
  withEditor,
  type ComposerState,
} from './composer-state'
import type { EditorResult } from './external-editor'
import type { HistorySearch } from './history-search'
import { historySearchKey } from './history-search-keys'
import type { KeyHandler } from './key-router'
import { movePick, pickedIndex, type SlashMenuPick } from './slash-menu'
import { commandSuggestions, parseComposerInput, type SlashCommandName } from './slash-commands'
import { editorWith } from './text-editor'
import { applyEditorKey } from './text-editor-keys'
import type { useFileMentions } from './use-file-mentions'
import { useRefState } from './use-ref-state'

/** What the message box's keys read and do. */
export interface ComposerKeysContext {
  composerRef: { readonly current: ComposerState }
  setDraft(next: ComposerState): void
  history: readonly string[]
  searchRef: { readonly current: HistorySearch | null }
  setSearch(search: HistorySearch | null): void
  mentions: ReturnType<typeof useFileMentions>
  queued: MessageQueue
  setQueued(update: (queue: MessageQueue) => MessageQueue): void
  running: boolean
  stopTurn(): void
  /** Esc twice in an empty message box. */
  openRewind(): void
  runCommand(name: SlashCommandName, arg: string): void
  submit(): void
  hint(text: string): void
  /** Ctrl+G: edits the draft in `$VISUAL`/`$EDITOR`. */
  editDraft: (draft: string) => EditorResult
}

/**
 * The message box's keys: Ctrl+R's search, a paste, Ctrl+G's editor, the `@` list and the `/`
 * menu, Esc (stop, or twice for the rewind picker), editing, Enter, and ↑/↓ through the queue and
 * the history. Returns the handler and the `/` menu's highlighted command.
 */
export function useComposerKeys(context: ComposerKeysContext) {
  const { composerRef, setDraft, history, searchRef, setSearch, mentions, queued } = context
  const { suspendTerminal } = useApp()
  const [menuPick, setMenuPick, menuPickRef] = useRefState<SlashMenuPick | null>(null)
  const lastEscape = useRef(0)

  /** Ctrl+G: the draft in the person's editor; ink gives the terminal back when it exits. */
  const editInOwnEditor = (state: ComposerState) => {
    let result: EditorResult = { ok: false, reason: 'failed', message: '' }
    void suspendTerminal(() => {
      result = context.editDraft(messageText(state))
    }).then(() => {
      if (!result.ok) return context.hint(result.message)
      setDraft({ ...EMPTY_COMPOSER, editor: editorWith(result.text) })
    })
  }

  const composerKey: KeyHandler = (input: string, key: Key, pasted: boolean) => {
    const state = composerRef.current
    const searching = searchRef.current
    if (searching) {
      const step = historySearchKey(searching, history, input, key, pasted)
      switch (step.kind) {
        case 'search':
          return setSearch(step.search)
        case 'accept':
          setSearch(null)
          return setDraft(withEditor(state, editorWith(step.text)))
        case 'cancel':
          return setSearch(null)
        default:
          return step satisfies never
      }
    }
    if (pasted) return setDraft(pasteText(state, input))
    if (key.ctrl && input === 'r') return setSearch({ query: '', skip: 0 })
    if (key.ctrl && input === 'g') return editInOwnEditor(state)
    // The `@` list, while it is open, takes ↑/↓, Tab, Enter and Esc.
    const mention = mentions.key(state.editor, key)
    if (mention.kind === 'used')
      return mention.editor ? setDraft(withEditor(state, mention.editor)) : undefined
    if (key.escape) {
      if (context.running) context.stopTurn()
      // Esc twice in an empty message box: the rewind picker.
      else if (state.editor.text === '' && Date.now() - lastEscape.current < 600)
        context.openRewind()
      lastEscape.current = Date.now()
      return
    }
    // Read from the draft as it is now: keys typed together come before the next render.
    const typed = commandSuggestions(state.editor.text)
    const picked = typed[pickedIndex(menuPickRef.current, state.editor.text, typed.length)]
    if (picked && (key.upArrow || key.downArrow))
      return setMenuPick(
        movePick(menuPickRef.current, state.editor.text, typed.length, key.upArrow ? -1 : 1),
      )
    if (key.tab && !key.shift && picked)
      return setDraft(
        withEditor(state, { text: `/${picked.name} `, cursor: picked.name.length + 2 }),
      )
    // Enter on a word that is no command yet runs the highlighted one.
    if (key.return && picked && parseComposerInput(state.editor.text).kind === 'unknown') {
      setDraft(EMPTY_COMPOSER)
      return context.runCommand(picked.name, '')
    }
    if (key.backspace && !key.meta) return setDraft(deleteBackwardInComposer(state))
    const result = applyEditorKey(state.editor, input, key)
    switch (result.kind) {
      case 'edit':
        return setDraft(withEditor(state, result.state))
      case 'submit':
        return context.submit()
      case 'unhandled': {
        // ↑ on an empty draft takes the last queued message back, to edit (Enter queues it
        // again) or to drop (Ctrl+C clears it).
        const last = queued.at(-1)
        if (key.upArrow && state.editor.text === '' && last) {
          context.setQueued((queue) => cancelQueuedMessage(queue, last.id))
          return setDraft(withEditor(state, { text: last.text, cursor: last.text.length }))
        }
        if (key.upArrow) return setDraft(historyBack(state, history))
        if (key.downArrow) return setDraft(historyForward(state, history))
        return
      }
      default:
        return result satisfies never
    }
  }

  return { composerKey, menuPick }
}
