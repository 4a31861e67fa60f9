import { Box, Text } from 'ink'
import { useRef, useState, type ReactNode } from 'react'
import type { QuestionInteraction } from '../shared/interactions'
import { formatSince } from './format-time'
import { useFocusedKeys } from './key-router'
import { formInputFromKey } from './question-form-keys'
import { startForm, stepForm, type FormInput, type QuestionFormState } from './question-form-state'
import { SafeText } from './safe-text'
import type { TuiBridge } from './tui-bridge'
import { oneLine } from './visible-text'

/**
 * The AskUserQuestion overlay: one question at a time, with the model's options (and their
 * descriptions), the client's "Other", and progress. Every pick is saved as a draft so a restart
 * resumes at the same question; after the last question all answers are submitted once, and the
 * turn carries on in place. Mount it with `key={requestId}` so a new request starts fresh.
 */
export function QuestionPrompt({
  interaction,
  bridge,
  moreWaiting,
  width,
}: {
  interaction: QuestionInteraction
  bridge: TuiBridge
  moreWaiting: number
  width: number
}) {
  const { questions, requestId } = interaction
  const [form, setForm] = useState<QuestionFormState>(() => startForm(questions, interaction.draft))
  // Key presses can arrive faster than renders (a paste, a fast typist): read the latest form.
  const formRef = useRef(form)
  const [openedAt] = useState(() => Date.now())
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)

  const submit = (answers: Array<string | null>) => {
    setBusy(true)
    setError(null)
    void bridge.respondToQuestion({ requestId, answers }).then((result) => {
      // On success the runtime settles the request and the overlay goes away with it.
      if (result.ok) return
      setBusy(false)
      setError(result.message ?? `The answers were not accepted (${result.reason}).`)
    })
  }

  useFocusedKeys((input, key, pasted) => {
    // Pasted text only ever fills the "Other" input; it never picks, skips or dismisses.
    if (pasted && formRef.current.otherText === null) return
    if (!pasted && interaction.recovered && formRef.current.otherText === null && input === 'x') {
      setBusy(true)
      void bridge.dismissInteraction({ requestId }).then((result) => {
        if (!result.ok) {
          setBusy(false)
          setError(result.message ?? `Could not dismiss (${result.reason}).`)
        }
      })
      return
    }
    const formInput: FormInput | null = pasted
      ? { kind: 'text', text: input }
      : formInputFromKey(input, key)
    if (!formInput) return
    const step = stepForm(questions, formRef.current, formInput)
    if (step.state === formRef.current) return
    formRef.current = step.state
    setForm(step.state)
    if (step.submit) submit(step.submit)
    else if (step.draftChanged)
      void bridge.saveQuestionDraft({ requestId, draft: step.state.draft })
  }, !busy)

  const index = form.draft.index
  const question = questions[index]
  if (!question) return null
  const otherRow = question.options.length
  const pick = form.draft.picks[index]
  const typing = form.otherText !== null
  const hints = typing
    ? 'type your answer · Enter confirm · Esc back to the options'
    : `↑↓ move · 1–${otherRow + 1} pick · Enter choose · Esc skip${index > 0 ? ' · ← back' : ''}${
        interaction.recovered ? ' · x dismiss' : ''
      }`

  return (
    <Box
      width={width}
      flexDirection="column"
      borderStyle="round"
      borderColor="magenta"
      paddingX={1}
    >
      <Text wrap="truncate-end">
        <Text color="magenta" bold>
          Question {index + 1} / {questions.length}
        </Text>
        <Text dimColor> · Agent question</Text>
      </Text>
      {interaction.recovered ? (
        <Text color="yellow">
          Waiting since {formatSince(interaction.createdAt, openedAt)} (asked before a restart)
        </Text>
      ) : null}
      <SafeText bold>{question.question}</SafeText>
      {question.options.map((option, row) => (
        <OptionRow key={row} here={row === form.cursor} number={row + 1}>
          {oneLine(option.label)}
          {pick?.kind === 'option' && pick.index === row ? ' ✓' : ''}
          {option.description ? <Text dimColor> — {oneLine(option.description)}</Text> : null}
        </OptionRow>
      ))}
      <OptionRow here={form.cursor === otherRow} number={otherRow + 1}>
        Other
        {typing ? (
          <Text>
            : {oneLine(form.otherText ?? '', 4_000)}
            <Text inverse> </Text>
          </Text>
        ) : pick?.kind === 'other' ? (
          <Text>: {oneLine(pick.text)} ✓</Text>
        ) : (
          <Text dimColor> — type your own answer</Text>
        )}
      </OptionRow>
      {error ? <Text color="red">{error}</Text> : null}
      {moreWaiting > 0 ? <Text color="yellow">{moreWaiting} more waiting</Text> : null}
      <Text dimColor wrap="truncate-end">
        {busy ? 'Sending…' : hints}
      </Text>
    </Box>
  )
}

/** One selectable row; wrapped lines stay indented under the label. */
function OptionRow({
  here,
  number,
  children,
}: {
  here: boolean
  number: number
  children: ReactNode
}) {
  const color = here ? { color: 'cyan' } : {}
  return (
    <Box>
      <Box flexShrink={0}>
        <Text {...color}>
          {here ? '❯ ' : '  '}
          {number}.{' '}
        </Text>
      </Box>
      <Box flexGrow={1} flexShrink={1}>
        <Text {...color}>{children}</Text>
      </Box>
    </Box>
  )
}
