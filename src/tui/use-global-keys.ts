import { useApp, type Key } from 'ink'
import { useRef, useState } from 'react'
import type { SessionSummary } from '../shared/bridge'
import type { PendingInteraction } from '../shared/interactions'
import { queuedAsDraft, type MessageQueue } from '../shared/queued-messages'
import { EMPTY_COMPOSER, withEditor, type ComposerState } from './composer-state'
import type { Panel } from './panel'
import type { TuiBridge } from './tui-bridge'

/**
 * A second Ctrl+C within this window quits (also while a turn runs); the first only clears the
 * draft, stops the turn, or says to press it again.
 */
const EXIT_WINDOW_MS = 1_000

/** What the app-wide keys read and do. */
export interface GlobalKeysContext {
  bridge: TuiBridge
  session: SessionSummary | null
  head: PendingInteraction | undefined
  panel: Panel | null
  running: boolean
  queued: MessageQueue
  clearQueue(): void
  composerRef: { readonly current: ComposerState }
  setDraft(next: ComposerState): void
  hint: string | null
  setHint(update: string | null | ((shown: string | null) => string | null)): void
  /** The next hint shown stays this long. */
  hintFor(ms: number): void
  clock: () => number
  exit(code: number): void
  confirmingBypass: boolean
  setConfirmingBypass(confirming: boolean): void
  setBypass(): void
  cycleMode(): void
  /** Ctrl+Z: stops the process until it is continued. */
  stopProcess: () => Promise<void>
  /** Ctrl+O: whether there is an output to show, and showing it. */
  hasOutput: boolean
  showOutput(): void
}

/**
 * The keys seen before the focused surface: Ctrl+C (clear, stop, quit), Ctrl+D, the mode keys,
 * Ctrl+Z and Ctrl+O, and the bypass confirmation; and stopping the turn, which Esc does too.
 */
export function useGlobalKeys(context: GlobalKeysContext) {
  const { bridge, session, head, panel, running, queued, composerRef, setDraft, setHint } = context
  const { suspendTerminal } = useApp()
  const lastCtrlC = useRef(0)
  // "Stopping the turn…" is shown: it goes once the turn has ended.
  const [stopping, setStopping] = useState(false)
  if (stopping && !running) {
    setStopping(false)
    setHint((shown) => (shown?.startsWith('Stopping the turn') ? null : shown))
  }

  /**
   * Stops the turn; messages queued behind it go back into the message box instead of running
   * (as Claude Code and Codex do). Says so in the hint, which clears once the turn has ended.
   */
  const stopRunningTurn = (sessionId: string, after = '') => {
    void bridge.stop({ sessionId })
    setStopping(true)
    const back = queued.length
    if (back > 0) {
      const text = queuedAsDraft(queued, composerRef.current.editor.text)
      context.clearQueue()
      setDraft(withEditor(composerRef.current, { text, cursor: text.length }))
    }
    const put = back === 1 ? 'The queued message is' : `The ${back} queued messages are`
    setHint(`Stopping the turn…${back > 0 ? ` ${put} back in the message box.` : ''}${after}`)
  }

  const stopTurn = () => {
    if (session) stopRunningTurn(session.id)
  }

  /** Ctrl+C: quits only when pressed twice within a second, as a shell user expects. */
  const interrupt = () => {
    const nowMs = context.clock()
    const again = nowMs - lastCtrlC.current < EXIT_WINDOW_MS
    lastCtrlC.current = again ? 0 : nowMs
    if (again || !session) return context.exit(0)
    context.hintFor(EXIT_WINDOW_MS)
    // A draft goes first (a message taken back from the queue is dropped this way); a turn
    // keeps running until Ctrl+C is pressed with nothing typed.
    if (composerRef.current.editor.text !== '' && !head && !panel) {
      setDraft(EMPTY_COMPOSER)
      setHint('Draft cleared. Press Ctrl+C again to quit.')
    } else if (running)
      stopRunningTurn(
        session.id,
        `${queued.length > 0 ? ' Press' : ' press'} Ctrl+C again to quit.`,
      )
    else setHint('Press Ctrl+C again to quit.')
  }

  /** App-wide keys, seen before the focused surface; true when the key was used here. */
  const globalKeys = (input: string, key: Key): boolean => {
    const ctrlC = key.ctrl && input === 'c'
    if (context.hint && !ctrlC) setHint(null)
    if (context.confirmingBypass && !ctrlC && !(key.ctrl && input === 'd')) {
      if (key.return) context.setBypass()
      else if (key.tab && key.shift) context.cycleMode()
      else context.setConfirmingBypass(false)
      return true
    }
    if (ctrlC) interrupt()
    // Ctrl+D quits without stopping the turn: an open question or permission request stays
    // open in the log and comes back at the next start. With a draft it deletes, as in a shell.
    else if (key.ctrl && input === 'd' && (head || panel || composerRef.current.editor.text === ''))
      context.exit(0)
    else if ((key.tab && key.shift) || (key.ctrl && input === 't')) context.cycleMode()
    else if (key.ctrl && input === 'z') {
      // Raw mode turns off the terminal's own Ctrl+Z; job control is done here instead.
      if (process.platform === 'win32') setHint('Ctrl+Z suspends only in a Unix terminal.')
      else void suspendTerminal(context.stopProcess)
    } else if (key.ctrl && input === 'o' && !head && panel?.kind !== 'output') {
      if (context.hasOutput) context.showOutput()
      else setHint('No tool has run yet in this session.')
    } else return false
    return true
  }

  return { globalKeys, stopTurn }
}
