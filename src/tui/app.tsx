import { Box, Static, useApp, useStdout, type Key } from 'ink'
import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react'
import type { SessionSummary } from '../shared/bridge'
import { queueHead } from '../shared/interaction-queue'
import { cancelQueuedMessage, queuedAsDraft } from '../shared/queued-messages'
import { Composer, composerRows } from './composer'
import { movePick, pickedIndex, slashMenuRows, type SlashMenuPick } from './slash-menu'
import {
  EMPTY_COMPOSER,
  deleteBackwardInComposer,
  historyBack,
  historyForward,
  messageText,
  pasteText,
  withEditor,
  type ComposerState,
} from './composer-state'
import { ColorsContext, colorsWanted } from './colors'
import { HyperlinksContext, hyperlinksWanted } from './hyperlinks'
import { ExitGuardProvider, useExitGuards } from './exit-guard'
import { footerLines, keyLines } from './footer-lines'
import { KeyRouter } from './key-router'
import { McpApprovalPrompt } from './mcp-approval-prompt'
import { currentModeName } from './agent-modes'
import { OutputView } from './output-view'
import { PromptSurface } from './prompt-surface'
import { SessionPicker } from './session-picker'
import { RewindPicker } from './rewind-picker'
import { InboxView } from './inbox-view'
import { commandSuggestions, parseComposerInput, type SlashCommandName } from './slash-commands'
import { statusLines } from './status-lines'
import { StyledLines } from './styled-lines'
import { lineWidth, truncateLine } from './styled-text'
import { applyEditorKey } from './text-editor-keys'
import { itemLines, waitingByCall } from './transcript-lines'
import { queuedLines } from './queued-lines'
import { waitingText } from './waiting-text'
import { continuedLines, liveItems } from './transcript-print'
import type { TuiBridge } from './tui-bridge'
import { useNow } from '../ui-common/use-now'
import { useAlternateScreen } from './use-alternate-screen'
import { useLiveRegionResize } from './use-live-region-resize'
import { useMcp } from './use-mcp'
import { useAttentionSignal, type AttentionOut } from './use-attention-signal'
import type { NotifyChoice, TerminalEnv } from './attention-signal'
import { useSessionView, type SessionTarget } from './use-session-view'
import { useRefState } from './use-ref-state'
import { useThrottled } from './use-throttled'
import { inputHistory, type SentCommand } from './input-history'
import { editInEditor, type EditorResult } from './external-editor'
import { historySearchKey, historySearchRows } from './history-search-keys'
import { currentMatch, type HistorySearch } from './history-search'
import { editorWith } from './text-editor'
import type { Panel } from './panel'
import { runSlashCommand } from './run-slash-command'
import { useModeSwitch } from './use-mode-switch'
import { useQueuedMessages } from './use-queued-messages'
import { useUserCommands } from './use-user-commands'
import { useFileMentions } from './use-file-mentions'
import { fileMentionRows } from './file-mention-rows'
import { userCommandOf, withUserCommands } from '../shared/user-command'

/**
 * A second Ctrl+C within this window quits (also while a turn runs); the first only clears the
 * draft, stops the turn, or says to press it again.
 */
const EXIT_WINDOW_MS = 1_000
/** How long a hint stays in the status row. */
const HINT_MS = 4_000
/** Rows of the transcript that stay visible above a prompt. */
const LIVE_ROWS_UNDER_PROMPT = 3
/** The message box's placeholder while the session opens. */
const TYPE_AHEAD = 'Type ahead: sent once the session is open'
/** Rows the draft may take before it scrolls. */
const MAX_DRAFT_ROWS = 10
/** How often a streaming reply is redrawn at most (ten frames a second read as smooth). */
const LIVE_FRAME_MS = 100

// Most needed first: a narrow terminal keeps the first row or two, and how to quit is in them.
const COMPOSER_HINTS = [
  'Enter send',
  '^D quit',
  '^C stop',
  '/ commands',
  '↑ history',
  'Alt+Enter/Ctrl+J newline',
  'Shift+Tab mode',
  'Ctrl+O last output',
  '^R search sent',
  '^G $EDITOR',
]
// How to quit goes first after stopping: where the row is short, the last keys are left out.
const PROMPT_HINTS = ['^C stop the turn', '^D quit (stays open)', 'Shift+Tab mode']
const PANEL_HINTS = ['^C stop the turn', '^D quit']

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
  const { suspendTerminal } = useApp()
  const { stdout } = useStdout()
  const [notify, setNotify] = useState<NotifyChoice>('auto')
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
  const [backendLabel, setBackendLabel] = useState('')
  const [hint, setHint] = useState<string | null>(null)
  // How long the hint being shown stays: "press Ctrl+C again" only as long as that is true.
  const hintMs = useRef(HINT_MS)
  const [panel, setPanel] = useState<Panel | null>(null)
  const [offer, setOffer] = useState<SessionSummary | null>(null)
  const guards = useExitGuards()
  const lastCtrlC = useRef(0)
  // "Stopping the turn…" is shown: it goes once the turn has ended.
  const [stopping, setStopping] = useState(false)
  const exited = useRef(false)

  const session = view.session
  // Read when quitting: what still waits goes into the line printed after.
  const waitingQueue = useRef(view.queue)
  useLayoutEffect(() => {
    waitingQueue.current = view.queue
  })
  const shownSession = session?.id
  const exit = useCallback(
    (code: number) => {
      if (exited.current) return
      exited.current = true
      // The last words go to the normal screen, under the transcript: the output view closes.
      setPanel((shown) => (shown?.kind === 'output' ? null : shown))
      // Work that must not be lost (a half-typed answer saved as a draft) finishes first.
      const waiting = waitingText(waitingQueue.current)
      void Promise.all([guards.run(), leave()]).then(() => {
        if (shownSession && waiting) onExit(code, shownSession, waiting)
        else if (shownSession) onExit(code, shownSession)
        else onExit(code)
      })
    },
    [guards, onExit, shownSession, leave],
  )

  // Effects run after ink has written the frame they belong to.
  const firstFrame = useRef(onFirstFrame)
  useEffect(() => firstFrame.current?.(), [])
  useEffect(() => {
    void bridge.getSettings({}).then((settings) => {
      if ('backendLabel' in settings) {
        setBackendLabel(settings.backendLabel)
        setNotify(settings.terminalNotify ?? 'auto')
      }
    })
  }, [bridge])
  // A settings.json with a mistake: said once, as a line of the first session shown.
  const settingsChecked = useRef(false)
  useEffect(() => {
    if (view.phase !== 'ready' || settingsChecked.current) return
    settingsChecked.current = true
    void bridge.getSettings({}).then((settings) => {
      if ('fileProblem' in settings && settings.fileProblem !== undefined)
        dispatch({ type: 'note', text: `Settings file: ${settings.fileProblem}`, tone: 'error' })
    })
  }, [bridge, view.phase, dispatch])

  useEffect(() => {
    if (view.phase === 'failed' && target === initialTarget) exit(1)
  }, [view.phase, target, initialTarget, exit])

  useEffect(() => {
    if (!hint) return
    const ms = hintMs.current
    hintMs.current = HINT_MS
    const timer = setTimeout(() => setHint(null), ms)
    return () => clearTimeout(timer)
  }, [hint])

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
  const createdId = view.created && target === initialTarget ? shownSession : undefined
  useEffect(() => {
    if (!createdId) return
    let live = true
    void bridge.listSessions({}).then((list) => {
      if (!live || !Array.isArray(list)) return
      setOffer(list.find((s) => s.id !== createdId && s.updatedAt > s.createdAt) ?? null)
    })
    return () => {
      live = false
    }
  }, [bridge, createdId])

  useAttentionSignal({
    sessionId: session?.id,
    sessionTitle: session?.title ?? 'Parley',
    ready: view.phase === 'ready',
    queue: view.queue,
    choice: notify,
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
  if (stopping && !running) {
    setStopping(false)
    setHint((shown) => (shown?.startsWith('Stopping the turn') ? null : shown))
  }
  const spinning = (running && !head) || view.retrying !== null
  const now = useNow({ everyMs: 200, active: spinning })

  const note = useCallback(
    (text: string, tone: 'dim' | 'error' = 'dim') => dispatch({ type: 'note', text, tone }),
    [dispatch],
  )
  const userCommands = useUserCommands(bridge, session?.id, { hint: setHint, note })
  const mentions = useFileMentions(bridge, session?.id, composer.editor)

  const shownSessionId = session?.id
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
    const leaving = session
    if (leaving && view.created && items.length === 0 && view.queue.length === 0)
      void bridge.removeSession({ sessionId: leaving.id })
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

  const { confirmingBypass, setConfirmingBypass, setMode, setAgentModeTo, cycleMode } =
    useModeSwitch(bridge, session, {
      hint: setHint,
      note,
      mode: (mode) => dispatch({ type: 'mode', mode }),
    })

  /** Puts a message typed while the turn runs in the queue; the draft is free again. */
  const enqueue = (text: string) => {
    queue.add(text)
    setDraft(EMPTY_COMPOSER)
  }

  const send = (typed: string, sent: ComposerState) => {
    // Typed while the session opens: sent once it is open.
    if (!session) return enqueue(typed)
    const attachments = mentions.attachments(typed)
    // Queued messages are text: one with files attached waits in the box, as on the desktop.
    if ((running || queued.length > 0) && attachments.length > 0)
      return setHint('A message with files attached is sent once the turn has ended.')
    setOffer(null)
    // The commands run with ! since the last message go with this one.
    const text = withUserCommands(typed, userCommands.take())
    if (running || queued.length > 0) return enqueue(text)
    if (attachments.length > 0) mentions.sent()
    void bridge
      .send({
        sessionId: session.id,
        text,
        ...(attachments.length > 0 ? { attachments } : {}),
      })
      .then((result) => {
        if (result.ok) {
          // Only clear what was sent: the person may have typed on while the call was in flight.
          if (composerRef.current.editor.text === sent.editor.text) setDraft(EMPTY_COMPOSER)
          return
        }
        // A turn started meanwhile: the message waits for it like any typed ahead.
        if (result.reason === 'busy') {
          if (composerRef.current.editor.text === sent.editor.text) enqueue(text)
        }
        // Passing states: said in the status row, not written into the transcript.
        else if (result.reason === 'awaiting_input') setHint('Answer the open request first.')
        else note(result.message ?? `Not sent (${result.reason}).`, 'error')
      })
  }

  const runCommand = (name: SlashCommandName, arg: string) => {
    if (!session) return
    runSlashCommand(name, arg, {
      session,
      bridge,
      offer,
      backendLabel,
      items,
      lastTurnFailed: view.lastTurnFailed,
      notify,
      env: attention?.env ?? process.env,
      mcp,
      say: { hint: setHint, note },
      switchTo,
      openSession,
      setPanel,
      setMode,
      setAgentModeTo,
      confirmBypass: () => setConfirmingBypass(true),
      setBackendLabel,
      setNotify,
      resend: (text) => send(text, composerRef.current),
      exit,
    })
  }

  const submit = () => {
    const state = composerRef.current
    const text = messageText(state)
    if (text.trim() === '') return
    // `!command`: the person's own command, through the agent's sandbox, never the model.
    const command = userCommandOf(text)
    if (command !== null) {
      recordCommand(text.trim())
      setDraft(EMPTY_COMPOSER)
      return userCommands.run(command)
    }
    const input = parseComposerInput(text)
    switch (input.kind) {
      case 'message':
        return send(text, state)
      case 'unknown':
        return setHint(`There is no /${input.name} command: /help lists them.`)
      case 'command':
        if (!session) return setHint('The session is still opening.')
        recordCommand(text.trim())
        setDraft(EMPTY_COMPOSER)
        return runCommand(input.name, input.arg)
      default:
        return input satisfies never
    }
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
      queue.clear()
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
    const nowMs = clock()
    const again = nowMs - lastCtrlC.current < EXIT_WINDOW_MS
    lastCtrlC.current = again ? 0 : nowMs
    if (again || !session) return exit(0)
    hintMs.current = EXIT_WINDOW_MS
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

  const lastTool = items.findLast((item) => item.kind === 'tool' || item.kind === 'question')

  /** App-wide keys, seen before the focused surface; true when the key was used here. */
  const globalKeys = (input: string, key: Key): boolean => {
    const ctrlC = key.ctrl && input === 'c'
    if (hint && !ctrlC) setHint(null)
    if (confirmingBypass && !ctrlC && !(key.ctrl && input === 'd')) {
      if (key.return) setMode('bypass')
      else if (key.tab && key.shift) cycleMode()
      else setConfirmingBypass(false)
      return true
    }
    if (ctrlC) interrupt()
    // Ctrl+D quits without stopping the turn: an open question or permission request stays
    // open in the log and comes back at the next start. With a draft it deletes, as in a shell.
    else if (key.ctrl && input === 'd' && (head || panel || composerRef.current.editor.text === ''))
      exit(0)
    else if ((key.tab && key.shift) || (key.ctrl && input === 't')) cycleMode()
    else if (key.ctrl && input === 'z') {
      // Raw mode turns off the terminal's own Ctrl+Z; job control is done here instead.
      if (process.platform === 'win32') setHint('Ctrl+Z suspends only in a Unix terminal.')
      else void suspendTerminal(stopProcess)
    } else if (key.ctrl && input === 'o' && !head && panel?.kind !== 'output') {
      if (lastTool) {
        screen.enter()
        setPanel({ kind: 'output' })
      } else setHint('No tool has run yet in this session.')
    } else return false
    return true
  }

  // Commands run here (kept across a session switch), put among the session's messages by ↑.
  const [sentCommands, setSentCommands] = useState<readonly SentCommand[]>([])
  const userMessages = useMemo(
    () => items.flatMap((item) => (item.kind === 'user' ? [item.text] : [])),
    [items],
  )
  const recordCommand = (text: string) =>
    setSentCommands((sent) => [...sent, { text, afterMessages: userMessages.length }])
  const history = useMemo(
    () => inputHistory(userMessages, sentCommands),
    [userMessages, sentCommands],
  )
  const [search, setSearch, searchRef] = useRefState<HistorySearch | null>(null)

  /** Ctrl+G: the draft in the person's editor; ink gives the terminal back when it exits. */
  const editInOwnEditor = (state: ComposerState) => {
    let result: EditorResult = { ok: false, reason: 'failed', message: '' }
    void suspendTerminal(() => {
      result = editDraft(messageText(state))
    }).then(() => {
      if (!result.ok) return setHint(result.message)
      setDraft({ ...EMPTY_COMPOSER, editor: editorWith(result.text) })
    })
  }
  const suggestions = commandSuggestions(composer.editor.text)
  const [menuPick, setMenuPick, menuPickRef] = useRefState<SlashMenuPick | null>(null)

  const lastEscape = useRef(0)
  const composerKey = (input: string, key: Key, pasted: boolean) => {
    const state = composerRef.current
    const searching = searchRef.current
    if (searching) {
      const step = historySearchKey(searching, history, input, key, pasted)
      switch (step.kind) {
        case 'search':
          return setSearch(step.search)
        case 'accept':
          setSearch(null)
          return setDraft(withEditor(state, editorWith(step.text)))
        case 'cancel':
          return setSearch(null)
        default:
          return step satisfies never
      }
    }
    if (pasted) return setDraft(pasteText(state, input))
    if (key.ctrl && input === 'r') return setSearch({ query: '', skip: 0 })
    if (key.ctrl && input === 'g') return editInOwnEditor(state)
    // The `@` list, while it is open, takes ↑/↓, Tab, Enter and Esc.
    const mention = mentions.key(state.editor, key)
    if (mention.kind === 'used')
      return mention.editor ? setDraft(withEditor(state, mention.editor)) : undefined
    if (key.escape) {
      if (running) stopTurn()
      // Esc twice in an empty message box: the rewind picker.
      else if (state.editor.text === '' && Date.now() - lastEscape.current < 600)
        setPanel({ kind: 'rewind' })
      lastEscape.current = Date.now()
      return
    }
    // Read from the draft as it is now: keys typed together come before the next render.
    const typed = commandSuggestions(state.editor.text)
    const picked = typed[pickedIndex(menuPickRef.current, state.editor.text, typed.length)]
    if (picked && (key.upArrow || key.downArrow))
      return setMenuPick(
        movePick(menuPickRef.current, state.editor.text, typed.length, key.upArrow ? -1 : 1),
      )
    if (key.tab && !key.shift && picked)
      return setDraft(
        withEditor(state, { text: `/${picked.name} `, cursor: picked.name.length + 2 }),
      )
    // Enter on a word that is no command yet runs the highlighted one.
    if (key.return && picked && parseComposerInput(state.editor.text).kind === 'unknown') {
      setDraft(EMPTY_COMPOSER)
      return runCommand(picked.name, '')
    }
    if (key.backspace && !key.meta) return setDraft(deleteBackwardInComposer(state))
    const result = applyEditorKey(state.editor, input, key)
    switch (result.kind) {
      case 'edit':
        return setDraft(withEditor(state, result.state))
      case 'submit':
        return submit()
      case 'unhandled': {
        // ↑ on an empty draft takes the last queued message back, to edit (Enter queues it
        // again) or to drop (Ctrl+C clears it).
        const last = queued.at(-1)
        if (key.upArrow && state.editor.text === '' && last) {
          setQueued((queue) => cancelQueuedMessage(queue, last.id))
          return setDraft(withEditor(state, { text: last.text, cursor: last.text.length }))
        }
        if (key.upArrow) return setDraft(historyBack(state, history))
        if (key.downArrow) return setDraft(historyForward(state, history))
        return
      }
      default:
        return result satisfies never
    }
  }

  // ── layout: every part as rows, so the redrawn part always fits the terminal ──
  // What settled is printed for good at once: the frame writer (render-options.ts) writes only
  // the rows not on screen already, so a print costs little, and a short redrawn part still fits
  // the screen once a narrowed terminal has reflowed it. Nothing is printed while the output is
  // on the alternate screen (it would be lost there).
  // While a turn streams, what is drawn of it follows the deltas at most every LIVE_FRAME_MS.
  const liveSource = useMemo(() => ({ items, printed: view.printed }), [items, view.printed])
  const drawn = useThrottled(liveSource, LIVE_FRAME_MS, running)
  const [held, setHeld] = useState({ sessionId: shownSessionId, printed: drawn.printed })
  const holding = screen.active
  const printed = holding ? held.printed : drawn.printed
  const waiting = useMemo(() => waitingByCall(view.queue), [view.queue])
  // Redrawn on every change; a spinner's tick alone does not lay the text out again.
  const liveLines = useMemo(
    () =>
      liveItems(drawn.items, printed).flatMap(({ item, continued }) =>
        continuedLines(itemLines(item, width, waiting.get(item.key) ?? null), continued).map(
          // A link kept whole is wider than the screen: redrawn, it is cut to fit (printed for
          // good, it is whole).
          (line) => (lineWidth(line) > width ? truncateLine(line, width) : line),
        ),
      ),
    [drawn.items, printed, width, waiting],
  )
  // <Static> takes a mutable array; a new one only when something was printed.
  const printedBlocks = useMemo(() => [...printed.blocks], [printed.blocks])

  if (view.phase === 'failed' || (!session && view.phase !== 'loading'))
    return (
      <KeyRouter global={globalKeys}>
        <ColorsContext value={colors}>
          <StyledLines
            lines={[
              [{ text: `parley tui: ${view.error ?? 'no session'}`, style: { color: 'red' } }],
            ]}
          />
        </ColorsContext>
      </KeyRouter>
    )
  // The message box takes keys while the session opens (the runtime may still be starting).
  if (!session)
    return (
      <KeyRouter global={globalKeys}>
        <ColorsContext value={colors}>
          <Box flexDirection="column" width={width}>
            <StyledLines lines={[[{ text: hint ?? 'Opening session…', style: { dim: true } }]]} />
            {queued.length > 0 ? <StyledLines lines={queuedLines(queued, width)} /> : null}
            <Composer
              rows={composerRows(composer, width, MAX_DRAFT_ROWS, TYPE_AHEAD)}
              suggestions={[]}
              width={width}
              onKey={composerKey}
            />
            <StyledLines lines={keyLines(COMPOSER_HINTS, width, height < 16 ? 1 : 2)} />
          </Box>
        </ColorsContext>
      </KeyRouter>
    )

  const status = statusLines({
    confirmingBypass,
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
    backendLabel: backendLabel || session.backend,
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
    budget - Math.min(LIVE_ROWS_UNDER_PROMPT, liveLines.length, Math.max(0, budget - 12)),
  )
  const moreWaiting = view.queue.length - 1
  let surface: ReactNode
  let surfaceRows: number
  if (head || panel) {
    surfaceRows = surfaceMax
    surface = head ? (
      <PromptSurface
        interaction={head}
        bridge={bridge}
        moreWaiting={moreWaiting}
        width={width}
        maxRows={surfaceMax}
      />
    ) : panel?.kind === 'sessions' ? (
      <SessionPicker
        sessions={panel.sessions}
        currentId={session.id}
        width={width}
        maxRows={surfaceMax}
        onPick={openSession}
        onClose={() => setPanel(null)}
      />
    ) : panel?.kind === 'rewind' ? (
      <RewindPicker
        bridge={bridge}
        sessionId={session.id}
        width={width}
        maxRows={surfaceMax}
        onDone={({ text, forkId, message }) => {
          setPanel(null)
          if (forkId === null) return setHint(text)
          switchTo({ kind: 'open', sessionId: forkId })
          setDraft(withEditor(EMPTY_COMPOSER, { text: message, cursor: message.length }))
          setHint(text)
        }}
        onClose={() => setPanel(null)}
      />
    ) : panel?.kind === 'inbox' ? (
      <InboxView
        bridge={bridge}
        width={width}
        maxRows={surfaceMax}
        onOpenSession={(id) =>
          id === session.id ? setPanel(null) : switchTo({ kind: 'open', sessionId: id })
        }
        onClose={() => setPanel(null)}
      />
    ) : panel?.kind === 'mcp-approval' ? (
      <McpApprovalPrompt
        approval={panel.approval}
        width={width}
        maxRows={surfaceMax}
        onAnswer={(approve) => mcp.answer(panel.workspace, panel.approval, approve)}
      />
    ) : lastTool ? (
      <OutputView
        call={lastTool}
        width={width}
        maxRows={surfaceMax}
        onClose={() => setPanel(null)}
      />
    ) : null
  } else {
    const listed = suggestions.length > 0 ? suggestions.length : mentions.paths.length
    const shownSuggestions = Math.min(listed, Math.max(0, surfaceMax - 3))
    // While Ctrl+R searches, the box shows the match the search is on.
    const match = search ? currentMatch(history, search) : null
    const draftRows = composerRows(
      match === null ? composer : { ...composer, editor: editorWith(match) },
      width,
      Math.min(MAX_DRAFT_ROWS, Math.max(1, surfaceMax - 2 - shownSuggestions)),
    )
    const suggestionLines = search
      ? historySearchRows(search, history, width)
      : suggestions.length === 0
        ? fileMentionRows(mentions.paths, mentions.selected, width, shownSuggestions)
        : slashMenuRows(
            suggestions,
            pickedIndex(menuPick, composer.editor.text, suggestions.length),
            width,
            shownSuggestions,
          )
    const queuedRows = [...userCommands.rows(width), ...queuedLines(queued, width)].slice(
      0,
      Math.max(0, surfaceMax - draftRows.length - 2 - suggestionLines.length),
    )
    surfaceRows = queuedRows.length + draftRows.length + 2 + suggestionLines.length
    surface = (
      <>
        {queuedRows.length > 0 ? <StyledLines lines={queuedRows} /> : null}
        <Composer
          rows={draftRows}
          suggestions={suggestionLines}
          width={width}
          onKey={composerKey}
        />
      </>
    )
  }
  const liveRows = Math.max(0, budget - surfaceRows)
  if (
    !screen.active &&
    (!holding || liveLines.length > liveRows) &&
    (held.printed !== drawn.printed || held.sessionId !== shownSessionId)
  )
    setHeld({ sessionId: shownSessionId, printed: drawn.printed })
  const shownLive = liveLines.slice(Math.max(0, liveLines.length - liveRows))

  return (
    <KeyRouter global={globalKeys}>
      <ExitGuardProvider guards={guards}>
        <ColorsContext value={colors}>
          <HyperlinksContext value={hyperlinks}>
            <Box flexDirection="column" width={width}>
              <Static key={session.id} items={printedBlocks}>
                {(block) => {
                  const lines = continuedLines(
                    itemLines(block.item, width),
                    block.continued === true,
                  )
                  // A row wider than the screen (a long link kept whole) is printed whole: the
                  // terminal wraps it softly, so it copies as one.
                  const widest = Math.max(width, ...lines.map(lineWidth))
                  return (
                    <Box key={block.key} width={widest} flexShrink={0}>
                      <StyledLines lines={lines} />
                    </Box>
                  )
                }}
              </Static>
              <Box flexDirection="column" flexShrink={0}>
                {shownLive.length > 0 ? <StyledLines lines={shownLive} /> : null}
                {status.length > 0 ? <StyledLines lines={status} /> : null}
                {surface}
                <StyledLines lines={footer} />
              </Box>
            </Box>
          </HyperlinksContext>
        </ColorsContext>
      </ExitGuardProvider>
    </KeyRouter>
  )
}
