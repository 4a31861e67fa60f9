import { useEffect, useReducer } from 'react'
import type { BridgeError, BridgeEvent, BridgeOutput } from '../shared/bridge'
import {
  LOADING_VIEW,
  reduceSessionView,
  type SessionView,
  type SessionViewAction,
} from './session-view-state'
import type { TuiBridge } from './tui-bridge'
import { errorMessage } from '../shared/plain-error'

type OpenResult = BridgeOutput<'openSession'> | BridgeOutput<'createSession'> | BridgeError

const failure = (result: Extract<OpenResult, { ok: false }>, sessionId?: string): string => {
  if (result.reason === 'not_found') return `No session with id "${sessionId ?? ''}".`
  return result.message ?? `Could not start a session (${result.reason}).`
}

/** Which session the client shows: a new one, or one to open (`--session`, /resume, /sessions). */
export type SessionTarget =
  | {
      kind: 'create'
      workspace?: string | undefined
      /** A named ACP agent from Settings, or "parley"; absent: the default agent. */
      agent?: string | undefined
    }
  | { kind: 'open'; sessionId: string }

/**
 * Creates a session (or opens one and replays it) and keeps its view in step with live
 * events. A new target object switches sessions. Text deltas are coalesced and applied at most every `flushMs`, so a fast stream
 * re-renders the screen a few dozen times a second instead of once per token; any other event
 * first flushes the pending deltas, so order is kept.
 */
export function useSessionView(
  bridge: TuiBridge,
  target: SessionTarget,
  flushMs = 25,
): [SessionView, (action: SessionViewAction) => void] {
  const [view, dispatch] = useReducer(reduceSessionView, LOADING_VIEW)

  useEffect(() => {
    let live = true
    let ready = false
    dispatch({ type: 'reset' })
    // Events that arrive before the session is loaded are applied after it (duplicates of the
    // replayed history are ignored by the pure state).
    const early: BridgeEvent[] = []
    let deltas: BridgeEvent[] = []
    let timer: ReturnType<typeof setTimeout> | undefined

    const flush = () => {
      if (timer) clearTimeout(timer)
      timer = undefined
      if (deltas.length === 0) return
      const events = deltas
      deltas = []
      dispatch({ type: 'events', events, at: Date.now() })
    }

    const unsubscribe = bridge.onEvent((event) => {
      if (!live) return
      if (!ready) {
        early.push(event)
      } else if (event.type === 'text_delta') {
        deltas.push(event)
        timer ??= setTimeout(flush, flushMs)
      } else {
        flush()
        dispatch({ type: 'events', events: [event], at: Date.now() })
      }
    })

    const loaded = (action: Extract<SessionViewAction, { type: 'loaded' }>) => {
      dispatch(action)
      ready = true
      if (early.length > 0) dispatch({ type: 'events', events: early.splice(0), at: Date.now() })
    }

    const load = async (): Promise<void> => {
      if (target.kind === 'open') {
        const result = await bridge.openSession({ sessionId: target.sessionId })
        if (!live) return
        if (result.ok) loaded({ type: 'loaded', ...result, at: Date.now(), created: false })
        else dispatch({ type: 'failed', message: failure(result, target.sessionId) })
        return
      }
      const result = await bridge.createSession({
        ...(target.workspace === undefined ? {} : { workspace: target.workspace }),
        ...(target.agent === undefined ? {} : { agent: target.agent }),
      })
      if (!live) return
      if (result.ok)
        loaded({
          type: 'loaded',
          session: result.session,
          events: [],
          pending: [],
          notices: [],
          at: Date.now(),
          created: true,
        })
      else dispatch({ type: 'failed', message: failure(result) })
    }
    load().catch((error: unknown) => {
      if (live)
        dispatch({
          type: 'failed',
          message: errorMessage(error),
        })
    })

    return () => {
      live = false
      unsubscribe()
      if (timer) clearTimeout(timer)
    }
  }, [bridge, target, flushMs])

  return [view, dispatch]
}
