import { Box, Static, Text, useBoxMetrics, useWindowSize, type DOMElement, type Key } from 'ink'
import { useCallback, useEffect, useRef, useState } from 'react'
import { queueHead } from '../shared/interaction-queue'
import { PERMISSION_MODES } from '../shared/permission'
import { applyComposerKey } from './composer-keys'
import { EMPTY_COMPOSER, insertText, type ComposerState } from './composer-state'
import { Composer } from './composer'
import { Footer } from './footer'
import { KeyRouter } from './key-router'
import { PermissionPrompt } from './permission-prompt'
import { QuestionPrompt } from './question-prompt'
import { TailBox } from './tail-box'
import { settledCount } from './transcript-state'
import { StreamingView, TranscriptEntryView } from './transcript-entry-view'
import type { TuiBridge } from './tui-bridge'
import { useReprintOnResize } from './use-reprint-on-resize'
import { useSessionView } from './use-session-view'

/** A second Ctrl+C within this window exits even while a turn is running. */
const EXIT_WINDOW_MS = 2_000

/** ^C stops a running turn (twice: exits); ^D quits at once, leaving open requests open. */
const COMPOSER_HINTS = 'Enter send · Alt+Enter/Ctrl+J newline · Shift+Tab mode · ^C stop · ^D quit'
const PROMPT_HINTS = 'Shift+Tab mode · ^C stop the turn · ^D quit (this stays open)'

export interface AppProps {
  bridge: TuiBridge
  /** Resume this session (`--session ID`); a new one is created when absent. */
  sessionId?: string | undefined
  /**
   * Called once when the person quits (0) or the session cannot be opened (1), with the id of
   * the session shown, if any, so the caller can say how to come back to it.
   */
  onExit: (code: number, sessionId?: string) => void
  /** Fixed terminal size, for tests; the real terminal's size otherwise. */
  size?: { columns: number; rows: number }
}

/**
 * The terminal client: the transcript (settled history printed once, the live part redrawn),
 * the head of the interaction FIFO in place of the message box, and a footer with mode, model
 * and workspace. Everything it shows comes from the bridge; it holds only view state.
 */
export function App({ bridge, sessionId, onExit, size }: AppProps) {
  const windowSize = useWindowSize()
  const { columns, rows } = size ?? windowSize
  const width = Math.max(20, columns)
  const [view, dispatch] = useSessionView(bridge, sessionId)
  const printEpoch = useReprintOnResize(columns)
  const [composer, setComposer] = useState<ComposerState>(EMPTY_COMPOSER)
  const composerRef = useRef(composer)
  const [backendLabel, setBackendLabel] = useState('')
  const [hint, setHint] = useState<string | null>(null)
  const lastCtrlC = useRef(0)
  const exited = useRef(false)

  const shownSession = view.session?.id
  const exit = useCallback(
    (code: number) => {
      if (exited.current) return
      exited.current = true
      if (shownSession) onExit(code, shownSession)
      else onExit(code)
    },
    [onExit, shownSession],
  )

  useEffect(() => {
    void bridge.getSettings({}).then((settings) => {
      if ('backendLabel' in settings) setBackendLabel(settings.backendLabel)
    })
  }, [bridge])

  useEffect(() => {
    if (view.phase === 'failed') exit(1)
  }, [view.phase, exit])

  useEffect(() => {
    if (!hint) return
    const timer = setTimeout(() => setHint(null), EXIT_WINDOW_MS)
    return () => clearTimeout(timer)
  }, [hint])

  const session = view.session
  const head = queueHead(view.queue)
  const note = (text: string, tone: 'dim' | 'error' = 'error') =>
    dispatch({ type: 'note', text, tone })

  const setDraft = (next: ComposerState) => {
    composerRef.current = next
    setComposer(next)
  }

  const send = (text: string) => {
    if (!session || text.trim() === '') return
    void bridge.send({ sessionId: session.id, text }).then((result) => {
      if (result.ok) {
        // Only clear what was sent: the person may have typed on while the call was in flight.
        if (composerRef.current.text === text) setDraft(EMPTY_COMPOSER)
        return
      }
      // Passing states: said in the status line, not written into the transcript.
      if (result.reason === 'busy') setHint('A turn is still running: wait, or ^C to stop it.')
      else if (result.reason === 'awaiting_input') setHint('Answer the open request first.')
      else note(result.message ?? `Not sent (${result.reason}).`)
    })
  }

  const cycleMode = () => {
    if (!session) return
    const next =
      PERMISSION_MODES[(PERMISSION_MODES.indexOf(session.mode) + 1) % PERMISSION_MODES.length] ??
      'ask'
    void bridge.setSessionMode({ sessionId: session.id, mode: next }).then((result) => {
      if (result.ok) dispatch({ type: 'mode', mode: next })
      else note(result.message ?? `Mode not changed (${result.reason}).`)
    })
  }

  const interrupt = () => {
    const now = Date.now()
    const again = now - lastCtrlC.current < EXIT_WINDOW_MS
    lastCtrlC.current = now
    if (again || !session) return exit(0)
    if (view.running) {
      void bridge.stop({ sessionId: session.id })
      setHint('Stopping the turn… press Ctrl+C again to exit.')
    } else if (composerRef.current.text !== '') {
      setDraft(EMPTY_COMPOSER)
      setHint('Draft cleared. Press Ctrl+C again to exit.')
    } else {
      exit(0)
    }
  }

  /** App-wide keys, seen before the focused surface; true when the key was used here. */
  const globalKeys = (input: string, key: Key): boolean => {
    if (key.ctrl && input === 'c') interrupt()
    // Ctrl+D quits without stopping the turn: an open question or permission request stays
    // open in the log and comes back at the next start. With a draft it deletes, as in a shell.
    else if (key.ctrl && input === 'd' && (head || composerRef.current.text === '')) exit(0)
    else if ((key.tab && key.shift) || (key.ctrl && input === 't')) cycleMode()
    else return false
    return true
  }

  const composerKey = (input: string, key: Key, pasted: boolean) => {
    if (pasted) return setDraft(insertText(composerRef.current, input))
    const result = applyComposerKey(composerRef.current, input, key)
    if (result.state !== composerRef.current) setDraft(result.state)
    if (result.kind === 'submit') send(result.state.text)
  }

  // The live area must stay shorter than the terminal, or ink clears the whole screen on every
  // frame (flicker). Measure the fixed parts; the streaming text gets the rows that are left.
  const liveRef = useRef<DOMElement>(null)
  const bottomRef = useRef<DOMElement>(null)
  const liveHeight = useBoxMetrics(liveRef).height
  const bottomHeight = useBoxMetrics(bottomRef).height
  const streamRows = Math.max(1, rows - 1 - liveHeight - bottomHeight)
  // Running tool lines and what follows them; leave the streaming text a few rows.
  const liveRows = Math.max(1, rows - 1 - bottomHeight - (view.transcript.streaming ? 3 : 0))

  if (view.phase === 'loading' || view.phase === 'failed' || !session)
    return (
      <KeyRouter global={globalKeys}>
        {view.phase === 'loading' ? (
          <Text dimColor>Opening session…</Text>
        ) : (
          <Text color="red">parley tui: {view.error ?? 'no session'}</Text>
        )}
      </KeyRouter>
    )

  const settled = settledCount(view.transcript)
  const entries = view.transcript.entries
  const moreWaiting = view.queue.length - 1
  const status = hint ?? (view.running && !head ? 'Working… Ctrl+C stops the turn.' : null)

  return (
    <KeyRouter global={globalKeys}>
      <Box flexDirection="column" width={width}>
        <Static key={printEpoch} items={entries.slice(0, settled)}>
          {(entry) => <TranscriptEntryView key={entry.id} entry={entry} width={width} />}
        </Static>
        <Box ref={liveRef} flexDirection="column" flexShrink={0}>
          {settled < entries.length ? (
            <TailBox maxHeight={liveRows}>
              {entries.slice(settled).map((entry) => (
                <TranscriptEntryView key={entry.id} entry={entry} width={width} />
              ))}
            </TailBox>
          ) : null}
        </Box>
        {view.transcript.streaming ? (
          <TailBox maxHeight={streamRows}>
            <StreamingView streaming={view.transcript.streaming} width={width} />
          </TailBox>
        ) : null}
        <Box ref={bottomRef} flexDirection="column" flexShrink={0}>
          {status ? (
            <Text color="yellow" wrap="truncate-end">
              {status}
            </Text>
          ) : null}
          {head?.kind === 'question' ? (
            <QuestionPrompt
              key={head.requestId}
              interaction={head}
              bridge={bridge}
              moreWaiting={moreWaiting}
              width={width}
            />
          ) : head?.kind === 'permission' ? (
            <PermissionPrompt
              key={head.requestId}
              interaction={head}
              bridge={bridge}
              moreWaiting={moreWaiting}
              width={width}
              detailRows={Math.max(3, Math.min(12, rows - 14))}
            />
          ) : (
            <Composer state={composer} width={width} onKey={composerKey} />
          )}
          <Footer
            mode={session.mode}
            backendLabel={backendLabel || session.backend}
            workspace={session.workspace}
            hints={head ? PROMPT_HINTS : COMPOSER_HINTS}
            width={width}
          />
        </Box>
      </Box>
    </KeyRouter>
  )
}
