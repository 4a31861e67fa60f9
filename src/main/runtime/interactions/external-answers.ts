import type { AgentPermissionOption, SettleOutcome } from '../../../shared/interactions'
import { contentErrors } from '../../../shared/form-answers'
import type { FormResponse, FormSpec } from '../../../shared/form-schema'
import { LIMITS } from '../../../shared/limits'
import type { PermissionMode } from '../../../shared/permission'
import type { SessionEventOf } from '../../../shared/session-events'
import type { AskOutcome, LinkChoice } from './asker'
import type { ParkEndReason } from './parked-requests'

/**
 * The external asker's rules as tables: how an answer or an unanswered end is written and heard,
 * Parley's own options for a link, and what a headless run answers with nobody there.
 */

/** Why an accepted form's content does not fit the form, field by field; null when it fits. */
export function contentProblem(form: FormSpec, response: FormResponse): string | null {
  if (response.action !== 'accept') return null
  if (JSON.stringify(response).length > LIMITS.formResponseBytes)
    return `the answer is larger than ${LIMITS.formResponseBytes} bytes`
  const errors = Object.entries(contentErrors(form, response.content))
  return errors.length === 0
    ? null
    : errors.map(([key, message]) => `${key}: ${message}`).join('; ')
}

export type RequestRecord = SessionEventOf<'interaction_request'>
export type ResponseOutcome = SessionEventOf<'interaction_response'>['outcome']

/** How a form's answer is written in the log and reads in the UIs. */
export const FORM_OUTCOME: Record<FormResponse['action'], ResponseOutcome & SettleOutcome> = {
  accept: 'answered',
  decline: 'declined',
  cancel: 'cancelled',
}

/**
 * A request that ended unanswered: the `interaction_response` that closes it (none when it stays
 * open: a quit re-shows it at the next start, an orphan stays in the tray) and what the asker hears.
 */
export const ENDED_UNANSWERED: Record<
  ParkEndReason,
  {
    closeAs: ResponseOutcome | null
    asker: Extract<AskOutcome<never>, { kind: 'ended' }>['reason']
  }
> = {
  shutdown: { closeAs: null, asker: 'shutdown' },
  withdrawn: { closeAs: 'withdrawn', asker: 'withdrawn' },
  orphaned: { closeAs: null, asker: 'withdrawn' },
  stopped: { closeAs: 'stopped', asker: 'stopped' },
  aborted: { closeAs: 'stopped', asker: 'stopped' },
  error: { closeAs: 'stopped', asker: 'stopped' },
  removed: { closeAs: 'stopped', asker: 'stopped' },
  // An agent's permission that times out is answered with its reject option instead (see ask).
  timed_out: { closeAs: 'timed_out', asker: 'stopped' },
  dismissed: { closeAs: 'stopped', asker: 'stopped' },
}

/** Parley's own options for a link request, by purpose (the first is the main action). */
export const LINK_OPTIONS: Record<
  'sign_in' | 'open' | 'waiting',
  Array<{ optionId: LinkChoice; name: string; kind: AgentPermissionOption['kind'] }>
> = {
  sign_in: [
    { optionId: 'open', name: 'Sign in', kind: 'allow_once' },
    { optionId: 'not_now', name: 'Not now', kind: 'reject_once' },
  ],
  open: [
    { optionId: 'open', name: 'Open', kind: 'allow_once' },
    { optionId: 'decline', name: 'Decline', kind: 'reject_once' },
    { optionId: 'cancel', name: 'Cancel', kind: 'reject_always' },
  ],
  waiting: [{ optionId: 'cancel', name: 'Cancel', kind: 'reject_once' }],
}

/** What a headless run answers, with nobody there: deny (allow in bypass), decline a form. */
export function headlessAnswer(
  request: RequestRecord['request'],
  mode: PermissionMode,
):
  | { outcome: 'answered'; response: { optionId: string } }
  | { outcome: 'declined'; response: FormResponse } {
  if (request.kind === 'form') return { outcome: 'declined', response: { action: 'decline' } }
  const wanted = mode === 'bypass' ? 'allow' : 'reject'
  const option = optionOfKind(request.options, wanted) ?? request.options[0]
  return { outcome: 'answered', response: { optionId: option?.optionId ?? '' } }
}

/** The agent's option of this kind, once before always ("reject_once" before "reject_always"). */
export function optionOfKind(
  options: readonly AgentPermissionOption[],
  wanted: 'allow' | 'reject',
): AgentPermissionOption | undefined {
  return (
    options.find((o) => o.kind === `${wanted}_once`) ??
    options.find((o) => o.kind.startsWith(wanted))
  )
}
