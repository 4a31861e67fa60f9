import type { PermissionDecision, PermissionMode } from '../../../shared/permission'
import type { DecisionReason } from '../../../shared/permission'
import {
  checkRemembered,
  withRemembered,
  type RememberedDecisions,
  type RememberedVerdict,
  type RememberQuery,
} from './remembered-decisions'
import { needsPermission, type ToolCategory } from '../tools/tool-types'
import { mcpToolVerdict } from './mcp-tool-policy'

export type PolicyVerdict =
  { kind: 'allow' } | { kind: 'ask' } | { kind: 'refuse'; message: string }

export interface PolicyQuery {
  tool: string
  category: ToolCategory
  mode: PermissionMode
  /** An external tool's own read-only claim (MCP `readOnlyHint`). */
  readOnlyHint?: boolean | undefined
}

/**
 * Permission policy and remember-for-turn. Parking, the 300 s timeout and the FIFO live in the
 * runtime's shared machinery; this class only decides.
 *
 * explore: read-only tools only · ask: every mutating tool asks · execute: file edits inside the
 * workspace allowed (tools cannot leave it), commands ask · bypass: never asks.
 */
export class PermissionEngine {
  /** turnId → what was remembered in it. Dropped when the turn ends. */
  readonly #remembered = new Map<string, RememberedDecisions>()

  evaluate({ tool, category, mode, readOnlyHint }: PolicyQuery): PolicyVerdict {
    // An MCP server's tool asks in ask and execute modes even when it says it only reads.
    if (category === 'external')
      return mcpToolVerdict({ tool, mode, readOnlyHint: readOnlyHint ?? false })
    if (!needsPermission(category) || mode === 'bypass') return { kind: 'allow' }
    if (mode === 'explore') {
      return {
        kind: 'refuse',
        message: `${tool} is not available in explore mode (read-only). Do not retry it; tell the user what you would change and that they can switch the permission mode to ask or execute.`,
      }
    }
    if (mode === 'execute' && category === 'edit') return { kind: 'allow' }
    return { kind: 'ask' }
  }

  /**
   * What this turn's remembered decisions say about a call whose policy verdict is "ask": allow
   * only when every part is covered and nothing is high risk; deny when any part was denied.
   */
  check(turnId: string, query: RememberQuery): RememberedVerdict {
    return checkRemembered(this.#remembered.get(turnId) ?? new Map(), query)
  }

  /** Records an answer given with Remember for the keys it covered (see `rememberKeysOf`). */
  remember(turnId: string, keys: readonly string[], decision: PermissionDecision): void {
    this.#remembered.set(
      turnId,
      withRemembered(this.#remembered.get(turnId) ?? new Map(), keys, decision),
    )
  }

  endTurn(turnId: string): void {
    this.#remembered.delete(turnId)
  }
}

/** What the model reads when a call was not allowed. */
export function deniedMessage(tool: string, reason: DecisionReason, mode: PermissionMode): string {
  switch (reason) {
    case 'timed_out':
      return `The person did not answer in time: the permission request for ${tool} timed out with nobody answering, so it did not run. This was not a refusal. Continue without it if you can, or say what you still need and ask again when the person is back.`
    case 'headless':
      return `${tool} needs permission in mode "${mode}", and this is a headless run with no one to approve it, so it did not run. Continue without it, or the user can re-run with --mode bypass.`
    case 'mode':
      return `The user switched this session to ${mode} mode, where ${tool} is not allowed, so it did not run.`
    case 'remembered':
      return `The user denied part of this ${tool} call earlier in this turn, so it did not run.`
    // A prompt that ended with its turn is never answered to the model; these read as a denial.
    case 'user':
    case 'stopped':
    case 'aborted':
    case 'error':
    case 'removed':
    case 'dismissed':
      return `The user denied permission for ${tool}, so it did not run. Do not retry the same action; ask or continue differently.`
  }
}
