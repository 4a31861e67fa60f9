import { useRef, useState } from 'react'
import type { QuestionInteraction } from '../shared/interactions'
import { askerName } from '../shared/interactions'
import { formDraftToQuestion, questionDraftToForm } from '../shared/question-form'
import { formatSince } from './format-time'
import { useBeforeExit } from './exit-guard'
import { useFocusedKeys } from './key-router'
import { FRAME_COLUMNS, PromptFrame, layoutFrame } from './prompt-frame'
import { formInputFromKey } from './question-form-keys'
import { startForm, stepForm, type FormInput, type QuestionFormState } from './question-form-state'
import {
  flowItems,
  prefixLines,
  safeSpans,
  wrapSpans,
  type Span,
  type StyledLine,
} from './styled-text'
import { applyFieldKey, fieldLines, openField, type TextFieldState } from './text-field'
import type { TuiBridge } from './tui-bridge'
import { ARMING_HINT, usePromptArming } from './use-prompt-arming'
import { useSettle } from './use-settle'

/** Rows the "Other" input may take before it scrolls. */
const OTHER_ROWS = 5

/**
 * The AskUserQuestion prompt: one question at a time, with the model's options (and their
 * descriptions), the client's "Other" (a multi-line text field), and progress. Every pick is
 * saved as a draft so a restart resumes at the same question, and so is half-typed "Other" text
 * when the client quits; after the last question all answers are submitted once, and the turn
 * carries on in place. It fits in `maxRows`: the "Question n / N" header and the keys stay, the
 * question and its options scroll to keep the highlighted one in view. Mount it with
 * `key={requestId}` so a new request starts fresh.
 */
export function QuestionPrompt({
  interaction,
  bridge,
  moreWaiting,
  width,
  maxRows,
}: {
  interaction: QuestionInteraction
  bridge: TuiBridge
  moreWaiting: number
  width: number
  maxRows: number
}) {
  const { questions, requestId } = interaction
  const [form, setForm] = useState<QuestionFormState>(() =>
    startForm(questions, interaction.draft && formDraftToQuestion(interaction.draft)),
  )
  // Key presses can arrive faster than renders (a paste, a fast typist): read the latest state.
  const formRef = useRef(form)
  const [field, setField] = useState<TextFieldState | null>(null)
  const fieldRef = useRef(field)
  const [openedAt] = useState(() => Date.now())
  const armed = usePromptArming()
  const { busy, error, settle, setError } = useSettle()
  const inner = width - FRAME_COLUMNS

  const update = (next: QuestionFormState, nextField: TextFieldState | null) => {
    formRef.current = next
    fieldRef.current = nextField
    setForm(next)
    setField(nextField)
  }

  const apply = (input: FormInput) => {
    const step = stepForm(questions, formRef.current, input)
    if (step.state === formRef.current) return
    const opened = step.state.otherText !== null
    const nextField = opened ? (fieldRef.current ?? openField(step.state.otherText ?? '')) : null
    update(step.state, nextField)
    if (step.submit) {
      const answers = step.submit
      settle(() => bridge.respondToQuestion({ requestId, answers }))
    } else if (step.draftChanged)
      void bridge.saveQuestionDraft({ requestId, draft: questionDraftToForm(step.state.draft) })
  }

  // Quitting while "Other" is being typed keeps the text: it is saved as this question's draft.
  useBeforeExit(async () => {
    const typing = fieldRef.current
    if (!typing || typing.editor.text.trim() === '') return
    const { draft } = formRef.current
    const picks = draft.picks.map((p, i) =>
      i === draft.index ? { kind: 'other' as const, text: typing.editor.text } : p,
    )
    await bridge.saveQuestionDraft({
      requestId,
      draft: questionDraftToForm({ index: draft.index, picks }),
    })
  })

  useFocusedKeys((input, key, pasted) => {
    if (!armed) return
    const typing = fieldRef.current
    if (typing) {
      const result = applyFieldKey(typing, input, key, pasted)
      if (result.kind === 'edit') {
        const step = stepForm(questions, formRef.current, {
          kind: 'other-text',
          text: result.state.editor.text,
        })
        update(step.state, result.state)
      } else if (result.kind === 'submit') apply({ kind: 'enter' })
      else if (result.kind === 'cancel') apply({ kind: 'escape' })
      return
    }
    // Pasted text only ever fills the "Other" input; it never picks, skips or dismisses.
    if (pasted) return
    if (interaction.recovered && input === 'x' && !key.ctrl && !key.meta) {
      setError(null)
      settle(() => bridge.dismissInteraction({ requestId }))
      return
    }
    const formInput = formInputFromKey(input, key)
    if (formInput) apply(formInput)
  }, !busy)

  const index = form.draft.index
  const question = questions[index]
  if (!question) return null
  const otherRow = question.options.length
  const pick = form.draft.picks[index]

  const header = flowItems(
    [
      [
        {
          text: `Question ${index + 1} / ${questions.length}`,
          style: { color: 'magenta', bold: true },
        },
      ],
      [
        {
          text:
            interaction.source.kind === 'parley'
              ? 'Agent question'
              : `${askerName(interaction.source)} asks`,
          style: { dim: true },
        },
      ],
      ...(moreWaiting > 0
        ? [[{ text: `${moreWaiting} more waiting`, style: { color: 'yellow' } }]]
        : []),
    ],
    inner,
  )
  if (interaction.recovered)
    header.push(
      ...wrapSpans(
        [
          {
            text: `Waiting since ${formatSince(interaction.createdAt, openedAt)} (asked before a restart)`,
            style: { color: 'yellow' },
          },
        ],
        inner,
      ),
    )

  const body: StyledLine[] = wrapSpans(safeSpans(question.question, { bold: true }), inner)
  let focus: [number, number] = [0, 1]
  const optionRows = (row: number, label: Span[]): StyledLine[] => {
    const here = row === form.cursor
    const marker = `${here ? '❯' : ' '} ${row + 1}. `
    const color = here ? { color: 'cyan' } : {}
    const lines = prefixLines(
      wrapSpans(
        label.map((s) => ({ text: s.text, style: { ...color, ...s.style } })),
        inner - marker.length,
      ),
      [{ text: marker, style: { ...color, bold: here } }],
    )
    if (here) focus = [body.length, body.length + lines.length]
    return lines
  }
  question.options.forEach((option, row) => {
    const chosen = pick?.kind === 'option' && pick.index === row
    body.push(
      ...optionRows(row, [
        ...safeSpans(option.label),
        ...(chosen ? [{ text: ' ✓', style: { color: 'green' } }] : []),
        ...(option.description ? safeSpans(` — ${option.description}`, { dim: true }) : []),
      ]),
    )
  })
  body.push(
    ...optionRows(otherRow, [
      { text: 'Other' },
      ...(field
        ? [{ text: ':' }]
        : pick?.kind === 'other'
          ? [...safeSpans(`: ${pick.text}`), { text: ' ✓', style: { color: 'green' } }]
          : [{ text: ' — type your own answer', style: { dim: true } }]),
    ]),
  )
  if (field) {
    const indent: StyledLine = [{ text: '     ' }]
    body.push(...prefixLines(fieldLines(field, inner - 5, OTHER_ROWS), indent, indent))
    focus = [focus[0], body.length]
  }

  const footer: StyledLine[] = []
  if (error) footer.push(...wrapSpans([{ text: error, style: { color: 'red' } }], inner))
  const hints = !armed
    ? [ARMING_HINT]
    : busy
      ? ['Sending…']
      : field
        ? ['Enter confirm', 'Alt+Enter newline', 'Esc back to the options']
        : [
            '↑↓ move',
            `1–${otherRow + 1} pick`,
            'Enter choose',
            'Esc skip',
            ...(index > 0 ? ['← back'] : []),
            ...(interaction.recovered ? ['x dismiss'] : []),
          ]
  footer.push(
    ...flowItems(
      hints.map((h) => [{ text: h, style: { dim: true } }]),
      inner,
      { maxLines: 2 },
    ),
  )

  const layout = layoutFrame({ header, body, footer }, maxRows, { focus, keys: '↑↓ scroll' })
  return <PromptFrame color="magenta" width={width} lines={layout.lines} />
}
