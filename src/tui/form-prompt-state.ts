import type { Key } from 'ink'
import {
  draftErrors,
  formContent,
  type FieldErrors,
  type FormContent,
} from '../shared/form-answers'
import type { FormButton } from '../shared/form-buttons'
import type { FieldDraft, FormDraft, FormSpec } from '../shared/form-schema'
import {
  clearField,
  goTo,
  hasEdits,
  hasReview,
  isReview,
  next,
  normalizeDraft,
  partFields,
  pickOption,
  previous,
  review,
  setOtherText,
  setText,
  toggleBoolean,
  toggleOption,
  toggleOther,
} from '../shared/form-state'
import { editorWith, insertText, type TextEditorState } from './text-editor'
import { applyEditorKey } from './text-editor-keys'
import { pasteInto } from './pasted-text'
import { applyFieldKey, fieldText, openField, type TextFieldState } from './text-field'

/**
 * The terminal's form as a pure state machine over the shared form state (`form-state.ts`): the
 * rows of the part on screen, a highlighted row, and what each key does. The draft is the
 * shared, saveable part; the cursor, the text cursor, "problems shown", "confirm cancel" and the
 * "Other" text being typed are view state.
 *
 * Keys, a form (every field on one part, then a row of buttons):
 * ↑/↓ move between rows (each option is a row; in a text field ↑/↓ first move between its lines);
 * Tab jumps to the next field; a text field is typed into where it is
 * (←/→, Home/End, Ctrl+U, Ctrl+W, Alt+Enter for a new line); Space chooses an option, ticks a
 * box or a multi-select's option; Enter chooses a single choice and moves on, moves on from any
 * other field, and presses the highlighted button; 1–9 pick the field's option by number; on
 * "Other" Enter or typing opens its text field (Enter keeps the text, Esc throws it away after
 * asking); Ctrl+S submits from anywhere; Esc cancels, asking first when something was filled in.
 * A submit with problems shows each one at its field and moves to the first.
 *
 * AskUserQuestion (`layout: 'questions'`): one question per part under a row of tabs, ←/→ or
 * Tab between questions and the review (Ctrl+S jumps to it); Enter or a number chooses an option
 * and moves on, Space or a number ticks a multi-select's option (Enter moves on), Esc moves on
 * and keeps what was chosen. Nothing is sent before the review, where Enter on Submit sends every
 * answer once and Enter on a question goes back to it.
 */

/** One row the cursor can be on. */
export type FormRow =
  | { kind: 'input'; field: number }
  | { kind: 'bool'; field: number }
  | { kind: 'option'; field: number; option: number }
  | { kind: 'other'; field: number }
  | { kind: 'review'; field: number }
  /** The row of buttons at the bottom (Submit, Decline, Cancel…). */
  | { kind: 'buttons' }

/** What the asker allows: which buttons, and whether it is still waiting. */
export interface FormContext {
  readonly spec: FormSpec
  /** The buttons of the bottom row, in order; none for a question on screen. */
  readonly buttons: readonly FormButton[]
}

export interface FormPromptState {
  readonly draft: FormDraft
  /** The highlighted row of the part on screen. */
  readonly cursor: number
  /** The highlighted button while the cursor is on the buttons. */
  readonly button: number
  /** Submit was refused once: from then on every problem shows at its field. */
  readonly checked: boolean
  /** Esc with answers filled in: asking before they are thrown away. */
  readonly confirmingCancel: boolean
  /** Where the text cursor is in the text field under the cursor (its text is the draft's). */
  readonly text: { readonly field: number; readonly editor: TextEditorState } | null
  /** "Other" being typed: its text goes into the draft when it is confirmed with Enter. */
  readonly other: { readonly field: number; readonly state: TextFieldState } | null
}

/** What the prompt asks its host to do after a key. */
export type FormAction =
  | { kind: 'accept'; content: FormContent; draft: FormDraft }
  | { kind: 'decline' }
  | { kind: 'cancel' }
  | { kind: 'send-as-message'; content: FormContent }
  | { kind: 'dismiss' }

export interface FormPromptStep {
  readonly state: FormPromptState
  /** The draft changed: worth saving so a restart resumes here. */
  readonly draftChanged: boolean
  readonly action: FormAction | null
}

/** The rows of the part on screen, the buttons last when there are any. */
export function rowsOf(context: FormContext, draft: FormDraft): FormRow[] {
  const { spec } = context
  const buttons: FormRow[] = context.buttons.length > 0 ? [{ kind: 'buttons' }] : []
  if (isReview(spec, draft))
    return [...spec.fields.map((_, field): FormRow => ({ kind: 'review', field })), ...buttons]
  const fields = partFields(spec, draft.index).flatMap((field): FormRow[] => {
    const f = spec.fields[field]
    switch (f?.type) {
      case undefined:
      case 'unsupported':
        return []
      case 'text':
      case 'number':
        return [{ kind: 'input', field }]
      case 'boolean':
        return [{ kind: 'bool', field }]
      case 'choice':
      case 'multi':
        return [
          ...f.options.map((_, option): FormRow => ({ kind: 'option', field, option })),
          ...(f.other ? [{ kind: 'other', field } as const] : []),
        ]
    }
  })
  return hasReview(spec) ? fields : [...fields, ...buttons]
}

/** The row a part opens on: a question's chosen option (or "Other"), the review's Submit. */
function openingRow(context: FormContext, draft: FormDraft): number {
  const rows = rowsOf(context, draft)
  if (isReview(context.spec, draft)) return Math.max(0, rows.length - 1)
  const value = hasReview(context.spec) ? draft.values[draft.index] : null
  if (!value) return 0
  const at = rows.findIndex(
    (r) =>
      (r.kind === 'option' &&
        ((value.kind === 'option' && r.option === value.index) ||
          (value.kind === 'options' && r.option === value.indexes[0]))) ||
      (r.kind === 'other' && value.kind === 'other'),
  )
  return Math.max(0, at)
}

/** Opens the form where a saved draft left off, or fresh. */
export function startFormPrompt(
  context: FormContext,
  saved: FormDraft | null | undefined,
): FormPromptState {
  const draft = normalizeDraft(context.spec, saved)
  return {
    draft,
    cursor: openingRow(context, draft),
    button: 0,
    checked: false,
    confirmingCancel: false,
    text: null,
    other: null,
  }
}

/** The problems shown at the fields: none until a submit was refused once. */
export function shownErrors(spec: FormSpec, state: FormPromptState): FieldErrors {
  return state.checked ? draftErrors(spec, state.draft) : {}
}

/** The text a text or number field holds in the draft. */
export function draftText(value: FieldDraft | null | undefined): string {
  return value?.kind === 'text' ? value.text : ''
}

/** The "Other" text a choice or multi-select holds in the draft; null when "Other" is not chosen. */
export function otherText(value: FieldDraft | null | undefined): string | null {
  if (value?.kind === 'other') return value.text
  if (value?.kind === 'options') return value.other
  return null
}

/** The editor of a text field under the cursor: where the text cursor is, over the draft's text. */
export function textEditor(state: FormPromptState, field: number): TextEditorState {
  const text = draftText(state.draft.values[field])
  const kept = state.text?.field === field ? state.text.editor : null
  return kept && kept.text === text ? kept : editorWith(text)
}

/**
 * Whether a text field takes one line only: a number, or text in a format (an email, a date)
 * where a line break can only be a mistake.
 */
function singleLine(spec: FormSpec, field: number): boolean {
  const f = spec.fields[field]
  return f?.type === 'number' || (f?.type === 'text' && f.format !== undefined)
}

const unchanged = (state: FormPromptState): FormPromptStep => ({
  state,
  draftChanged: false,
  action: null,
})

const act = (state: FormPromptState, action: FormAction): FormPromptStep => ({
  state,
  draftChanged: false,
  action,
})

/** The cursor on row `cursor` of the same part; leaving a text field forgets its text cursor. */
function moveTo(context: FormContext, state: FormPromptState, cursor: number): FormPromptStep {
  const rows = rowsOf(context, state.draft)
  const to = Math.min(Math.max(0, cursor), Math.max(0, rows.length - 1))
  if (to === state.cursor) return unchanged(state)
  const row = rows[to]
  const text = row?.kind === 'input' && state.text?.field === row.field ? state.text : null
  return unchanged({ ...state, cursor: to, text })
}

/** A new draft; when the part changed, the cursor goes where that part opens. */
function withDraft(
  context: FormContext,
  state: FormPromptState,
  draft: FormDraft,
  extra: Partial<FormPromptState> = {},
): FormPromptStep {
  const moved = draft.index !== state.draft.index
  const cursor = moved ? openingRow(context, draft) : (extra.cursor ?? state.cursor)
  const next: FormPromptState = {
    ...state,
    ...(moved ? { text: null, other: null, button: 0 } : {}),
    ...extra,
    draft,
    cursor,
  }
  return { state: next, draftChanged: draft !== state.draft, action: null }
}

/** Submits (or sends on as a message), or shows every problem and moves to the first. */
function submit(context: FormContext, state: FormPromptState): FormPromptStep {
  const { spec } = context
  const result = formContent(spec, state.draft)
  if (result.ok)
    return act(
      state,
      context.buttons.includes('send')
        ? { kind: 'send-as-message', content: result.content }
        : { kind: 'accept', content: result.content, draft: state.draft },
    )
  const first = spec.fields.findIndex((f) => f.key in result.errors)
  const draft = hasReview(spec) ? goTo(spec, state.draft, first) : state.draft
  const moved = withDraft(context, state, draft, { checked: true })
  const rows = rowsOf(context, draft)
  const cursor = rows.findIndex((r) => r.kind !== 'buttons' && r.field === first)
  return {
    ...moved,
    state: { ...moved.state, cursor: cursor < 0 ? moved.state.cursor : cursor, text: null },
  }
}

/** The highlighted button; the buttons can change under it (the asker went away). */
export function buttonIndex(context: FormContext, state: FormPromptState): number {
  return Math.min(state.button, Math.max(0, context.buttons.length - 1))
}

function pressButton(context: FormContext, state: FormPromptState): FormPromptStep {
  const button = context.buttons[buttonIndex(context, state)]
  if (button === undefined) return unchanged(state)
  switch (button) {
    case 'submit':
    case 'send':
      return submit(context, state)
    case 'decline':
      return act(state, { kind: 'decline' })
    case 'cancel':
      return cancel(context, state)
    case 'dismiss':
      return act(state, { kind: 'dismiss' })
  }
}

/** Cancel: at once when nothing was filled in, else after asking. */
function cancel(context: FormContext, state: FormPromptState): FormPromptStep {
  return hasEdits(context.spec, state.draft)
    ? unchanged({ ...state, confirmingCancel: true })
    : act(state, { kind: 'cancel' })
}

/** The first row of the field after the cursor's; the buttons count as one. */
function fieldJump(rows: readonly FormRow[], cursor: number): number {
  const group = (row: FormRow | undefined) =>
    row === undefined ? -2 : row.kind === 'buttons' ? -1 : row.field
  const here = group(rows[cursor])
  const after = rows.findIndex((r, i) => i > cursor && group(r) !== here)
  return after < 0 ? cursor : after
}

/** On to the next field (a form), or the next question (AskUserQuestion). */
function onward(context: FormContext, state: FormPromptState): FormPromptStep {
  const { spec } = context
  if (hasReview(spec)) return withDraft(context, state, next(spec, state.draft))
  const rows = rowsOf(context, state.draft)
  return moveTo(context, state, fieldJump(rows, state.cursor))
}

/** Opens "Other"'s text field with what was typed before, plus a key typed or text pasted. */
function openOther(
  state: FormPromptState,
  field: number,
  added: { typed: string } | { pasted: string } | null = null,
): FormPromptStep {
  const before = otherText(state.draft.values[field]) ?? ''
  const opened = openField(before)
  const withAdded =
    added === null
      ? opened
      : 'pasted' in added
        ? pasteInto(opened, added.pasted)
        : { ...opened, editor: insertText(opened.editor, added.typed) }
  return unchanged({ ...state, other: { field, state: withAdded } })
}

/** Keys while "Other" is being typed: Enter keeps the text, Esc leaves (asking first). */
function otherKey(
  context: FormContext,
  state: FormPromptState,
  input: string,
  key: Key,
  pasted: boolean,
): FormPromptStep {
  const typing = state.other
  if (!typing) return unchanged(state)
  const { spec } = context
  const result = applyFieldKey(typing.state, input, key, pasted)
  switch (result.kind) {
    case 'edit':
      return unchanged({ ...state, other: { field: typing.field, state: result.state } })
    case 'ignored':
      return unchanged(state)
    case 'cancel':
      return unchanged({ ...state, other: null })
    case 'submit': {
      const closed = { ...state, other: null }
      if (result.text.trim() === '') {
        // Nothing typed: "Other" is not an answer; one chosen before is let go.
        const field = spec.fields[typing.field]
        const chosen = otherText(state.draft.values[typing.field]) !== null
        const draft = !chosen
          ? state.draft
          : field?.type === 'multi'
            ? toggleOther(spec, state.draft, typing.field)
            : clearField(spec, state.draft, typing.field)
        return withDraft(context, closed, draft)
      }
      const draft = setOtherText(spec, state.draft, typing.field, result.text)
      const kept = withDraft(context, closed, draft)
      // A question is answered: on to the next one, as a picked option would.
      return hasReview(spec) && spec.fields[typing.field]?.type === 'choice'
        ? { ...withDraft(context, kept.state, next(spec, kept.state.draft)), draftChanged: true }
        : kept
    }
  }
}

/** Keys on a text field: typed into the draft; what the editor does not use comes back null. */
function inputKey(
  context: FormContext,
  state: FormPromptState,
  field: number,
  input: string,
  key: Key,
  pasted: boolean,
): FormPromptStep | null {
  const { spec } = context
  const editor = textEditor(state, field)
  const single = singleLine(spec, field)
  const store = (next: TextEditorState) =>
    withDraft(context, state, setText(spec, state.draft, field, next.text), {
      text: { field, editor: next },
    })
  if (pasted) return store(insertText(editor, single ? input.replace(/[\r\n]+/g, ' ') : input))
  // A line break cannot be part of the answer: Alt+Enter moves on, as Enter does.
  if (single && (input === '\n' || (key.return && (key.meta || key.shift))))
    return onward(context, state)
  const result = applyEditorKey(editor, input, key)
  switch (result.kind) {
    case 'edit':
      return result.state === editor
        ? unchanged({ ...state, text: { field, editor } })
        : store(result.state)
    case 'submit':
      return onward(context, state)
    case 'unhandled':
      return null
  }
}

/** A digit picks (or ticks) the field's option by number; one past the options opens "Other". */
function digitKey(
  context: FormContext,
  state: FormPromptState,
  field: number,
  digit: number,
): FormPromptStep {
  const { spec } = context
  const f = spec.fields[field]
  if (f?.type !== 'choice' && f?.type !== 'multi') return unchanged(state)
  const rows = rowsOf(context, state.draft)
  if (digit <= f.options.length) {
    const cursor = rows.findIndex(
      (r) => r.kind === 'option' && r.field === field && r.option === digit - 1,
    )
    if (f.type === 'multi')
      return withDraft(context, state, toggleOption(spec, state.draft, field, digit - 1), {
        cursor,
        text: null,
      })
    const picked = withDraft(context, state, pickOption(spec, state.draft, field, digit - 1), {
      cursor,
      text: null,
    })
    // A question answered with its number goes on to the next one, as Enter would.
    if (!hasReview(spec)) return picked
    return {
      ...withDraft(context, picked.state, next(spec, picked.state.draft)),
      draftChanged: true,
    }
  }
  if (digit === f.options.length + 1 && f.other) {
    const cursor = rows.findIndex((r) => r.kind === 'other' && r.field === field)
    return openOther({ ...state, cursor, text: null }, field)
  }
  return unchanged(state)
}

/** Space or Enter on a row that is not being typed into. */
function chooseKey(
  context: FormContext,
  state: FormPromptState,
  row: FormRow,
  enter: boolean,
): FormPromptStep {
  const { spec } = context
  switch (row.kind) {
    case 'buttons':
      return pressButton(context, state)
    case 'review':
      return enter
        ? withDraft(context, state, goTo(spec, state.draft, row.field))
        : unchanged(state)
    case 'input':
      return enter ? onward(context, state) : unchanged(state)
    case 'bool':
      return enter
        ? onward(context, state)
        : withDraft(context, state, toggleBoolean(spec, state.draft, row.field))
    case 'option': {
      const multi = spec.fields[row.field]?.type === 'multi'
      if (multi)
        return enter
          ? onward(context, state)
          : withDraft(context, state, toggleOption(spec, state.draft, row.field, row.option))
      const picked = withDraft(context, state, pickOption(spec, state.draft, row.field, row.option))
      if (!enter) return picked
      const moved = onward(context, picked.state)
      return { ...moved, draftChanged: picked.draftChanged || moved.draftChanged }
    }
    case 'other': {
      const ticked = otherText(state.draft.values[row.field]) !== null
      // Space on a ticked multi-select "Other" unticks it; anything else opens its text.
      if (!enter && ticked && spec.fields[row.field]?.type === 'multi')
        return withDraft(context, state, toggleOther(spec, state.draft, row.field))
      return openOther(state, row.field)
    }
  }
}

const DIGIT = /^[0-9]$/

/** Applies one key press (or a paste: `pasted`, all key flags off). */
export function stepFormPrompt(
  context: FormContext,
  state: FormPromptState,
  input: string,
  key: Key,
  pasted: boolean,
): FormPromptStep {
  const { spec } = context
  if (state.confirmingCancel) {
    if (pasted) return unchanged(state)
    if (key.return || input === 'y') return act(state, { kind: 'cancel' })
    if (input === 'd' && context.buttons.includes('decline')) return act(state, { kind: 'decline' })
    if (key.escape || input === 'n') return unchanged({ ...state, confirmingCancel: false })
    return unchanged(state)
  }
  if (state.other) return otherKey(context, state, input, key, pasted)

  const rows = rowsOf(context, state.draft)
  const row = rows[state.cursor]
  if (row?.kind === 'input') {
    const typed = inputKey(context, state, row.field, input, key, pasted)
    if (typed) return typed
  }
  if (pasted) {
    // A paste only ever fills text: on "Other" it opens its field with the text, else nothing.
    return row?.kind === 'other' ? openOther(state, row.field, { pasted: input }) : unchanged(state)
  }
  const stepped = hasReview(spec)
  if (key.ctrl && input === 's')
    return stepped && !isReview(spec, state.draft)
      ? withDraft(context, state, review(spec, state.draft))
      : submit(context, state)
  if (key.ctrl || key.meta) return unchanged(state)
  if (key.upArrow || key.downArrow)
    return moveTo(context, state, state.cursor + (key.upArrow ? -1 : 1))
  // Shift+Tab is the app's (it cycles the permission mode): ↑ and ← go back.
  if (key.tab)
    return stepped
      ? withDraft(context, state, goTo(spec, state.draft, state.draft.index + 1))
      : moveTo(context, state, fieldJump(rows, state.cursor))
  if (key.leftArrow || key.rightArrow) {
    if (row?.kind === 'buttons') {
      const now = buttonIndex(context, state)
      const button = Math.min(
        Math.max(0, now + (key.leftArrow ? -1 : 1)),
        context.buttons.length - 1,
      )
      if (button !== now) return unchanged({ ...state, button })
      // ← past the first button of the review goes back to the questions.
      if (!stepped || key.rightArrow) return unchanged(state)
    }
    if (!stepped) return unchanged(state)
    return withDraft(
      context,
      state,
      key.leftArrow ? previous(spec, state.draft) : goTo(spec, state.draft, state.draft.index + 1),
    )
  }
  if (key.escape) {
    if (!stepped)
      return context.buttons.includes('cancel') ? cancel(context, state) : unchanged(state)
    // A question is passed over, keeping what was chosen; the review stays where it is.
    return isReview(spec, state.draft)
      ? unchanged(state)
      : withDraft(context, state, next(spec, state.draft))
  }
  if (!row) return unchanged(state)
  if (key.return) return chooseKey(context, state, row, true)
  if (input === ' ') return chooseKey(context, state, row, false)
  const field = row.kind === 'buttons' ? null : row.field
  if (DIGIT.test(input) && field !== null && row.kind !== 'review' && row.kind !== 'input')
    return digitKey(context, state, field, Number(input))
  // Typing on "Other" opens its field with what was typed.
  if (row.kind === 'other' && input !== '' && !key.tab && !key.backspace && !key.delete)
    return openOther(state, row.field, { typed: input })
  return unchanged(state)
}

/** The draft with "Other" text still being typed kept in it (saved when the client quits). */
export function draftWithTyping(spec: FormSpec, state: FormPromptState): FormDraft {
  const typing = state.other
  const text = typing ? fieldText(typing.state) : ''
  if (!typing || text.trim() === '') return state.draft
  return setOtherText(spec, state.draft, typing.field, text)
}
