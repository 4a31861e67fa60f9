import { deletePlaceholderBefore, expandPastes, pasteInto, type PastedText } from './pasted-text'
import { EMPTY_EDITOR, deleteBackward, editorWith, type TextEditorState } from './text-editor'

/**
 * The message box: a text editor, long pastes kept aside, and where the person is in the history
 * of sent messages. Pure functions; each returns the same object when nothing changed.
 */
export interface ComposerState extends PastedText {
  /** Browsing the history: which message (0 = the newest) and the draft put aside meanwhile. */
  readonly browsing: { readonly index: number; readonly draft: TextEditorState } | null
}

export const EMPTY_COMPOSER: ComposerState = { editor: EMPTY_EDITOR, pastes: [], browsing: null }

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
  return { ...pasteInto(state, text), browsing: null }
}

/** Backspace; right after a paste placeholder it removes the whole placeholder. */
export function deleteBackwardInComposer(state: ComposerState): ComposerState {
  return withEditor(state, deletePlaceholderBefore(state.editor) ?? deleteBackward(state.editor))
}

/** The message as it is sent: every paste placeholder replaced by the text it stands for. */
export function messageText(state: ComposerState): string {
  return expandPastes(state.editor.text, state.pastes)
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
