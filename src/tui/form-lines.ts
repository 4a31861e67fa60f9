import { FORM_MESSAGES, answerText, reviewRows } from '../shared/form-answers'
import type { FormButton } from '../shared/form-buttons'
import type { FieldDraft, FormField, FormSpec } from '../shared/form-schema'
import { hasReview, isReview, otherTextLimit, partCount } from '../shared/form-state'
import type { FrameParts } from './prompt-frame'
import {
  buttonIndex,
  draftText,
  otherText,
  rowsOf,
  shownErrors,
  textEditor,
  type FormContext,
  type FormPromptState,
  type FormRow,
} from './form-prompt-state'
import {
  flowItems,
  lineWidth,
  prefixLines,
  safeSpans,
  truncateLine,
  wrapSpans,
  type Span,
  type SpanStyle,
  type StyledLine,
} from './styled-text'
import { editorRows } from './text-editor'
import { fieldHints, fieldLines, fieldText } from './text-field'
import { showHidden } from './visible-text'

/** What a form prompt shows besides its fields: who asks, and what state the request is in. */
export interface FormChrome {
  /** "Codex", "MCP server everything", "The agent". */
  readonly asker: string
  /** The header: "Codex asks", "MCP server github asks", "Agent question". */
  readonly title: string
  /** The names of AskUserQuestion's tabs, one per question (its `header`); else the titles. */
  readonly tabs?: readonly string[]
  readonly moreWaiting: number
  /** "Waiting since 09:32 (asked before a restart)", when it was. */
  readonly waitingSince: string | null
  /** The asker is gone: the answers can only be sent on as a message. */
  readonly orphaned: boolean
  /** The keys line: null for the form's own keys, else what to show (arming, sending). */
  readonly status: string | null
  /** A refusal of the last answer, in words. */
  readonly error: string | null
}

/** The frame parts of a form prompt, and the body rows to keep in view. */
export interface FormLines extends FrameParts {
  readonly focus: FormFocus | undefined
  /** The body's first rows that say what is asked (a question's text): kept in view. */
  readonly lead: number
}

/**
 * The body rows to keep in view: the highlighted row, and its whole field (title, description,
 * options, problem) when that fits.
 */
export interface FormFocus {
  readonly row: readonly [number, number]
  readonly field: readonly [number, number]
}

const MARK_STYLE: SpanStyle = { color: 'cyan' }
const DIM: SpanStyle = { dim: true }
const BUTTON_LABEL: Record<FormButton, string> = {
  submit: 'Submit',
  decline: 'Decline',
  cancel: 'Cancel',
  send: 'Send as message',
  dismiss: 'Dismiss',
}

/** Row budgets: a short terminal gets fewer rows per option and per text field. */
function budget(maxRows: number) {
  const short = maxRows < 18
  // A short terminal still shows two rows of a longer text, and the row saying there is more.
  return { optionRows: short ? 2 : 4, textRows: short ? 3 : 5, descriptionRows: short ? 1 : 3 }
}

/** At most `max` rows; the last one shown ends in "…" when some were left out. */
function capRows(rows: StyledLine[], max: number): StyledLine[] {
  if (rows.length <= max) return rows
  return [...rows.slice(0, max - 1), [...(rows[max - 1] ?? []), { text: ' …', style: DIM }]]
}

/** Bounds and formats in words, beside a field's title. */
function hintOf(field: FormField): string | null {
  switch (field.type) {
    case 'text': {
      const { minLength: min, maxLength: max } = field
      const length =
        min !== undefined && max !== undefined
          ? `${min}–${max} characters`
          : max !== undefined
            ? `up to ${max} characters`
            : min !== undefined && min > 0
              ? `at least ${min} characters`
              : null
      return [field.format, length].filter(Boolean).join(', ') || null
    }
    case 'number': {
      const kind = field.integer ? 'whole number' : 'number'
      const { minimum: min, maximum: max } = field
      if (min !== undefined && max !== undefined) return `${kind} ${min}–${max}`
      if (min !== undefined) return `${kind} ≥ ${min}`
      if (max !== undefined) return `${kind} ≤ ${max}`
      return kind
    }
    case 'multi': {
      const { minItems: min, maxItems: max } = field
      if (min !== undefined && max !== undefined && min === max) return `choose ${min}`
      if (min !== undefined && max !== undefined) return `choose ${min}–${max}`
      if (max !== undefined) return `choose up to ${max}`
      if (min !== undefined && min > 0) return `choose at least ${min}`
      return 'choose any'
    }
    case 'boolean':
    case 'choice':
    case 'unsupported':
      return null
  }
}

/** A row with the cursor's `❯` (or two spaces) in front; wrapped rows stay under its text. */
function markedRows(
  here: boolean,
  lead: readonly Span[],
  label: readonly Span[],
  width: number,
  maxRows: number,
): StyledLine[] {
  const color = here ? MARK_STYLE : {}
  const prefix: Span[] = [
    { text: here ? '❯ ' : '  ', style: { ...color, bold: here } },
    ...lead.map((s) => ({ text: s.text, style: { ...s.style, ...color } })),
  ]
  const prefixWidth = lineWidth(prefix)
  const rows = wrapSpans(
    label.map((s) => ({ text: s.text, style: { ...s.style, ...color } })),
    width - prefixWidth,
  )
  return prefixLines(capRows(rows, maxRows), prefix)
}

const optionMark = (multi: boolean, on: boolean) =>
  multi ? (on ? '[x] ' : '[ ] ') : on ? '(•) ' : '( ) '

/** The rows of one cursor row of a field, and of "Other"'s text field when it is open. */
function rowLines(
  context: FormContext,
  state: FormPromptState,
  row: FormRow,
  here: boolean,
  width: number,
  rows: ReturnType<typeof budget>,
): StyledLine[] {
  const { spec } = context
  if (row.kind === 'buttons') return []
  const field = spec.fields[row.field]
  const value: FieldDraft | null = state.draft.values[row.field] ?? null
  if (!field) return []
  switch (row.kind) {
    case 'input': {
      if (here) {
        const editor = editorRows(textEditor(state, row.field), width - 2, {
          maxRows: rows.textRows,
          prefix: { text: '› ', style: MARK_STYLE },
          placeholder: field.type === 'number' ? ' type a number' : ' type here',
        })
        return prefixLines(editor.lines, [{ text: '❯ ', style: { ...MARK_STYLE, bold: true } }])
      }
      const text = draftText(value)
      const shown =
        text === ''
          ? [[{ text: '(empty)', style: DIM }]]
          : capRows(wrapSpans(safeSpans(text, undefined, 'prose'), width - 4), rows.textRows)
      return prefixLines(shown, [{ text: '  › ' }])
    }
    case 'bool': {
      const on =
        value?.kind === 'bool' ? value.value : field.type === 'boolean' && field.default === true
      return markedRows(
        here,
        [{ text: on ? '[x] ' : '[ ] ' }],
        [
          ...safeSpans(field.title, { bold: true }, 'prose'),
          ...(field.required ? [{ text: ' (required)', style: DIM }] : []),
          ...(field.description ? safeSpans(` — ${field.description}`, DIM, 'prose') : []),
        ],
        width,
        rows.optionRows,
      )
    }
    case 'option': {
      if (field.type !== 'choice' && field.type !== 'multi') return []
      const option = field.options[row.option]
      const on =
        value?.kind === 'option'
          ? value.index === row.option
          : value?.kind === 'options' && value.indexes.includes(row.option)
      const number = row.option < 9 ? `${row.option + 1}. ` : '   '
      return markedRows(
        here,
        [{ text: number }, { text: optionMark(field.type === 'multi', on) }],
        [
          ...safeSpans(option?.label ?? '', undefined, 'prose'),
          ...(option?.description ? safeSpans(` — ${option.description}`, DIM, 'prose') : []),
        ],
        width,
        rows.optionRows,
      )
    }
    case 'other': {
      if (field.type !== 'choice' && field.type !== 'multi') return []
      const typing = state.other?.field === row.field ? state.other.state : null
      const text = otherText(value)
      const n = field.options.length + 1
      const number = n <= 9 ? `${n}. ` : '   '
      const label: Span[] = typing
        ? [{ text: 'Other:' }]
        : text === null
          ? [{ text: 'Other' }, { text: ' — type your own answer', style: DIM }]
          : [{ text: 'Other: ' }, ...safeSpans(text, undefined, 'prose')]
      const lines = markedRows(
        here,
        [{ text: number }, { text: optionMark(field.type === 'multi', text !== null || !!typing) }],
        label,
        width,
        typing ? 1 : rows.optionRows,
      )
      if (!typing) return lines
      const indent: StyledLine = [{ text: '      ' }]
      // A long paste goes in whole, but the field keeps only so much: say so before Enter.
      const limit = otherTextLimit(field)
      const length = fieldText(typing).length
      const cut: StyledLine[] =
        length > limit
          ? wrapSpans(
              [
                {
                  text: `${FORM_MESSAGES.maxLength(limit, length)} Only the first ${limit} are kept.`,
                  style: { color: 'yellow' },
                },
              ],
              width - 6,
            )
          : []
      return [
        ...lines,
        ...prefixLines([...fieldLines(typing, width - 6, rows.textRows), ...cut], indent),
      ]
    }
    case 'review': {
      const answer = answerText(field, value)
      return markedRows(
        here,
        [],
        [
          ...safeSpans(field.title, { bold: true }, 'prose'),
          { text: ' → ' },
          ...(answer === null
            ? [{ text: 'not answered', style: DIM }]
            : safeSpans(answer.replace(/\n+/g, ' ⏎ '), undefined, 'prose')),
        ],
        width,
        rows.optionRows,
      )
    }
  }
}

/** One field: its title, description, rows, pattern hint and problem. */
function fieldBlock(
  context: FormContext,
  state: FormPromptState,
  index: number,
  error: string | undefined,
  width: number,
  rows: ReturnType<typeof budget>,
  out: { lines: StyledLine[]; focus: FormFocus | undefined },
): void {
  const { spec } = context
  const field = spec.fields[index]
  if (!field) return
  const start = out.lines.length
  const question = hasReview(spec)
  if (field.type !== 'boolean') {
    const hint = hintOf(field)
    out.lines.push(
      ...wrapSpans(
        [
          ...safeSpans(field.title, { bold: true }, 'prose'),
          ...(field.required && !question ? [{ text: ' (required)', style: DIM }] : []),
          ...(hint ? [{ text: ` · ${hint}`, style: DIM }] : []),
        ],
        width,
      ),
    )
    if (field.description)
      out.lines.push(
        ...capRows(
          wrapSpans(safeSpans(field.description, DIM, 'prose'), width),
          rows.descriptionRows,
        ),
      )
  }
  // A required one blocks the form from the start, so its message shows from the start.
  if (field.type === 'unsupported')
    out.lines.push(
      ...prefixLines(
        wrapSpans(
          field.required
            ? [{ text: `✗ ${FORM_MESSAGES.blocked(field.reason)}`, style: { color: 'red' } }]
            : [{ text: `not shown: ${field.reason}`, style: { color: 'yellow' } }],
          width - 2,
        ),
        [{ text: '  ' }],
      ),
    )
  const all = rowsOf(context, state.draft)
  let row: [number, number] | undefined
  all.forEach((cursorRow, i) => {
    if (cursorRow.kind === 'buttons' || cursorRow.field !== index) return
    const here = i === state.cursor
    const lines = rowLines(context, state, cursorRow, here, width, rows)
    if (here) row = [out.lines.length, out.lines.length + lines.length]
    out.lines.push(...lines)
  })
  if (field.type === 'text' && field.pattern !== undefined)
    out.lines.push(
      ...prefixLines(
        wrapSpans(safeSpans(`pattern (shown, not checked): ${field.pattern}`, DIM), width - 2),
        [{ text: '  ' }],
      ),
    )
  if (error && field.type !== 'unsupported')
    out.lines.push(
      ...prefixLines(wrapSpans([{ text: `✗ ${error}`, style: { color: 'red' } }], width - 2), [
        { text: '  ' },
      ]),
    )
  if (row) out.focus = { row, field: [start, out.lines.length] }
}

/**
 * The tabs of AskUserQuestion: one per question, ☐ or ✔ and its name, then Submit; the one shown
 * stands out. A name too long for its share of the row is cut (the question is shown whole below).
 */
function tabLines(
  spec: FormSpec,
  names: readonly string[],
  state: FormPromptState,
  width: number,
): StyledLine[] {
  const count = spec.fields.length
  const on = state.draft.index
  const answered = spec.fields.map((f, i) => answerText(f, state.draft.values[i] ?? null) !== null)
  const separator = 2
  const submit = 'Submit'
  const room = Math.floor((width - submit.length - separator * count) / Math.max(1, count))
  const label = (i: number, title: string) => {
    const box = answered[i] ? '✔' : '☐'
    if (room < 8) return `${box} ${i + 1}`
    const plain = title.replace(/\s+/g, ' ').trim()
    const text = [...plain].length > room - 2 ? `${[...plain].slice(0, room - 3).join('')}…` : plain
    return `${box} ${text}`
  }
  const tabs: Span[] = []
  spec.fields.forEach((field, i) => {
    const text = label(i, showHidden(names[i] ?? field.title, 'prose'))
    tabs.push({
      text,
      style: i === on ? { inverse: true, bold: true } : answered[i] ? { color: 'green' } : {},
    })
    tabs.push({ text: '  ' })
  })
  tabs.push({
    text: submit,
    style: on >= count ? { inverse: true, bold: true } : DIM,
  })
  return [truncateLine(tabs, width)]
}

/**
 * The row of buttons; while the cursor is on it, the highlighted one is drawn inverted and marked
 * `[»Submit«]` (the same width, and seen in a terminal without colour).
 */
function buttonLine(context: FormContext, state: FormPromptState, onButtons: boolean): StyledLine {
  const { buttons } = context
  const highlighted = buttonIndex(context, state)
  const spans: Span[] = [{ text: onButtons ? '❯ ' : '  ', style: { ...MARK_STYLE, bold: true } }]
  buttons.forEach((button, i) => {
    const here = onButtons && i === highlighted
    spans.push({
      text: here ? `[»${BUTTON_LABEL[button]}«]` : `[ ${BUTTON_LABEL[button]} ]`,
      style: here ? { inverse: true, bold: true, color: 'cyan' } : {},
    })
    spans.push({ text: ' ' })
  })
  return spans
}

/** The keys that work on the row under the cursor. */
function hintsFor(
  context: FormContext,
  state: FormPromptState,
  row: FormRow | undefined,
): string[] {
  const { spec } = context
  if (state.confirmingCancel) return []
  if (state.other)
    return ['Enter keep it', ...fieldHints(state.other.state), 'Esc back to the options']
  const cancel = context.buttons.includes('cancel') ? ['Esc cancel'] : []
  if (!hasReview(spec)) {
    const here: string[] = (() => {
      switch (row?.kind) {
        case undefined:
        case 'review':
          return []
        case 'input':
          return ['type to fill', 'Enter next']
        case 'bool':
          return ['Space tick']
        case 'option':
          return spec.fields[row.field]?.type === 'multi'
            ? ['Space or a number ticks', 'Enter next']
            : ['Space or a number chooses', 'Enter choose and go on']
        case 'other':
          return ['Enter or type to answer']
        case 'buttons':
          return ['←→ button', 'Enter press']
      }
    })()
    const submit = context.buttons.includes('send') ? 'Ctrl+S send as message' : 'Ctrl+S submit'
    return ['↑↓ move', 'Tab next field', ...here, submit, ...cancel]
  }
  if (isReview(spec, state.draft))
    return [
      '↑↓ move',
      ...(row?.kind === 'buttons' && context.buttons.length > 1 ? ['←→ button'] : []),
      'Enter on a question changes it, on Submit sends',
      '← back',
    ]
  const multi = row?.kind !== 'buttons' && spec.fields[row?.field ?? -1]?.type === 'multi'
  return [
    '↑↓ move',
    ...(multi ? ['Space or a number ticks', 'Enter next'] : ['Enter or a number chooses']),
    '←→ Tab questions',
    'Esc skip',
    'Ctrl+S review',
  ]
}

/**
 * A form prompt as frame parts: the asker and the request's state in the header (with the
 * question tabs of AskUserQuestion), the message and fields in the body (the highlighted row and
 * its field's title as the focus to keep in view), and the buttons and keys in the footer. Every
 * part is height-bounded: options and text fields take a few rows at most, and the body scrolls.
 */
export function formLines(
  context: FormContext,
  state: FormPromptState,
  chrome: FormChrome,
  width: number,
  maxRows: number,
): FormLines {
  const { spec } = context
  const rows = budget(maxRows)
  const stepped = hasReview(spec)
  const reviewing = isReview(spec, state.draft)
  const all = rowsOf(context, state.draft)
  const cursorRow = all[state.cursor]

  const title: StyledLine[] = stepped
    ? [
        [
          {
            text: reviewing
              ? 'Review your answers'
              : `Question ${state.draft.index + 1} / ${partCount(spec)}`,
            style: { color: 'magenta', bold: true },
          },
        ],
        [
          {
            text: chrome.title,
            style: DIM,
          },
        ],
      ]
    : [[{ text: chrome.title, style: { color: 'magenta', bold: true } }]]
  if (chrome.moreWaiting > 0)
    title.push([{ text: `${chrome.moreWaiting} more waiting`, style: { color: 'yellow' } }])
  const header = flowItems(title, width)
  if (stepped) header.push(...tabLines(spec, chrome.tabs ?? [], state, width))
  if (chrome.waitingSince)
    header.push(...wrapSpans([{ text: chrome.waitingSince, style: { color: 'yellow' } }], width))
  if (chrome.orphaned)
    header.push(
      ...wrapSpans(
        [
          {
            text: `${chrome.asker} is no longer waiting: Send as message sends your answers to it as a new message; Dismiss closes this form.`,
            style: { color: 'yellow' },
          },
        ],
        width,
      ),
    )

  const errors = shownErrors(spec, state)
  let lead = 0
  const out: { lines: StyledLine[]; focus: FormFocus | undefined } = {
    lines: [],
    focus: undefined,
  }
  if (reviewing) {
    const { unanswered } = reviewRows(spec, state.draft)
    if (unanswered > 0)
      out.lines.push([
        {
          text: `${unanswered} unanswered: ${unanswered === 1 ? 'it is' : 'they are'} sent as not answered.`,
          style: { color: 'yellow' },
        },
      ])
    all.forEach((row, i) => {
      if (row.kind !== 'review') return
      const here = i === state.cursor
      const lines = rowLines(context, state, row, here, width, rows)
      if (here) {
        const at: [number, number] = [out.lines.length, out.lines.length + lines.length]
        out.focus = { row: at, field: at }
      }
      out.lines.push(...lines)
    })
  } else if (stepped) {
    const key = spec.fields[state.draft.index]?.key ?? ''
    fieldBlock(context, state, state.draft.index, errors[key], width, rows, out)
    const field = spec.fields[state.draft.index]
    if (field && field.type !== 'boolean')
      lead = wrapSpans(safeSpans(field.title, { bold: true }, 'prose'), width).length
  } else {
    if (spec.message.trim() !== '') {
      out.lines.push(...wrapSpans(safeSpans(spec.message, undefined, 'prose'), width), [])
    }
    spec.fields.forEach((field, i) => {
      if (i > 0) out.lines.push([])
      fieldBlock(context, state, i, errors[field.key], width, rows, out)
    })
  }

  const errorRows = chrome.error
    ? wrapSpans([{ text: chrome.error, style: { color: 'red' } }], width)
    : []
  const cancelRows = state.confirmingCancel
    ? wrapSpans(
        [
          {
            text: `Throw away what you filled in? Enter or y cancels the form${context.buttons.includes('decline') ? ' · d declines it' : ''} · Esc or n keeps editing`,
            style: { color: 'yellow' },
          },
        ],
        width,
      )
    : []
  const buttonRows =
    context.buttons.length > 0 && (!stepped || reviewing)
      ? [buttonLine(context, state, cursorRow?.kind === 'buttons')]
      : []
  const footer: StyledLine[] = [...errorRows, ...cancelRows, ...buttonRows]
  const hints = chrome.status !== null ? [chrome.status] : hintsFor(context, state, cursorRow)
  const hintRows = (maxLines: number) =>
    flowItems(
      hints.map((h) => [{ text: h, style: DIM }]),
      width,
      { maxLines },
    )
  // A short terminal: one header row, and of the footer the buttons (or the question Cancel
  // asks) and one row of keys, so the question and the highlighted option keep the rows.
  const compactFooter: StyledLine[] = [
    ...errorRows.slice(0, 1),
    ...(cancelRows.length > 0 ? cancelRows : buttonRows),
    ...hintRows(1),
  ]
  footer.push(...hintRows(2))
  return {
    header,
    body: out.lines,
    footer,
    compact: { header: header.slice(0, 1), footer: compactFooter },
    focus: out.focus,
    lead,
  }
}
