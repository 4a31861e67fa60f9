import type * as acp from '@agentclientprotocol/sdk'
import { createTwoFilesPatch } from 'diff'
import { LIMITS } from '../../../shared/limits'
import type { AgentPermissionOption } from '../../../shared/interactions'
import type { AskBody, AskOutcome } from '../interactions/asker'
import { rawCommandLine, rawEditPath, rawReplacement } from './call-input'
import { contentBlockText, jsonText } from './tool-call-records'
import { truncate } from '../../../shared/truncate'

export type AgentPermissionBody = Extract<AskBody, { kind: 'agent_permission' }>

/** At most this many of an agent's options are offered (the tray's contract). */
const MAX_OPTIONS = 10

/** The agent's options, by its own names (cut to fit), at most ten. */
function options(list: readonly acp.PermissionOption[]): AgentPermissionOption[] {
  return list.slice(0, MAX_OPTIONS).map((o) => ({
    optionId: o.optionId,
    name: truncate(o.name.trim() || o.optionId, LIMITS.optionLabel),
    kind: o.kind,
  }))
}

/** Everything the agent said about the call, as text: its content, diffs and raw input. */
function detail(call: acp.ToolCallUpdate): string {
  const parts: string[] = []
  for (const part of call.content ?? []) {
    switch (part.type) {
      case 'content':
        parts.push(contentBlockText(part.content))
        break
      case 'diff':
        parts.push(
          `${part.oldText == null ? 'New file' : 'Edit'} ${part.path}:\n${part.newText.slice(0, LIMITS.agentDiffText)}`,
        )
        break
      case 'terminal':
        parts.push(`Terminal ${part.terminalId}`)
        break
    }
  }
  const raw = jsonText(call.rawInput)
  if (raw !== undefined) parts.push(`Input: ${raw}`)
  return parts.join('\n\n')
}

/** At most this many of a call's file changes are sent as patches, within this many characters. */
const MAX_DIFFS = 10
const DIFF_BUDGET = LIMITS.payloadBytes / 4
/** Diffing two large, very different texts can take long: past this, the change stays text only. */
const DIFF_TIMEOUT_MS = 250

/** ACP kinds of calls that change files: the tray shows what they change up front. */
const EDIT_KINDS: ReadonlySet<string> = new Set(['edit', 'delete', 'move'])

/**
 * The file changes a call shows: the diffs of its content, else — for an edit whose agent sends
 * none (it names the file and the replacement only in its raw input) — that replacement.
 */
function changes(
  call: acp.ToolCallUpdate,
): Array<{ path: string; oldText?: string | null; newText: string }> {
  const shown = (call.content ?? []).flatMap((part) => (part.type === 'diff' ? [part] : []))
  if (shown.length > 0 || !EDIT_KINDS.has(call.kind ?? '')) return shown
  const replacement = rawReplacement(call)
  return replacement ? [replacement] : []
}

/**
 * The files the tray names: the call's locations, else the file its raw input names for an edit
 * (an agent may name it nowhere else).
 */
function shownLocations(call: acp.ToolCallUpdate): string[] {
  const listed = (call.locations ?? []).map((l) => l.path)
  if (listed.length > 0 || !EDIT_KINDS.has(call.kind ?? '')) return listed
  const named = rawEditPath(call)
  return named === undefined ? [] : [named]
}

/**
 * The call's file changes as unified patches, so a UI can draw them as diffs (coloured, numbered,
 * "+8 −4"); a new file is a patch from nothing. A change too big to diff cheaply, or past the
 * budget, is left to `detail`, which describes every change in text.
 */
function diffs(call: acp.ToolCallUpdate): Array<{ path: string; patch: string }> {
  const out: Array<{ path: string; patch: string }> = []
  let budget = DIFF_BUDGET
  for (const part of changes(call)) {
    if (out.length >= MAX_DIFFS) continue
    const path = part.path.slice(0, LIMITS.path)
    const patch = createTwoFilesPatch(
      path,
      path,
      (part.oldText ?? '').slice(0, LIMITS.agentDiffText),
      part.newText.slice(0, LIMITS.agentDiffText),
      '',
      '',
      { context: 3, timeout: DIFF_TIMEOUT_MS },
    )
    if (patch === undefined || patch.length > Math.min(budget, LIMITS.agentDiffText)) continue
    budget -= patch.length
    out.push({ path, patch })
  }
  return out
}

/**
 * The tray request for an agent's `session/request_permission`: one button per option the agent
 * offers, named as the agent names it, and what the call runs or changes up front — an
 * `execute` call's command line from its raw input (the title may be only the model's
 * description of it), an edit's file and change. `knownTitle` is the title the call had when it was first
 * reported, for a request whose own tool call carries none. Whether it can be shown (1–10 options
 * with distinct, bounded ids) is decided once, at the broker's door (`ExternalAsker`).
 */
export function permissionBody(
  params: acp.RequestPermissionRequest,
  knownTitle?: string,
): AgentPermissionBody {
  const call = params.toolCall
  const kind = call.kind ?? undefined
  const patches = diffs(call)
  const command = kind === 'execute' ? rawCommandLine(call) : undefined
  return {
    kind: 'agent_permission',
    title: truncate(call.title ?? knownTitle ?? 'Tool call', LIMITS.questionText),
    detail: detail(call),
    ...(kind ? { toolKind: kind } : {}),
    ...(command !== undefined ? { command: truncate(command, LIMITS.agentToolText) } : {}),
    locations: shownLocations(call)
      .slice(0, LIMITS.agentParts)
      .map((path) => path.slice(0, LIMITS.path)),
    options: options(params.options),
    ...(patches.length > 0 ? { diffs: patches } : {}),
  }
}

/** The files a tool call names: its locations and the paths of its diffs. */
export function namedPaths(call: acp.ToolCallUpdate): string[] {
  const paths = (call.locations ?? []).map((l) => l.path)
  for (const part of call.content ?? []) if (part.type === 'diff') paths.push(part.path)
  return [...new Set(paths)]
}

/**
 * The answer to the agent. Anything but an option the agent offered — the turn stopped, the
 * request withdrawn, the app quitting — is `cancelled`, as ACP prescribes.
 */
export function permissionResponse(
  outcome: AskOutcome<{ optionId: string }>,
  offered: readonly AgentPermissionOption[],
): acp.RequestPermissionResponse {
  if (outcome.kind === 'answered' && offered.some((o) => o.optionId === outcome.value.optionId)) {
    return { outcome: { outcome: 'selected', optionId: outcome.value.optionId } }
  }
  return { outcome: { outcome: 'cancelled' } }
}
