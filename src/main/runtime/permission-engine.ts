import type { PermissionDecision, PermissionMode } from '../../shared/permission'
import type { DecisionReason } from '../../shared/permission'

export type PolicyVerdict =
  { kind: 'allow' } | { kind: 'ask' } | { kind: 'refuse'; message: string }

export interface PolicyQuery {
  tool: string
  mutating: boolean
  mode: PermissionMode
}

/**
 * Permission policy and remember-for-turn. Parking, the 300 s timeout and the FIFO live in the
 * runtime's shared machinery; this class only decides.
 *
 * explore: read-only tools only · ask: every mutating tool asks · execute: file edits inside the
 * workspace allowed (tools cannot leave it), commands ask · bypass: never asks.
 */
export class PermissionEngine {
  /** turnId → intent → remembered decision. Dropped when the turn ends. */
  readonly #remembered = new Map<string, Map<string, PermissionDecision>>()

  evaluate({ tool, mutating, mode }: PolicyQuery): PolicyVerdict {
    if (!mutating || mode === 'bypass') return { kind: 'allow' }
    if (mode === 'explore') {
      return {
        kind: 'refuse',
        message: `${tool} is not available in explore mode (read-only). Do not retry it; tell the user what you would change and that they can switch the permission mode to ask or execute.`,
      }
    }
    if (mode === 'execute' && (tool === 'write_file' || tool === 'edit_file'))
      return { kind: 'allow' }
    return { kind: 'ask' }
  }

  remembered(turnId: string, intent: string): PermissionDecision | undefined {
    return this.#remembered.get(turnId)?.get(intent)
  }

  remember(turnId: string, intent: string, decision: PermissionDecision): void {
    const turn = this.#remembered.get(turnId) ?? new Map<string, PermissionDecision>()
    turn.set(intent, decision)
    this.#remembered.set(turnId, turn)
  }

  endTurn(turnId: string): void {
    this.#remembered.delete(turnId)
  }
}

/** What the model reads when a call was not allowed. */
export function deniedMessage(tool: string, reason: DecisionReason, mode: PermissionMode): string {
  switch (reason) {
    case 'timed_out':
      return `Permission to run ${tool} was not given in time (the request timed out after 300 s), so it did not run.`
    case 'headless':
      return `${tool} needs permission in mode "${mode}", and this is a headless run with no one to approve it, so it did not run. Continue without it, or the user can re-run with --mode bypass.`
    case 'mode':
      return `The user switched this session to ${mode} mode, where ${tool} is not allowed, so it did not run.`
    case 'remembered':
      return `The user denied ${tool} for this intent earlier in this turn, so it did not run.`
    default:
      return `The user denied permission for ${tool}, so it did not run. Do not retry the same action; ask or continue differently.`
  }
}
