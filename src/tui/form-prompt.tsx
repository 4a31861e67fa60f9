import { Box, Text, useBoxMetrics, type DOMElement } from 'ink'
import { useEffect, useRef, useState, type JSX, type ReactNode, type RefObject } from 'react'
import { reviewRows } from '../shared/form-answers'
import type { FieldDraft, FormDraft, FormField, FormResponse } from '../shared/form-schema'
import { hasReview, isReview, partCount } from '../shared/form-state'
import { askerName, type FormInteraction } from '../shared/interactions'
import { PROMPT_ARMING_MS } from '../shared/prompt-arming'
import { formatSince } from './format-time'
import { formKeyFromInk } from './form-prompt-keys'
import {
  isTypingRow,
  rowsOf,
  scrollToShow,
  shownErrors,
  startFormPrompt,
  stepFormPrompt,
  type FormAction,
  type FormPromptState,
  type FormRow,
} from './form-prompt-state'
import { useFocusedKeys } from './key-router'
import { SafeText } from './safe-text'
import { TailBox } from './tail-box'
import { showHidden } from './visible-text'

/** What a callback that sends something may say back: false lets the person try again. */
type Settled = void | boolean | Promise<void | boolean>

export interface FormPromptProps {
  interaction: FormInteraction
  /** Where the person left off (else the interaction's own draft); read when the prompt opens. */
  draft: FormDraft | null
  /** Columns and rows the prompt may use; it scrolls inside when the form is taller. */
  width: number
  height: number
  moreWaiting?: number
  /** Keys are ignored this long after it opens, so type-ahead never answers it. */
  armingMs?: number
  onDraft: (draft: FormDraft) => void
  onRespond: (response: FormResponse) => Settled
  onSendAsMessage: (response: FormResponse) => Settled
  onDismiss: () => Settled
}

/** Rows the frame takes besides the fields: borders, header, scroll line, status, hint. */
const CHROME = 2 + 1 + 1 + 1
/** The asker's message shows at most this many lines. */
const MESSAGE_ROWS = 3

/**
 * A form from an ACP agent or an MCP server in the terminal: every field type, the same checks
 * and messages at the fields as the desktop tray (one shared form state), height-bounded with
 * the fields scrolling inside the box so the header and the keys stay on screen. Mount it with
 * `key={requestId}`.
 */
export function FormPrompt({
  interaction,
  draft,
  width,
  height,
  moreWaiting = 0,
  armingMs = PROMPT_ARMING_MS,
  onDraft,
  onRespond,
  onSendAsMessage,
  onDismiss,
}: FormPromptProps) {
  const spec = interaction.form
  const { orphaned } = interaction
  const [form, setForm] = useState<FormPromptState>(() =>
    startFormPrompt(spec, draft ?? interaction.draft),
  )
  // Key presses can arrive faster than renders (a paste, a fast typist): read the latest form.
  const formRef = useRef(form)
  const [openedAt] = useState(() => Date.now())
  const [armed, setArmed] = useState(armingMs <= 0)
  const [busy, setBusy] = useState(false)
  const [failed, setFailed] = useState(false)
  const [offset, setOffset] = useState(0)
  // Until it is measured, the message is taken to fill its rows: a first frame taller than the
  // terminal would scroll the top away for good.
  const [messageHeight, setMessageHeight] = useState(spec.message ? MESSAGE_ROWS : 0)

  useEffect(() => {
    if (armed) return
    const timer = setTimeout(() => setArmed(true), armingMs)
    return () => clearTimeout(timer)
  }, [armed, armingMs])

  const perform = (action: FormAction) => {
    if (!action) return
    const run = (): Settled => {
      switch (action.kind) {
        case 'respond':
          return onRespond(action.response)
        case 'send-as-message':
          return onSendAsMessage(action.response)
        case 'dismiss':
          return onDismiss()
      }
    }
    setBusy(true)
    setFailed(false)
    void Promise.resolve(run()).then((result) => {
      if (result !== false) return
      setBusy(false)
      setFailed(true)
    })
  }

  useFocusedKeys((input, key, pasted) => {
    const formKey = formKeyFromInk(input, key, pasted)
    if (!formKey) return
    const step = stepFormPrompt(spec, formRef.current, formKey, { orphaned })
    if (step.state !== formRef.current) {
      formRef.current = step.state
      setForm(step.state)
    }
    if (step.draftChanged) onDraft(step.state.draft)
    perform(step.action)
  }, armed && !busy)

  const rows = rowsOf(spec, form.draft)
  const cursorRow = rows[form.cursor]
  const errors = shownErrors(spec, form)
  const reviewing = isReview(spec, form.draft)
  const stepped = hasReview(spec)

  const goneText = `${askerName(interaction.source)} is no longer waiting. Enter sends your answers as a new message; x dismisses.`
  const hint = busy
    ? 'Sending…'
    : !armed
      ? 'Getting ready…'
      : hintFor(form, cursorRow, { stepped, reviewing, orphaned })
  // The fields scroll inside a window; the highlighted row (with its field's title) stays in it.
  // The window gets the rows the rest of the frame leaves: estimated from the text (generously,
  // so no frame is ever taller than the terminal), then as measured once laid out.
  const frameRef = useRef<DOMElement>(null)
  const windowRef = useRef<DOMElement>(null)
  const frameBox = useBoxMetrics(frameRef)
  const windowBox = useBoxMetrics(windowRef)
  const estimated =
    CHROME +
    Math.min(MESSAGE_ROWS, messageHeight) +
    (orphaned ? wrappedLines(goneText, width) : 0) +
    (interaction.recovered ? 1 : 0) +
    (moreWaiting > 0 ? 1 : 0) +
    wrappedLines(hint, width)
  const measured =
    frameBox.hasMeasured && windowBox.hasMeasured ? frameBox.height - windowBox.height : 0
  const bodyRows = Math.max(3, height - Math.max(estimated, measured))
  const contentRef = useRef<DOMElement>(null)
  const fieldRef = useRef<DOMElement>(null)
  const rowRef = useRef<DOMElement>(null)
  const content = useBoxMetrics(contentRef)
  const field = useBoxMetrics(fieldRef)
  const row = useBoxMetrics(rowRef)
  const total = content.hasMeasured ? content.height : 0
  const shownOffset =
    field.hasMeasured && row.hasMeasured
      ? scrollToShow({
          offset,
          rows: bodyRows,
          total,
          fieldTop: field.top,
          rowTop: field.top + row.top,
          rowHeight: row.height,
        })
      : Math.min(offset, Math.max(0, total - bodyRows))
  // Remembered, so the window stays put while the cursor moves within it.
  if (shownOffset !== offset) setOffset(shownOffset)

  const asker = askerName(interaction.source)
  const progress = stepped
    ? reviewing
      ? ' · Review'
      : ` · ${form.draft.index + 1} / ${partCount(spec)}`
    : ''
  return (
    <Box
      ref={frameRef}
      width={width}
      flexDirection="column"
      borderStyle="round"
      borderColor="magenta"
      paddingX={1}
    >
      <Text wrap="truncate-end">
        <Text color="magenta" bold>
          {asker} asks
        </Text>
        <Text dimColor> · Agent question{progress}</Text>
      </Text>
      {orphaned ? <Text color="yellow">{goneText}</Text> : null}
      {interaction.recovered ? (
        <Text color="yellow" wrap="truncate-end">
          Waiting since {formatSince(interaction.createdAt, openedAt)} (asked before a restart)
        </Text>
      ) : null}
      {spec.message ? (
        <TailBox maxHeight={MESSAGE_ROWS} anchor="top" onMeasure={setMessageHeight}>
          <SafeText bold>{spec.message}</SafeText>
        </TailBox>
      ) : null}
      <Box
        ref={windowRef}
        flexDirection="column"
        flexShrink={0}
        maxHeight={bodyRows}
        overflow="hidden"
        contentOffsetY={shownOffset}
      >
        <Box ref={contentRef} flexDirection="column" flexShrink={0}>
          {reviewing ? (
            <ReviewList form={form} spec={spec} fieldRef={fieldRef} rowRef={rowRef} />
          ) : (
            spec.fields.map((f, i) =>
              rows.some((r) => r.field === i) ? (
                <FieldView
                  key={i}
                  field={f}
                  index={i}
                  value={form.draft.values[i] ?? null}
                  error={errors[f.key]}
                  rows={rows}
                  cursorRow={cursorRow}
                  typing={isTypingRow(form, cursorRow)}
                  fieldRef={cursorRow?.field === i ? fieldRef : undefined}
                  rowRef={rowRef}
                />
              ) : null,
            )
          )}
        </Box>
      </Box>
      <Text dimColor wrap="truncate-end">
        {total > bodyRows
          ? `lines ${shownOffset + 1}–${Math.min(total, shownOffset + bodyRows)} of ${total}`
          : ' '}
      </Text>
      {moreWaiting > 0 ? <Text color="yellow">{moreWaiting} more waiting</Text> : null}
      {failed ? (
        <Text color="red" wrap="truncate-end">
          That was not accepted; try again.
        </Text>
      ) : form.confirmingCancel ? (
        <Text color="yellow" wrap="truncate-end">
          Throw away what you filled in?
        </Text>
      ) : (
        <Text> </Text>
      )}
      <Text dimColor>{hint}</Text>
    </Box>
  )
}

/** The keys that work now, in one or two lines. */
function hintFor(
  form: FormPromptState,
  row: FormRow | undefined,
  mode: { stepped: boolean; reviewing: boolean; orphaned: boolean },
): string {
  if (form.confirmingCancel) return 'y/Enter cancel the form · d decline it · n/Esc keep editing'
  const typing = isTypingRow(form, row)
  const finish = mode.orphaned
    ? 'Enter send as message · x dismiss'
    : `Enter ${mode.stepped && !mode.reviewing ? 'next' : 'submit'} · ${typing ? '' : 'd decline · '}Esc cancel`
  if (mode.reviewing) return `${finish} · ← back`
  const move = mode.stepped ? '↑↓ move · ←→ question' : '↑↓ move · Tab/Shift+Tab field'
  const act = typing ? 'type to fill · Ctrl+U clear' : 'Space choose · 1–9 pick'
  return `${move} · ${act} · ${finish}`
}

/**
 * Rows a line of Parley's own words takes inside the box, generously: wrapping at words can
 * leave a line short, and the asker's name may hold wide characters.
 */
const wrappedLines = (text: string, width: number) =>
  Math.ceil([...text].length / Math.max(1, width - 4 - 8)) +
  (/[\u3000-\u{10ffff}]/u.test(text) ? 1 : 0)

/** One field: its title, description, rows (text, options, checkbox), hints and its error. */
function FieldView({
  field,
  index,
  value,
  error,
  rows,
  cursorRow,
  typing,
  fieldRef,
  rowRef,
}: {
  field: FormField
  index: number
  value: FieldDraft | null
  error: string | undefined
  rows: FormRow[]
  cursorRow: FormRow | undefined
  typing: boolean
  fieldRef: RefObject<DOMElement | null> | undefined
  rowRef: RefObject<DOMElement | null>
}) {
  const here = (r: FormRow) => cursorRow === r
  const mine = rows.filter((r) => r.field === index)
  return (
    <Box ref={fieldRef} flexDirection="column" flexShrink={0} marginBottom={1}>
      {field.type !== 'boolean' ? (
        <Text>
          <Text bold>{oneLineOf(field.title)}</Text>
          {field.required ? <Text dimColor> (required)</Text> : null}
          {hintOf(field) ? <Text dimColor> · {hintOf(field)}</Text> : null}
        </Text>
      ) : null}
      {field.description && field.type !== 'boolean' ? (
        <SafeText dimColor>{field.description}</SafeText>
      ) : null}
      {mine.map((r, i) => (
        <Line key={i} here={here(r)} lineRef={here(r) ? rowRef : undefined}>
          <RowText field={field} row={r} value={value} here={here(r)} typing={here(r) && typing} />
        </Line>
      ))}
      {field.type === 'text' && field.pattern !== undefined ? (
        <Box marginLeft={2}>
          <Text dimColor>pattern (shown, not checked): {showHidden(field.pattern)}</Text>
        </Box>
      ) : null}
      {error ? (
        <Box marginLeft={2}>
          <Text color="red">✗ {error}</Text>
        </Box>
      ) : null}
    </Box>
  )
}

/** Bounds and formats in words, beside the title. */
function hintOf(field: FormField): string | null {
  switch (field.type) {
    case 'text':
      return field.format ?? null
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

const oneLineOf = (text: string) => showHidden(text).replace(/\n/g, ' ')

/** What one row shows. */
function RowText({
  field,
  row,
  value,
  here,
  typing,
}: {
  field: FormField
  row: FormRow
  value: FieldDraft | null
  here: boolean
  typing: boolean
}): JSX.Element | null {
  const caret = typing ? <Text inverse> </Text> : null
  switch (row.kind) {
    case 'input': {
      const text = value?.kind === 'text' ? value.text : ''
      return (
        <Text>
          ›{' '}
          {text === '' && !here ? (
            <Text dimColor>(empty)</Text>
          ) : (
            showHidden(text).replace(/\n/g, '⏎')
          )}
          {caret}
        </Text>
      )
    }
    case 'bool': {
      const on =
        value?.kind === 'bool' ? value.value : field.type === 'boolean' && field.default === true
      return (
        <Text>
          {on ? '[x]' : '[ ]'} <Text bold>{oneLineOf(field.title)}</Text>
          {field.description ? <Text dimColor> — {oneLineOf(field.description)}</Text> : null}
        </Text>
      )
    }
    case 'option': {
      if (field.type !== 'choice' && field.type !== 'multi') return null
      const option = field.options[row.option]
      const on =
        value?.kind === 'option'
          ? value.index === row.option
          : value?.kind === 'options' && value.indexes.includes(row.option)
      const mark = field.type === 'multi' ? (on ? '[x]' : '[ ]') : on ? '(•)' : '( )'
      return (
        <Text>
          {row.option < 9 ? `${row.option + 1} ` : '  '}
          {mark} {oneLineOf(option?.label ?? '')}
          {option?.description ? <Text dimColor> — {oneLineOf(option.description)}</Text> : null}
        </Text>
      )
    }
    case 'other': {
      if (field.type !== 'choice' && field.type !== 'multi') return null
      const text =
        value?.kind === 'other' ? value.text : value?.kind === 'options' ? value.other : null
      const mark =
        field.type === 'multi' ? (text !== null ? '[x]' : '[ ]') : text !== null ? '(•)' : '( )'
      const n = field.options.length + 1
      return (
        <Text>
          {n <= 9 ? `${n} ` : '  '}
          {mark} Other
          {text === null ? (
            <Text dimColor> — type your own answer</Text>
          ) : (
            <Text>: {showHidden(text).replace(/\n/g, ' ')}</Text>
          )}
          {caret}
        </Text>
      )
    }
    case 'unsupported':
      return (
        <Text color="yellow">not shown: {field.type === 'unsupported' ? field.reason : ''}</Text>
      )
    case 'review':
      return null
  }
}

/** A row with the cursor mark; wrapped lines stay indented under it. */
function Line({
  here,
  lineRef,
  children,
}: {
  here: boolean
  lineRef: RefObject<DOMElement | null> | undefined
  children: ReactNode
}) {
  const color = here ? { color: 'cyan' } : {}
  return (
    <Box ref={lineRef} flexShrink={0}>
      <Box flexShrink={0}>
        <Text {...color}>{here ? '❯ ' : '  '}</Text>
      </Box>
      <Box flexGrow={1} flexShrink={1}>
        <Text {...color}>{children}</Text>
      </Box>
    </Box>
  )
}

/** The review step: each question and its answer, and how many are unanswered. */
function ReviewList({
  form,
  spec,
  fieldRef,
  rowRef,
}: {
  form: FormPromptState
  spec: FormInteraction['form']
  fieldRef: RefObject<DOMElement | null>
  rowRef: RefObject<DOMElement | null>
}) {
  const { rows, unanswered } = reviewRows(spec, form.draft)
  return (
    <Box ref={fieldRef} flexDirection="column" flexShrink={0}>
      <Text bold>
        Review your answers
        {unanswered > 0 ? <Text color="yellow"> · {unanswered} unanswered</Text> : null}
      </Text>
      {rows.map((r, i) => (
        <Line key={i} here={form.cursor === i} lineRef={form.cursor === i ? rowRef : undefined}>
          <Text>
            {oneLineOf(r.title)}:{' '}
            {r.answer === null ? <Text dimColor>not answered</Text> : showHidden(r.answer)}
          </Text>
        </Line>
      ))}
    </Box>
  )
}
