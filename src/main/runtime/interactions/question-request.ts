import {
  QuestionDraftSchema,
  type AskUserQuestionInput,
  type AskUserQuestionResult,
  type Question,
} from '../../../shared/ask-user-question'
import { FormDraftSchema, type FormDraft } from '../../../shared/form-schema'
import { questionDraftToForm } from '../../../shared/question-form'
import type { RecoveredCall } from '../sessions/recovery'
import { newId, type SessionState } from '../sessions/session-state'
import { TurnEndedError, type Turn } from '../sessions/turn'
import type { InteractionBroker, QuestionAnswer, RespondFailure } from './broker'
import type { DraftStore } from './draft-store'
import type { StepCall } from '../tools/tool-types'

export interface QuestionDeps {
  broker: InteractionBroker
  drafts: DraftStore
  now(): number
  /** Writes the call's one tool result (first writer wins); the answer is that result. */
  commitResult(result: {
    session: SessionState
    turn: Turn
    toolCallId: string
    tool: string
    output: AskUserQuestionResult
    isError: false
    sync: true
  }): boolean
}

/** An answer that does not fit its question, in words the caller can act on; null when it fits. */
function misfit(question: Question, answer: QuestionAnswer, index: number): string | null {
  if (answer === null || typeof answer === 'string') return null
  if (!question.multiSelect) return `question ${index + 1} takes one answer, not a list`
  if (answer.length === 0)
    return `question ${index + 1}: an empty list; send null to leave it unanswered`
  const labels = new Set(question.options.map((o) => o.label))
  if (new Set(answer).size !== answer.length) return `question ${index + 1}: an answer is repeated`
  if (answer.filter((a) => !labels.has(a)).length > 1)
    return `question ${index + 1}: at most one answer may be your own ("Other")`
  return null
}

/** The saved draft of a question request; one an earlier version saved in the old shape is converted. */
function loadDraft(drafts: DraftStore, requestId: string): FormDraft | null {
  const saved = drafts.load(requestId, FormDraftSchema)
  if (saved) return saved
  const legacy = drafts.load(requestId, QuestionDraftSchema)
  return legacy ? questionDraftToForm(legacy) : null
}

/** The pinned result: each question with its answer (a label, the "Other" text, labels, or null). */
export function questionResult(
  questions: readonly Question[],
  answers: readonly QuestionAnswer[],
): AskUserQuestionResult {
  return {
    answers: questions.map((q, i) => {
      const answer = answers[i] ?? null
      return {
        question: q.question,
        answer: q.multiSelect && typeof answer === 'string' ? [answer] : answer,
      }
    }),
  }
}

/**
 * AskUserQuestion through the broker: the `user_question_request` record before it is shown, the
 * answer persisted exactly once as the call's tool result (synced) before the turn resumes.
 */
export async function askQuestion(
  deps: QuestionDeps,
  session: SessionState,
  turn: Turn,
  call: StepCall,
  input: AskUserQuestionInput,
  recovered: Extract<RecoveredCall, { kind: 'question' }> | undefined,
): Promise<AskUserQuestionResult> {
  const requestId = recovered?.request.requestId ?? newId('ask')
  const createdAt = recovered?.request.at ?? deps.now()
  const { questions } = input
  let result: AskUserQuestionResult | undefined
  const outcome = await deps.broker.ask({
    session,
    turn,
    interaction: {
      kind: 'question',
      requestId,
      sessionId: session.header.id,
      turnId: turn.id,
      toolCallId: call.toolCallId,
      source: { kind: 'parley', toolCallId: call.toolCallId },
      createdAt,
      recovered: recovered !== undefined,
      questions,
      draft: loadDraft(deps.drafts, requestId),
    },
    requestRecord: recovered
      ? null
      : {
          type: 'user_question_request',
          at: createdAt,
          turnId: turn.id,
          requestId,
          toolCallId: call.toolCallId,
          questions,
        },
    check: ({ answers }): RespondFailure | null => {
      if (answers.length !== questions.length)
        return {
          ok: false,
          reason: 'answer_count',
          message: `expected ${questions.length} answers, got ${answers.length}`,
        }
      for (const [i, question] of questions.entries()) {
        const message = misfit(question, answers[i] ?? null, i)
        if (message) return { ok: false, reason: 'invalid_answer', message }
      }
      return null
    },
    commit: ({ answers }, _by, device) => {
      result = questionResult(questions, answers)
      deps.commitResult({
        session,
        turn,
        toolCallId: call.toolCallId,
        tool: call.toolName,
        output: result,
        isError: false,
        sync: true,
        ...(device ? { device } : {}),
      })
    },
    outcomeOf: () => 'answered',
  })
  if (outcome.kind === 'response' && result) return result
  throw new TurnEndedError(outcome.kind === 'ended' ? outcome.reason : 'stopped')
}
