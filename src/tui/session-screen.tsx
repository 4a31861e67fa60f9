import { Box } from 'ink'
import type { SessionSummary } from '../shared/bridge'
import type { PendingInteraction } from '../shared/interactions'
import { currentModeName } from './agent-modes'
import { ColorsContext } from './colors'
import { composerSurface, type ComposerSurfaceInput } from './composer-surface'
import { ExitGuardProvider, type useExitGuards } from './exit-guard'
import { footerLines } from './footer-lines'
import { HyperlinksContext } from './hyperlinks'
import { COMPOSER_HINTS, PANEL_HINTS, PROMPT_HINTS } from './key-hints'
import type { Panel } from './panel'
import { PanelSurface, type PanelSurfaceProps } from './panel-surface'
import { PrintedTranscript } from './printed-transcript'
import type { SessionView } from './session-view-state'
import { statusLines } from './status-lines'
import { StyledLines } from './styled-lines'
import type { useLiveTranscript } from './use-live-transcript'

/** Rows of the transcript that stay visible above a prompt. */
const LIVE_ROWS_UNDER_PROMPT = 3

/** What the session's screen shows. */
export interface SessionScreenProps {
  session: SessionSummary
  view: SessionView
  head: PendingInteraction | undefined
  panel: Panel | null
  hint: string | null
  confirmingBypass: boolean
  offer: SessionSummary | null
  now: number
  backendLabel: string
  width: number
  height: number
  colors: boolean
  hyperlinks: boolean
  guards: ReturnType<typeof useExitGuards>
  live: ReturnType<typeof useLiveTranscript>
  /** The panel shown in place of the message box, but what the screen decides. */
  panelSurface: Omit<
    PanelSurfaceProps,
    'head' | 'panel' | 'session' | 'moreWaiting' | 'width' | 'maxRows'
  >
  /** The message box, but its width and rows. */
  composerSurface: Omit<ComposerSurfaceInput, 'width' | 'maxRows'>
}

/**
 * The session's screen, every part laid out as rows so the redrawn part always fits the
 * terminal: the transcript printed for good, its live part, the status row, the message box (or
 * what stands in its place) and the footer with mode, model and workspace.
 */
export function SessionScreen(props: SessionScreenProps) {
  const { session, view, head, panel, hint, width, height, live } = props
  const running = view.running
  const status = statusLines({
    confirmingBypass: props.confirmingBypass,
    mode: session.mode,
    hint,
    retrying: view.retrying,
    working: running && !head,
    runningSince: view.runningSince,
    lastTurnFailed: view.lastTurnFailed && !running,
    offer: view.transcript.items.length === 0 ? props.offer : null,
    now: props.now,
    width,
  })
  const footer = footerLines({
    mode: session.mode,
    backendLabel: props.backendLabel || session.backend,
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
              {...props.panelSurface}
              head={head}
              panel={panel}
              session={session}
              moreWaiting={view.queue.length - 1}
              width={width}
              maxRows={surfaceMax}
            />
          ),
        }
      : composerSurface({ ...props.composerSurface, width, maxRows: surfaceMax })
  const shownLive = live.shownLive(Math.max(0, budget - surface.rows))

  return (
    <ExitGuardProvider guards={props.guards}>
      <ColorsContext value={props.colors}>
        <HyperlinksContext value={props.hyperlinks}>
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
  )
}
