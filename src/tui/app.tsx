import { Box, useStdout } from 'ink'
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react'
import type { SessionSummary } from '../shared/bridge'
import { queueHead } from '../shared/interaction-queue'
import { EMPTY_COMPOSER, withEditor, type ComposerState } from './composer-state'
import { composerSurface } from './composer-surface'
import { ColorsContext, colorsWanted } from './colors'
import { HyperlinksContext, hyperlinksWanted } from './hyperlinks'
import { ExitGuardProvider, useExitGuards } from './exit-guard'
import { footerLines } from './footer-lines'
import { COMPOSER_HINTS, PANEL_HINTS, PROMPT_HINTS } from './key-hints'
import { KeyRouter } from './key-router'
import { currentModeName } from './agent-modes'
import { FailedScreen, OpeningScreen } from './opening-screen'
import { PanelSurface } from './panel-surface'
import { PrintedTranscript } from './printed-transcript'
import { statusLines } from './status-lines'
import { StyledLines } from './styled-lines'
import type { TuiBridge } from './tui-bridge'
import { useNow } from '../ui-common/use-now'
import { useAlternateScreen } from './use-alternate-screen'
import { useLiveRegionResize } from './use-live-region-resize'
import { useMcp } from './use-mcp'
import { useAttentionSignal, type AttentionOut } from './use-attention-signal'
import type { TerminalEnv } from './attention-signal'
import { useSessionView, type SessionTarget } from './use-session-view'
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
import { useResumeOffer } from './use-resume-offer'
import { useSentHistory } from './use-sent-history'

/** Rows of the transcript that stay visible above a prompt. */
const LIVE_ROWS_UNDER_PROMPT = 3

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
  const [target, setTarget] = useState<SessionTarget>(() =>
    sessionId ? { kind: 'open', sessionId } : { kind: 'create' },
  )
  // The target the client started with: only failing to open that one ends the client.
  const [initialTarget] = useState(target)
  const [view, dispatch] = useSessionView(bridge, target)
  const [composer, setComposer] = useState<ComposerState>(EMPTY_COMPOSER)
  const composerRef = useRef(composer)
  const { hint, setHint, hintFor } = useHint()
  const [panel, setPanel] = useState<Panel | null>(null)
  const guards = useExitGuards()
  const session = view.session
  const shownSessionId = session?.id
  const exit = useAppExit({
    queue: view.queue,
    guards,
    leave,
    setPanel,
    sessionId: shownSessionId,
    onExit,
  })

  // Effects run after ink has written the frame they belong to.
  const firstFrame = useRef(onFirstFrame)
  useEffect(() => firstFrame.current?.(), [])
  const settings = useAppSettings(bridge, view.phase === 'ready', dispatch)
  useEffect(() => {
    if (view.phase === 'failed' && target === initialTarget) exit(1)
  }, [view.phase, target, initialTarget, exit])

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
    view.created && target === initialTarget ? shownSessionId : undefined,
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
  // A prompt that comes up closes Ctrl+O's output for good (it is answered on the normal screen).
  if (head && panel?.kind === 'output') setPanel(null)
  // Ctrl+O's output is drawn on the alternate screen, so closing it shows the transcript again.
  const outputShown = panel?.kind === 'output'
  useLayoutEffect(() => {
    if (!outputShown) void leave()
  }, [outputShown, leave])
  const running = view.running
  const now = useNow({ everyMs: 200, active: (running && !head) || view.retrying !== null })

  const userCommands = useUserCommands(bridge, session?.id, { hint: setHint, note })
  const mentions = useFileMentions(bridge, session?.id, composer.editor)
  const { queued, setQueued, ...queue } = useQueuedMessages(bridge, {
    sessionId: shownSessionId,
    ready: view.phase === 'ready',
    running,
    items,
    note,
  })
  const setDraft = (next: ComposerState) => {
    composerRef.current = next
    setComposer(next)
  }

  /** Opens another session; a still-empty session this client created is removed. */
  const switchTo = (next: SessionTarget) => {
    if (session && view.created && items.length === 0 && view.queue.length === 0)
      void bridge.removeSession({ sessionId: session.id })
    setOffer(null)
    setPanel(null)
    setDraft(EMPTY_COMPOSER)
    queue.clear()
    setTarget(next)
  }
  const openSession = (summary: SessionSummary) => {
    if (summary.id === session?.id) return setPanel(null)
    // Checked first: a session that cannot be opened leaves this one on screen.
    void bridge.openSession({ sessionId: summary.id }).then((result) => {
      if (result.ok) switchTo({ kind: 'open', sessionId: summary.id })
      else setHint(`Could not open “${summary.title}”.`)
    })
  }
  const modes = useModeSwitch(bridge, session, {
    hint: setHint,
    note,
    mode: (mode) => dispatch({ type: 'mode', mode }),
  })
  const sent = useSentHistory(items)
  const { runCommand, submit } = useComposerSubmit({
    bridge,
    session,
    running,
    queued,
    enqueue: queue.add,
    mentions,
    userCommands,
    composerRef,
    setDraft,
    clearOffer: () => setOffer(null),
    hint: setHint,
    note,
    recordCommand: sent.recordCommand,
    commands: {
      offer,
      items,
      lastTurnFailed: view.lastTurnFailed,
      env: attention?.env ?? process.env,
      mcp,
      switchTo,
      openSession,
      setPanel,
      setMode: modes.setMode,
      setAgentModeTo: modes.setAgentModeTo,
      confirmBypass: () => modes.setConfirmingBypass(true),
      ...settings,
      exit,
    },
  })
  const lastTool = items.findLast((item) => item.kind === 'tool' || item.kind === 'question')
  const { globalKeys, stopTurn } = useGlobalKeys({
    ...modes,
    bridge,
    session,
    head,
    panel,
    running,
    queued,
    clearQueue: queue.clear,
    composerRef,
    setDraft,
    hint,
    setHint,
    hintFor,
    clock,
    exit,
    setBypass: () => modes.setMode('bypass'),
    stopProcess,
    hasOutput: lastTool !== undefined,
    showOutput: () => {
      screen.enter()
      setPanel({ kind: 'output' })
    },
  })
  const { composerKey, menuPick } = useComposerKeys({
    ...sent,
    composerRef,
    setDraft,
    mentions,
    queued,
    setQueued,
    running,
    stopTurn,
    openRewind: () => setPanel({ kind: 'rewind' }),
    runCommand,
    submit,
    hint: setHint,
    editDraft,
  })

  // ── layout: every part as rows, so the redrawn part always fits the terminal ──
  const live = useLiveTranscript({
    items,
    printed: view.printed,
    queue: view.queue,
    running,
    holding: screen.active,
    sessionId: shownSessionId,
    width,
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

  const status = statusLines({
    confirmingBypass: modes.confirmingBypass,
    mode: session.mode,
    hint,
    retrying: view.retrying,
    working: running && !head,
    runningSince: view.runningSince,
    lastTurnFailed: view.lastTurnFailed && !running,
    offer: items.length === 0 ? offer : null,
    now,
    width,
  })
  const footer = footerLines({
    mode: session.mode,
    backendLabel: settings.backendLabel || session.backend,
    agent: session.agent && {
      name: session.agent.name,
      mode: session.agentModes ? currentModeName(session.agentModes) : null,
    },
    workspace: session.workspace,
    hints: head ? PROMPT_HINTS : panel ? PANEL_HINTS : COMPOSER_HINTS,
    width,
    maxHintRows: height < 16 ? 1 : 2,
  })
  // One row stays free: a frame as tall as the terminal is redrawn by clearing the screen.
  const budget = Math.max(3, height - 1 - footer.length - status.length)
  // A short terminal gives every row to the prompt: what is asked comes before the transcript.
  const surfaceMax = Math.max(
    3,
    budget - Math.min(LIVE_ROWS_UNDER_PROMPT, live.liveLines.length, Math.max(0, budget - 12)),
  )
  const surface =
    head || panel
      ? {
          rows: surfaceMax,
          node: (
            <PanelSurface
              {...{ head, panel, bridge, session, width, lastTool, mcp }}
              moreWaiting={view.queue.length - 1}
              maxRows={surfaceMax}
              onPickSession={openSession}
              onOpenSession={(id) =>
                id === session.id ? setPanel(null) : switchTo({ kind: 'open', sessionId: id })
              }
              onRewound={({ text, forkId, message }) => {
                setPanel(null)
                if (forkId === null) return setHint(text)
                switchTo({ kind: 'open', sessionId: forkId })
                setDraft(withEditor(EMPTY_COMPOSER, { text: message, cursor: message.length }))
                setHint(text)
              }}
              onClose={() => setPanel(null)}
            />
          ),
        }
      : composerSurface({
          ...sent,
          composer,
          menuPick,
          mentions,
          commandRows: userCommands.rows(width),
          queued,
          width,
          maxRows: surfaceMax,
          onKey: composerKey,
        })
  const shownLive = live.shownLive(Math.max(0, budget - surface.rows))

  return (
    <KeyRouter global={globalKeys}>
      <ExitGuardProvider guards={guards}>
        <ColorsContext value={colors}>
          <HyperlinksContext value={hyperlinks}>
            <Box flexDirection="column" width={width}>
              <PrintedTranscript sessionId={session.id} blocks={live.printedBlocks} width={width} />
              <Box flexDirection="column" flexShrink={0}>
                {shownLive.length > 0 ? <StyledLines lines={shownLive} /> : null}
                {status.length > 0 ? <StyledLines lines={status} /> : null}
                {surface.node}
                <StyledLines lines={footer} />
              </Box>
            </Box>
          </HyperlinksContext>
        </ColorsContext>
      </ExitGuardProvider>
    </KeyRouter>
  )
}
