/** One step of a request asked a question at a time: its short name and whether it has an answer. */
export interface QuestionStep {
  name: string
  answered: boolean
}

/**
 * The questions of one request as steps, in the tray's header: each by its short header (else
 * "Question k"), a tick on those answered, the one on screen marked as current, then "Review". So
 * the person sees what comes next, not only "1 / 3".
 */
export function QuestionSteps({
  steps,
  current,
}: {
  steps: readonly QuestionStep[]
  /** The question on screen (the steps are not shown on the review). */
  current: number
}) {
  return (
    <ol className="question-steps" aria-label="Questions">
      {steps.map((step, i) => (
        <li
          key={i}
          className={`question-step${step.answered ? ' is-answered' : ''}`}
          aria-current={i === current ? 'step' : undefined}
        >
          <span className="question-step-mark" aria-hidden="true">
            {step.answered ? '✓' : i + 1}
          </span>
          <span>{step.name}</span>
          {step.answered && <span className="visually-hidden"> (answered)</span>}
        </li>
      ))}
      <li className="question-step is-review">Review</li>
    </ol>
  )
}
