import type { Key } from 'ink'
import {
  deletePlaceholderBefore,
  expandInEditor,
  expandPastes,
  hasCollapsedPaste,
  pasteInto,
  type PastedText,
} from './pasted-text'
import { editorRows, editorWith } from './text-editor'
import { applyEditorKey } from './text-editor-keys'
import type { StyledLine } from './styled-text'

/**
 * A text field inside a prompt ("Other", a denial's note): the editor, long pastes kept aside as
 * placeholders (as in the message box; Ctrl+O puts their text in the field), plus the question
 * Esc asks before it throws typed text away.
 */
export interface TextFieldState extends PastedText {
  /** The text the field opened with: leaving with it unchanged loses nothing, so Esc just leaves. */
  readonly opened: string
  /** Esc was pressed over unconfirmed text: a second Esc discards it, any other key keeps it. */
  readonly confirmingDiscard: boolean
}

/** What a key does to the field. */
export type FieldKeyResult =
  | { kind: 'edit'; state: TextFieldState }
  | { kind: 'submit'; text: string }
  | { kind: 'cancel' }
  | { kind: 'ignored' }

/** A field holding `text`, the cursor at its end. */
export function openField(text = ''): TextFieldState {
  return { editor: editorWith(text), pastes: [], opened: text, confirmingDiscard: false }
}

/** The field's text as it is sent: every paste placeholder replaced by its text. */
export function fieldText(state: TextFieldState): string {
  return expandPastes(state.editor.text, state.pastes)
}

/** The keys that work on a field beside Enter and Esc; Ctrl+O while a long paste is collapsed. */
export function fieldHints(state: TextFieldState): string[] {
  return ['Alt+Enter newline', ...(hasCollapsedPaste(state) ? ['Ctrl+O show the paste'] : [])]
}

/**
 * Applies a key press or a paste (pasted text keeps its line breaks; a long paste shows as its
 * placeholder). Enter submits the text with every paste in full, Alt+Enter or Ctrl+J adds a
 * line, Backspace after a placeholder removes the whole paste, Ctrl+O puts the pastes' text in
 * the field, Esc leaves: at once when nothing new was typed, else after asking.
 */
export function applyFieldKey(
  state: TextFieldState,
  input: string,
  key: Key,
  pasted: boolean,
): FieldKeyResult {
  if (pasted)
    return { kind: 'edit', state: { ...pasteInto(state, input), confirmingDiscard: false } }
  if (key.escape) {
    const text = fieldText(state)
    const unchanged = text === state.opened || text.trim() === ''
    if (unchanged || state.confirmingDiscard) return { kind: 'cancel' }
    return { kind: 'edit', state: { ...state, confirmingDiscard: true } }
  }
  const kept = state.confirmingDiscard ? { ...state, confirmingDiscard: false } : state
  if (key.ctrl && input === 'o') {
    const editor = expandInEditor(state)
    return editor === state.editor && kept === state
      ? { kind: 'ignored' }
      : { kind: 'edit', state: { ...kept, editor } }
  }
  const placeholderGone = key.backspace && !key.meta ? deletePlaceholderBefore(state.editor) : null
  if (placeholderGone) return { kind: 'edit', state: { ...kept, editor: placeholderGone } }
  const result = applyEditorKey(state.editor, input, key)
  switch (result.kind) {
    case 'submit':
      return { kind: 'submit', text: fieldText(state) }
    case 'edit':
      return { kind: 'edit', state: { ...kept, editor: result.state } }
    case 'unhandled':
      return kept === state ? { kind: 'ignored' } : { kind: 'edit', state: kept }
  }
}

/** The field's rows (scrolled to the cursor), and the discard question when it is asked. */
export function fieldLines(state: TextFieldState, width: number, maxRows: number): StyledLine[] {
  const room = Math.max(1, maxRows - (state.confirmingDiscard ? 1 : 0))
  const options = {
    prefix: { text: '› ', style: { color: 'cyan' } },
    // What the person types (an Other answer, a note to the agent).
    reveal: 'prose' as const,
  }
  const fit = editorRows(state.editor, width, { ...options, maxRows: room })
  let rows = fit.lines
  // More rows than there is room for: the last row says which are shown, so none seem missing.
  if (fit.total > room && room > 1) {
    const shown = editorRows(state.editor, width, { ...options, maxRows: room - 1 })
    rows = [
      ...shown.lines,
      [
        {
          text: `  rows ${shown.first + 1}–${shown.first + shown.lines.length} of ${shown.total}`,
          style: { dim: true },
        },
      ],
    ]
  }
  return state.confirmingDiscard
    ? [
        ...rows,
        [
          {
            text: 'Discard what you typed? Esc again discards · any other key keeps it',
            style: { color: 'yellow' },
          },
        ],
      ]
    : rows
}
