import { useStdout } from 'ink'
import { useCallback, useEffect, useRef, useState } from 'react'
import { queueHead } from '../shared/interaction-queue'
import { colorsWanted } from './colors'
import { hyperlinksWanted } from './hyperlinks'
import { SessionScreen } from './session-screen'
import { useSessionSwitch } from './use-session-switch'
import { useSessionTarget } from './use-session-target'
import { useExitGuards } from './exit-guard'
import { KeyRouter } from './key-router'
import { FailedScreen, OpeningScreen } from './opening-screen'
import type { TuiBridge } from './tui-bridge'
import { useNow } from '../ui-common/use-now'
import { useAlternateScreen } from './use-alternate-screen'
import { useLiveRegionResize } from './use-live-region-resize'
import { useMcp } from './use-mcp'
import { useAttentionSignal, type AttentionOut } from './use-attention-signal'
import type { TerminalEnv } from './attention-signal'
import { useSessionView } from './use-session-view'
import { editInEditor, type EditorResult } from './external-editor'
import type { Panel } from './panel'
import { useModeSwitch } from './use-mode-switch'
import { useQueuedMessages } from './use-queued-messages'
import { useUserCommands } from './use-user-commands'
import { useFileMentions } from './use-file-mentions'
import { useAppExit } from './use-app-exit'
import { useAppSettings } from './use-app-settings'
import { useComposerKeys } from './use-composer-keys'
import { useComposerSubmit } from './use-composer-submit'
import { useGlobalKeys } from './use-global-keys'
import { useHint } from './use-hint'
import { useLiveTranscript } from './use-live-transcript'
import { useComposerDraft } from './use-composer-draft'
import { useOutputPanel } from './use-output-panel'
import { useResumeOffer } from './use-resume-offer'
import { useSentHistory } from './use-sent-history'

export interface AppProps {
  bridge: TuiBridge
  /** Resume this session (`--session ID`); a new one is created when absent. */
  sessionId?: string | undefined
  /**
   * Called once when the person quits (0) or the session cannot be opened (1), with the id of
   * the session shown, if any, so the caller can say how to come back to it (and, as `waiting`,
   * that a request still waits there).
   */
  onExit: (code: number, sessionId?: string, waiting?: string) => void
  /** Fixed terminal size, for tests; the real terminal's size otherwise. */
  size?: { columns: number; rows: number }
  /** Milliseconds since the epoch (tests pass their own clock); `Date.now` by default. */
  clock?: () => number
  /** Draw in colour; by default as `NO_COLOR` and `FORCE_COLOR` say (see `colors.ts`). */
  colors?: boolean
  /** Draw links in replies as terminal hyperlinks; by default where the terminal has them. */
  hyperlinks?: boolean
  /**
   * Ctrl+Z: stops the process as a shell's job control does and resolves once it is continued
   * (`fg`); ink hands the terminal back around it. Tests pass their own.
   */
  stopProcess?: () => Promise<void>
  /** Called once the first frame is drawn (`parley tui` loads what the message box does not need then). */
  onFirstFrame?: () => void
  /**
   * Where a prompt's bell and notification go, and the variables that say what terminal this
   * is: the terminal ink draws on and `process.env` by default (tests pass their own).
   */
  attention?: { env: TerminalEnv; out: AttentionOut }
  /**
   * Ctrl+G: edits the draft in `$VISUAL`/`$EDITOR` while ink has handed the terminal over;
   * `editInEditor` by default (tests pass their own editor).
   */
  editDraft?: (draft: string) => EditorResult
}

/** Stops this process (SIGTSTP, as Ctrl+Z does in a cooked terminal) until SIGCONT. */
const stopThisProcess = (): Promise<void> =>
  new Promise((resolve) => {
    // While ink has let go of stdin nothing else may keep Node's loop alive: without this the
    // process would run out of work on `fg` and end before ink takes the terminal back.
    const keepAlive = setInterval(() => {}, 60_000)
    process.once('SIGCONT', () => {
      clearInterval(keepAlive)
      resolve()
    })
    process.kill(process.pid, 'SIGTSTP')
  })

/**
 * The terminal client: the transcript (settled history printed once, the live part redrawn),
 * the head of the interaction FIFO in place of the message box, a status row, and a footer with
 * mode, model and workspace. Every part is laid out as rows before it is drawn, so the redrawn
 * part always fits the terminal: nothing is ever copied into the scrollback twice. Everything it
 * shows comes from the bridge; it holds only view state.
 */
export function App({
  bridge,
  sessionId,
  onExit,
  size,
  clock = Date.now,
  colors = colorsWanted(process.env),
  hyperlinks = hyperlinksWanted(process.stdout, process.env),
  stopProcess = stopThisProcess,
  onFirstFrame,
  attention,
  editDraft = editInEditor,
}: AppProps) {
  const { stdout } = useStdout()
  const screen = useAlternateScreen()
  const { leave } = screen
  const windowSize = useLiveRegionResize()
  const { columns, rows } = size ?? windowSize
  const width = Math.max(20, columns)
  const height = Math.max(8, rows)
  const { target, setTarget, initial } = useSessionTarget(sessionId)
  const [view, dispatch] = useSessionView(bridge, target)
  const { composer, composerRef, setDraft } = useComposerDraft()
  const { hint, setHint, hintFor } = useHint()
  const [panel, setPanel] = useState<Panel | null>(null)
  const guards = useExitGuards()
  const session = view.session
  const exit = useAppExit({
    queue: view.queue,
    guards,
    leave,
    setPanel,
    sessionId: session?.id,
    onExit,
  })

  // Effects run after ink has written the frame they belong to.
  const firstFrame = useRef(onFirstFrame)
  useEffect(() => firstFrame.current?.(), [])
  const settings = useAppSettings(bridge, view.phase === 'ready', dispatch)
  useEffect(() => {
    if (view.phase === 'failed' && initial) exit(1)
  }, [view.phase, initial, exit])

  const note = useCallback(
    (text: string, tone: 'dim' | 'error' = 'dim') => dispatch({ type: 'note', text, tone }),
    [dispatch],
  )
  const mcp = useMcp(bridge, session?.workspace, {
    askApproval: (workspace, approval, { replace }) =>
      setPanel((shown) =>
        shown && !replace ? shown : { kind: 'mcp-approval', workspace, approval },
      ),
    closePanel: () => setPanel(null),
    hint: setHint,
    note: (text) => note(text),
  })
  // A new session at start-up: offer the last one that has something in it.
  const [offer, setOffer] = useResumeOffer(
    bridge,
    view.created && initial ? session?.id : undefined,
  )
  useAttentionSignal({
    sessionId: session?.id,
    sessionTitle: session?.title ?? 'Parley',
    ready: view.phase === 'ready',
    queue: view.queue,
    choice: settings.notify,
    env: attention?.env ?? process.env,
    out: attention?.out ?? stdout,
  })

  const head = queueHead(view.queue)
  const items = view.transcript.items
  useOutputPanel(head, panel, setPanel, leave)
  const running = view.running
  const now = useNow({ everyMs: 200, active: (running && !head) || view.retrying !== null })

  const userCommands = useUserCommands(bridge, session?.id, { hint: setHint, note })
  const mentions = useFileMentions(bridge, session?.id, composer.editor)
  const { queued, setQueued, ...queue } = useQueuedMessages(bridge, {
    ...{ sessionId: session?.id, ready: view.phase === 'ready', running, items, note },
  })

  const clearOffer = () => setOffer(null)
  const sessions = useSessionSwitch({
    ...{ bridge, view, setTarget, clearOffer, setPanel, setDraft },
    ...{ clearQueue: queue.clear, hint: setHint },
  })
  const modes = useModeSwitch(bridge, session, {
    hint: setHint,
    note,
    mode: (mode) => dispatch({ type: 'mode', mode }),
  })
  const sent = useSentHistory(items)
  const { runCommand, submit } = useComposerSubmit({
    ...{ bridge, session, running, queued, mentions, userCommands, composerRef, setDraft },
    ...{ enqueue: queue.add, clearOffer, hint: setHint, note, recordCommand: sent.recordCommand },
    commands: {
      ...{ ...settings, ...modes, ...sessions, offer, items, mcp, setPanel, exit },
      lastTurnFailed: view.lastTurnFailed,
      env: attention?.env ?? process.env,
      confirmBypass: () => modes.setConfirmingBypass(true),
    },
  })
  const lastTool = items.findLast((item) => item.kind === 'tool' || item.kind === 'question')
  const { globalKeys, stopTurn } = useGlobalKeys({
    ...{ ...modes, bridge, session, head, panel, running, queued, composerRef, setDraft },
    ...{ hint, setHint, hintFor, clock, exit, stopProcess, clearQueue: queue.clear },
    setBypass: () => modes.setMode('bypass'),
    hasOutput: lastTool !== undefined,
    showOutput: () => {
      screen.enter()
      setPanel({ kind: 'output' })
    },
  })
  const { composerKey, menuPick } = useComposerKeys({
    ...{ ...sent, composerRef, setDraft, mentions, queued, setQueued, running, stopTurn },
    ...{ runCommand, submit, hint: setHint, editDraft },
    openRewind: () => setPanel({ kind: 'rewind' }),
  })

  // ── layout: every part as rows, so the redrawn part always fits the terminal ──
  const live = useLiveTranscript({
    ...{ items, printed: view.printed, queue: view.queue, running, width },
    ...{ holding: screen.active, sessionId: session?.id },
  })

  if (view.phase === 'failed' || (!session && view.phase !== 'loading'))
    return (
      <KeyRouter global={globalKeys}>
        <FailedScreen error={view.error} colors={colors} />
      </KeyRouter>
    )
  if (!session)
    return (
      <KeyRouter global={globalKeys}>
        <OpeningScreen {...{ hint, queued, composer, width, height, colors, composerKey }} />
      </KeyRouter>
    )

  return (
    <KeyRouter global={globalKeys}>
      <SessionScreen
        {...{ session, view, head, panel, hint, offer, now, width, height, colors, hyperlinks }}
        {...{ guards, live, confirmingBypass: modes.confirmingBypass }}
        backendLabel={settings.backendLabel}
        panelSurface={{
          ...{ bridge, lastTool, mcp, onPickSession: sessions.openSession },
          ...{ onOpenSession: sessions.openById, onRewound: sessions.rewound },
          onClose: () => setPanel(null),
        }}
        composerSurface={{
          ...{ ...sent, composer, menuPick, mentions, queued, onKey: composerKey },
          commandRows: userCommands.rows(width),
        }}
      />
    </KeyRouter>
  )
}
