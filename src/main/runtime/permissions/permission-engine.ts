import type { PermissionDecision, PermissionMode } from '../../../shared/permission'
import type { DecisionReason } from '../../../shared/permission'
import { RULE_SCOPE_WORDS } from '../../../shared/rule-words'
import { withRemembered, type RememberedDecisions } from './remembered-decisions'
import type { LastingRule } from './permission-policy'

/**
 * Remember-for-turn: what was answered with Remember in each running turn. The policy itself is
 * `decide` (permission-policy.ts); parking, the timeout and the FIFO live in the runtime's shared
 * machinery.
 */
export class PermissionEngine {
  /** turnId → what was remembered in it. Dropped when the turn ends. */
  readonly #remembered = new Map<string, RememberedDecisions>()

  /** The decisions remembered in a turn so far. */
  turn(turnId: string): RememberedDecisions {
    return this.#remembered.get(turnId) ?? new Map()
  }

  /** Records an answer given with Remember for the keys it covered (see `rememberKeysOf`). */
  remember(turnId: string, keys: readonly string[], decision: PermissionDecision): void {
    this.#remembered.set(turnId, withRemembered(this.turn(turnId), keys, decision))
  }

  endTurn(turnId: string): void {
    this.#remembered.delete(turnId)
  }
}

/** What `deniedMessage` may name besides the reason. */
export interface DeniedContext {
  mode: PermissionMode
  /** How long a prompt waits before it settles as deny (`timed_out`). */
  timeoutMs: number
  /** The deny rules that refused the call (reason `rule`). */
  rules?: readonly Pick<LastingRule, 'label' | 'scope'>[]
}

/** A duration as the model reads it: "300 s", "2 min", "1.5 h". */
function durationWords(ms: number): string {
  const seconds = Math.round(ms / 1000)
  if (seconds < 120) return `${seconds} s`
  const minutes = seconds / 60
  if (minutes < 120) return `${Number.isInteger(minutes) ? minutes : minutes.toFixed(1)} min`
  return `${(minutes / 60).toFixed(1)} h`
}

/** What the model reads when a call was not allowed. */
export function deniedMessage(
  tool: string,
  reason: DecisionReason,
  context: DeniedContext,
): string {
  switch (reason) {
    case 'timed_out':
      return `The person did not answer in time: the permission request for ${tool} timed out after ${durationWords(context.timeoutMs)} with nobody answering, so it did not run. This was not a refusal. Continue without it if you can, or say what you still need and ask again when the person is back.`
    case 'headless':
      return `${tool} needs permission in mode "${context.mode}", and this is a headless run with no one to approve it, so it did not run. Continue without it, or the user can re-run with --mode bypass.`
    case 'mode':
      return `The user switched this session to ${context.mode} mode, where ${tool} is not allowed, so it did not run.`
    case 'remembered':
      return `The user denied part of this ${tool} call earlier in this turn, so it did not run.`
    case 'rule': {
      const named = (context.rules ?? [])
        .map((rule) => `"Always deny ${rule.label}" (${RULE_SCOPE_WORDS[rule.scope]})`)
        .join(', ')
      return `This ${tool} call was denied by the user's permission rule ${named || '(a deny rule)'}, so it did not run. Do not retry it or work around it; continue without it, or ask the user to remove the rule in Settings → Permissions.`
    }
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
