import { draftErrors, formContent, type FieldErrors } from '../shared/form-answers'
import type { FormDraft, FormResponse, FormSpec } from '../shared/form-schema'
import {
  chooseOther,
  goTo,
  hasEdits,
  hasReview,
  isReview,
  next,
  normalizeDraft,
  partFields,
  pickOption,
  previous,
  setOtherText,
  setText,
  toggleBoolean,
  toggleOption,
  toggleOther,
} from '../shared/form-state'

/**
 * The terminal's form as a pure state machine over the shared form state: the rows of the part
 * on screen, a highlighted row, and what each key does to the draft. The draft is the shared,
 * saveable part; the cursor, "problems shown" and "confirm cancel" are view state.
 *
 * Keys: ↑/↓ move between rows (each option is a row); Tab / Shift+Tab jump to the next / previous
 * field (a question, when the form is shown a question at a time, where ←/→ move too); typing
 * fills the text field or "Other" on the row; Space chooses or toggles; a digit picks that
 * option; Enter submits (a question at a time: picks and moves on, then submits from the
 * review); d declines (off a text row); Esc cancels, asking first when something was filled in.
 * When the asker is gone, Enter sends the answers as a message and x dismisses.
 */

/** One row of the part on screen. */
export type FormRow =
  | { kind: 'input'; field: number }
  | { kind: 'bool'; field: number }
  | { kind: 'option'; field: number; option: number }
  | { kind: 'other'; field: number }
  | { kind: 'unsupported'; field: number }
  | { kind: 'review'; field: number }

export interface FormPromptState {
  readonly draft: FormDraft
  /** The highlighted row of the part on screen. */
  readonly cursor: number
  /** Submit was refused once: from then on every problem shows at its field. */
  readonly checked: boolean
  /** Esc with answers filled in: asking before they are thrown away. */
  readonly confirmingCancel: boolean
}

/** A key press, already translated from the terminal's key flags. */
export type FormKey =
  | {
      kind:
        | 'up'
        | 'down'
        | 'left'
        | 'right'
        | 'tab'
        | 'backtab'
        | 'enter'
        | 'escape'
        | 'backspace'
        | 'clear'
    }
  /** Printable text: one typed key, or a paste (which only ever fills a text row). */
  | { kind: 'text'; text: string; pasted: boolean }

/** What the prompt asks the app to do after a key. */
export type FormAction =
  | { kind: 'respond'; response: FormResponse }
  | { kind: 'send-as-message'; response: FormResponse }
  | { kind: 'dismiss' }
  | null

export interface FormPromptStep {
  state: FormPromptState
  /** The draft changed: worth saving so a restart resumes here. */
  draftChanged: boolean
  action: FormAction
}

/** The rows of the part on screen (the review lists one row per field). */
export function rowsOf(spec: FormSpec, draft: FormDraft): FormRow[] {
  if (isReview(spec, draft)) return spec.fields.map((_, field) => ({ kind: 'review', field }))
  return partFields(spec, draft.index).flatMap((field): FormRow[] => {
    const f = spec.fields[field]
    switch (f?.type) {
      case undefined:
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
      case 'unsupported':
        return [{ kind: 'unsupported', field }]
    }
  })
}

/** The row a part opens on: the chosen option (or "Other") of a question, else the first. */
function openingRow(spec: FormSpec, draft: FormDraft): number {
  const rows = rowsOf(spec, draft)
  const value = draft.values[draft.index]
  if (!hasReview(spec) || !value) return 0
  const at = rows.findIndex(
    (r) =>
      (r.kind === 'option' && value.kind === 'option' && r.option === value.index) ||
      (r.kind === 'other' && value.kind === 'other'),
  )
  return Math.max(0, at)
}

/** Opens the form where a saved draft left off, or fresh. */
export function startFormPrompt(spec: FormSpec, saved: FormDraft | null): FormPromptState {
  const draft = normalizeDraft(spec, saved)
  return { draft, cursor: openingRow(spec, draft), checked: false, confirmingCancel: false }
}

/** The problems shown at the fields: none until Submit was refused once. */
export function shownErrors(spec: FormSpec, state: FormPromptState): FieldErrors {
  return state.checked ? draftErrors(spec, state.draft) : {}
}

/** Whether typing on this row edits text (so `d`, Space and digits are just characters). */
export function isTypingRow(state: FormPromptState, row: FormRow | undefined): boolean {
  if (row?.kind === 'input') return true
  if (row?.kind !== 'other') return false
  const value = state.draft.values[row.field]
  return value?.kind === 'other' || (value?.kind === 'options' && value.other !== null)
}

const unchanged = (state: FormPromptState): FormPromptStep => ({
  state,
  draftChanged: false,
  action: null,
})

/** A new draft (and, when the part changed, the cursor where that part opens). */
function withDraft(spec: FormSpec, state: FormPromptState, draft: FormDraft): FormPromptStep {
  if (draft === state.draft) return unchanged(state)
  const moved = draft.index !== state.draft.index
  const cursor = moved ? openingRow(spec, draft) : state.cursor
  return { state: { ...state, draft, cursor }, draftChanged: true, action: null }
}

const act = (state: FormPromptState, action: FormAction): FormPromptStep => ({
  state,
  draftChanged: false,
  action,
})

/** Submits (or sends as a message), or shows every problem and moves to the first. */
function submit(spec: FormSpec, state: FormPromptState, orphaned: boolean): FormPromptStep {
  const result = formContent(spec, state.draft)
  if (result.ok) {
    const response: FormResponse = { action: 'accept', content: result.content }
    return act(
      state,
      orphaned ? { kind: 'send-as-message', response } : { kind: 'respond', response },
    )
  }
  const first = spec.fields.findIndex((f) => f.key in result.errors)
  const draft = hasReview(spec) ? goTo(spec, state.draft, first) : state.draft
  const rows = rowsOf(spec, draft)
  const cursor = Math.max(
    0,
    rows.findIndex((r) => r.field === first),
  )
  return {
    state: { ...state, draft, cursor, checked: true },
    draftChanged: draft !== state.draft,
    action: null,
  }
}

/** The text on a typing row, and how to set it. */
function typedText(state: FormPromptState, row: FormRow): string {
  const value = state.draft.values[row.field]
  if (row.kind === 'input') return value?.kind === 'text' ? value.text : ''
  if (value?.kind === 'other') return value.text
  return value?.kind === 'options' ? (value.other ?? '') : ''
}

function setTyped(
  spec: FormSpec,
  state: FormPromptState,
  row: FormRow,
  text: string,
): FormPromptStep {
  const draft =
    row.kind === 'input'
      ? setText(spec, state.draft, row.field, text)
      : setOtherText(spec, state.draft, row.field, text)
  return withDraft(spec, state, draft)
}

/** Space or a digit on an option row: a single choice picks, a multi-select toggles. */
function choose(spec: FormSpec, state: FormPromptState, field: number, option: number) {
  const type = spec.fields[field]?.type
  const draft =
    type === 'multi'
      ? toggleOption(spec, state.draft, field, option)
      : pickOption(spec, state.draft, field, option)
  return withDraft(spec, state, draft)
}

/** The first row of the field after (or before) the one the cursor is on. */
function fieldJump(rows: FormRow[], cursor: number, direction: 1 | -1): number {
  const field = rows[cursor]?.field
  if (direction > 0) {
    const after = rows.findIndex((r, i) => i > cursor && r.field !== field)
    return after < 0 ? cursor : after
  }
  const before = rows.findLastIndex((r, i) => i < cursor && r.field !== field)
  if (before < 0) return 0
  const target = rows[before]?.field
  return rows.findIndex((r) => r.field === target)
}

/** Applies one key press. */
export function stepFormPrompt(
  spec: FormSpec,
  state: FormPromptState,
  key: FormKey,
  context: { orphaned: boolean },
): FormPromptStep {
  if (state.confirmingCancel) {
    const text = key.kind === 'text' && !key.pasted ? key.text : ''
    if (key.kind === 'enter' || text === 'y') return act(state, cancel)
    if (text === 'd') return act(state, decline)
    if (key.kind === 'escape' || text === 'n')
      return unchanged({ ...state, confirmingCancel: false })
    return unchanged(state)
  }

  const rows = rowsOf(spec, state.draft)
  const row = rows[state.cursor]
  const typing = isTypingRow(state, row)
  const stepped = hasReview(spec)
  const move = (cursor: number) =>
    cursor === state.cursor ? unchanged(state) : unchanged({ ...state, cursor })

  switch (key.kind) {
    case 'up':
      return move(Math.max(0, state.cursor - 1))
    case 'down':
      return move(Math.min(rows.length - 1, state.cursor + 1))
    case 'tab':
      return stepped
        ? withDraft(spec, state, next(spec, state.draft))
        : move(fieldJump(rows, state.cursor, 1))
    case 'backtab':
      return stepped
        ? withDraft(spec, state, previous(spec, state.draft))
        : move(fieldJump(rows, state.cursor, -1))
    case 'left':
      return stepped ? withDraft(spec, state, previous(spec, state.draft)) : unchanged(state)
    case 'right':
      return stepped ? withDraft(spec, state, next(spec, state.draft)) : unchanged(state)
    case 'enter':
      return enter(spec, state, row, context.orphaned)
    case 'escape':
      if (context.orphaned) return unchanged(state)
      return hasEdits(spec, state.draft)
        ? unchanged({ ...state, confirmingCancel: true })
        : act(state, cancel)
    case 'backspace':
      if (!row || !typing) return unchanged(state)
      return setTyped(spec, state, row, [...typedText(state, row)].slice(0, -1).join(''))
    case 'clear':
      return row && typing ? setTyped(spec, state, row, '') : unchanged(state)
    case 'text':
      return text(spec, state, row, key, context.orphaned)
  }
}

const cancel: FormAction = { kind: 'respond', response: { action: 'cancel' } }
const decline: FormAction = { kind: 'respond', response: { action: 'decline' } }

function enter(
  spec: FormSpec,
  state: FormPromptState,
  row: FormRow | undefined,
  orphaned: boolean,
): FormPromptStep {
  if (!hasReview(spec) || isReview(spec, state.draft)) return submit(spec, state, orphaned)
  // A question at a time: Enter on an option picks it and moves on; on "Other", it opens the
  // text the first time and moves on once there is some.
  let draft = state.draft
  if (row?.kind === 'option' && spec.fields[row.field]?.type === 'choice')
    draft = pickOption(spec, draft, row.field, row.option)
  if (row?.kind === 'other' && !isTypingRow(state, row))
    return withDraft(spec, state, chooseOther(spec, draft, row.field))
  return withDraft(spec, state, next(spec, draft))
}

function text(
  spec: FormSpec,
  state: FormPromptState,
  row: FormRow | undefined,
  key: { text: string; pasted: boolean },
  orphaned: boolean,
): FormPromptStep {
  if (!row) return unchanged(state)
  if (isTypingRow(state, row)) {
    const current = typedText(state, row)
    // Space on an empty "Other" unticks it (a multi-select) instead of typing a space.
    if (row.kind === 'other' && key.text === ' ' && current === '' && !key.pasted) {
      const type = spec.fields[row.field]?.type
      return type === 'multi'
        ? withDraft(spec, state, toggleOther(spec, state.draft, row.field))
        : unchanged(state)
    }
    // A typed line break is Enter; a pasted one is kept only where the field can hold it.
    const single = row.kind === 'other' || spec.fields[row.field]?.type === 'number'
    const typed = single ? key.text.replace(/[\r\n]+/g, ' ') : key.text.replace(/\r\n?/g, '\n')
    return setTyped(spec, state, row, current + typed)
  }
  if (row.kind === 'other') {
    // Any key on "Other" chooses it; a printable one also starts its text.
    if (key.pasted) return setTyped(spec, state, row, key.text.replace(/[\r\n]+/g, ' '))
    const chosen = withDraft(spec, state, chooseOther(spec, state.draft, row.field))
    if (key.text === ' ') return chosen
    return setTyped(spec, chosen.state, row, key.text)
  }
  if (key.pasted) return unchanged(state)
  const field = spec.fields[row.field]
  const digit = /^[1-9]$/.test(key.text) ? Number(key.text) : null
  if (digit !== null && (field?.type === 'choice' || field?.type === 'multi')) {
    if (digit <= field.options.length) {
      // The cursor goes to the option too, so Enter goes on with what was just picked.
      const rows = rowsOf(spec, state.draft)
      const cursor = rows.findIndex(
        (r) => r.kind === 'option' && r.field === row.field && r.option === digit - 1,
      )
      const chosen = choose(spec, state, row.field, digit - 1)
      return { ...chosen, state: { ...chosen.state, cursor } }
    }
    if (digit === field.options.length + 1 && field.other) {
      const rows = rowsOf(spec, state.draft)
      const cursor = rows.findIndex((r) => r.kind === 'other' && r.field === row.field)
      const chosen = withDraft(spec, state, chooseOther(spec, state.draft, row.field))
      return { ...chosen, state: { ...chosen.state, cursor } }
    }
    return unchanged(state)
  }
  if (key.text === ' ') {
    if (row.kind === 'option') return choose(spec, state, row.field, row.option)
    if (row.kind === 'bool')
      return withDraft(spec, state, toggleBoolean(spec, state.draft, row.field))
    return unchanged(state)
  }
  if (key.text === 'd' && !orphaned) return act(state, decline)
  if (key.text === 'x' && orphaned) return act(state, { kind: 'dismiss' })
  return unchanged(state)
}

/**
 * The scroll offset that keeps the highlighted row in a window of `rows` lines: the whole field
 * from its title down to the row when that fits, else the row itself; otherwise the offset stays
 * where it was (clamped to the content).
 */
export function scrollToShow(view: {
  offset: number
  rows: number
  total: number
  fieldTop: number
  rowTop: number
  rowHeight: number
}): number {
  const { rows, total, fieldTop, rowTop, rowHeight } = view
  const maxOffset = Math.max(0, total - rows)
  let offset = Math.min(Math.max(0, view.offset), maxOffset)
  const bottom = rowTop + rowHeight
  const top = bottom - fieldTop <= rows ? fieldTop : rowTop
  if (top < offset) offset = top
  // Scrolled down just enough, but never past the start of what must show.
  else if (bottom > offset + rows) offset = Math.min(top, bottom - rows)
  return Math.min(Math.max(0, offset), maxOffset)
}
