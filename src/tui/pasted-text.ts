import { insertText, type TextEditorState } from './text-editor'

/**
 * Long pastes kept aside: in a text field they show as one "[Pasted text #n +N lines]"
 * placeholder (the field stays readable and editable) and stand for their full text when it is
 * sent. The message box and the prompts' text fields ("Other", a denial's note) share this.
 */
export interface PastedText {
  readonly editor: TextEditorState
  /** The text of each placeholder, by its number less one. */
  readonly pastes: readonly string[]
}

/** A paste with more lines (or characters) than this is collapsed to one placeholder. */
const COLLAPSE_LINES = 5
const COLLAPSE_CHARS = 1_000

const PLACEHOLDER = /\[Pasted text #(\d+) \+(\d+) lines?\]/g
const PLACEHOLDER_AT_END = /\[Pasted text #\d+ \+\d+ lines?\]$/

/** The lines of a paste: one that ends with its line break (40 lines and a "\n") is 40, not 41. */
export function pastedLineCount(text: string): number {
  return text.replace(/\n$/, '').split('\n').length
}

/**
 * Pasted text at the cursor: a short paste is inserted as it is (line breaks included), a long
 * one as its placeholder, its text kept in `pastes`.
 */
export function pasteInto<T extends PastedText>(state: T, text: string): T {
  const normalized = text.replace(/\r\n?/g, '\n')
  const lines = pastedLineCount(normalized)
  if (lines <= COLLAPSE_LINES && normalized.length <= COLLAPSE_CHARS)
    return { ...state, editor: insertText(state.editor, normalized) }
  const number = state.pastes.length + 1
  const placeholder = `[Pasted text #${number} +${lines} line${lines === 1 ? '' : 's'}]`
  return {
    ...state,
    editor: insertText(state.editor, placeholder),
    pastes: [...state.pastes, normalized],
  }
}

/** `text` with every placeholder replaced by the paste it stands for. */
export function expandPastes(text: string, pastes: readonly string[]): string {
  return text.replace(PLACEHOLDER, (whole, number: string) => pastes[Number(number) - 1] ?? whole)
}

/** The field holds a placeholder of one of its pastes. */
export function hasCollapsedPaste({ editor, pastes }: PastedText): boolean {
  return expandPastes(editor.text, pastes) !== editor.text
}

/**
 * Every placeholder replaced by its text in the editor itself (to read or edit a paste); the
 * cursor stays where it was in the text around it.
 */
export function expandInEditor(state: PastedText): TextEditorState {
  const { editor, pastes } = state
  const text = expandPastes(editor.text, pastes)
  if (text === editor.text) return editor
  return { text, cursor: expandPastes(editor.text.slice(0, editor.cursor), pastes).length }
}

/** Backspace right after a placeholder: the whole placeholder goes; null when none is there. */
export function deletePlaceholderBefore(editor: TextEditorState): TextEditorState | null {
  const before = editor.text.slice(0, editor.cursor)
  const match = PLACEHOLDER_AT_END.exec(before)
  if (!match) return null
  const from = before.length - match[0].length
  return { text: editor.text.slice(0, from) + editor.text.slice(editor.cursor), cursor: from }
}
