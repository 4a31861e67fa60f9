import {
  EMPTY_EDITOR,
  deleteBackward,
  editorWith,
  insertText,
  type TextEditorState,
} from './text-editor'

/**
 * The message box: a text editor, long pastes kept aside, and where the person is in the history
 * of sent messages. Pure functions; each returns the same object when nothing changed.
 */
export interface ComposerState {
  readonly editor: TextEditorState
  /** Long pastes, shown in the draft as "[Pasted text #n +N lines]" and sent in full. */
  readonly pastes: readonly string[]
  /** Browsing the history: which message (0 = the newest) and the draft put aside meanwhile. */
  readonly browsing: { readonly index: number; readonly draft: TextEditorState } | null
}

export const EMPTY_COMPOSER: ComposerState = { editor: EMPTY_EDITOR, pastes: [], browsing: null }

/** A paste with more lines (or characters) than this is collapsed to one placeholder. */
const COLLAPSE_LINES = 5
const COLLAPSE_CHARS = 1_000

const PLACEHOLDER = /\[Pasted text #(\d+) \+(\d+) lines?\]/g
const PLACEHOLDER_AT_END = /\[Pasted text #\d+ \+\d+ lines?\]$/

/** Replaces the editor (typing, moving); the person leaves the history where they were. */
export function withEditor(state: ComposerState, editor: TextEditorState): ComposerState {
  return editor === state.editor && state.browsing === null
    ? state
    : { ...state, editor, browsing: null }
}

/**
 * Pasted text at the cursor. A long paste is shown as "[Pasted text #n +N lines]" (the draft
 * stays readable and editable), and sent in full; a short one is inserted as it is, line breaks
 * included.
 */
export function pasteText(state: ComposerState, text: string): ComposerState {
  const normalized = text.replace(/\r\n?/g, '\n')
  // A paste of 40 lines ends with a line break: that is 40 lines, not 41.
  const lines = normalized.replace(/\n$/, '').split('\n').length
  if (lines <= COLLAPSE_LINES && normalized.length <= COLLAPSE_CHARS)
    return withEditor(state, insertText(state.editor, normalized))
  const number = state.pastes.length + 1
  const placeholder = `[Pasted text #${number} +${lines} line${lines === 1 ? '' : 's'}]`
  return {
    editor: insertText(state.editor, placeholder),
    pastes: [...state.pastes, normalized],
    browsing: null,
  }
}

/** Backspace; right after a paste placeholder it removes the whole placeholder. */
export function deleteBackwardInComposer(state: ComposerState): ComposerState {
  const before = state.editor.text.slice(0, state.editor.cursor)
  const match = PLACEHOLDER_AT_END.exec(before)
  if (!match) return withEditor(state, deleteBackward(state.editor))
  const from = before.length - match[0].length
  return withEditor(state, {
    text: state.editor.text.slice(0, from) + state.editor.text.slice(state.editor.cursor),
    cursor: from,
  })
}

/** The message as it is sent: every paste placeholder replaced by the text it stands for. */
export function messageText(state: ComposerState): string {
  return state.editor.text.replace(PLACEHOLDER, (whole, number: string) => {
    return state.pastes[Number(number) - 1] ?? whole
  })
}

/**
 * ↑ in the first line: the previous sent message (`history` newest first). The draft is put
 * aside and comes back when ↓ goes past the newest message.
 */
export function historyBack(state: ComposerState, history: readonly string[]): ComposerState {
  const index = state.browsing === null ? 0 : state.browsing.index + 1
  const message = history[index]
  if (message === undefined) return state
  return {
    ...state,
    editor: editorWith(message),
    browsing: { index, draft: state.browsing?.draft ?? state.editor },
  }
}

/** ↓ in the last line while browsing: the next newer message, then the draft put aside. */
export function historyForward(state: ComposerState, history: readonly string[]): ComposerState {
  if (state.browsing === null) return state
  const index = state.browsing.index - 1
  if (index < 0) return { ...state, editor: state.browsing.draft, browsing: null }
  return {
    ...state,
    editor: editorWith(history[index] ?? ''),
    browsing: { ...state.browsing, index },
  }
}
