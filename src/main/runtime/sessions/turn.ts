import type { TurnEndReason } from '../../../shared/session-events'

/** Why a turn is being ended from outside its loop. `shutdown` leaves it open in the log. */
export type TurnStopReason = Exclude<TurnEndReason, 'completed' | 'error'> | 'removed' | 'shutdown'

/** Thrown out of a parked tool when its turn is ended: the tool writes nothing more. */
export class TurnEndedError extends Error {
  constructor(readonly reason: string) {
    super(`turn ended (${reason})`)
  }
}

/** One running turn: its abort signal, its open tool calls, and how it was asked to end. */
export class Turn {
  readonly abort = new AbortController()
  /** Tool calls written to the log whose result is not written yet. */
  readonly openCalls = new Map<string, string>()
  stopReason: TurnStopReason | undefined
  /** Resolves when the loop has written its last record. */
  done: Promise<void> = Promise.resolve()

  constructor(
    readonly id: string,
    readonly sessionId: string,
  ) {}

  requestStop(reason: TurnStopReason): void {
    this.stopReason ??= reason
    this.abort.abort(new TurnEndedError(reason))
  }

  get stopping(): boolean {
    return this.stopReason !== undefined
  }
}
