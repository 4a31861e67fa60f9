import type { SessionSummary } from '../shared/bridge'
import type { PendingInteraction } from '../shared/interactions'
import { InboxView } from './inbox-view'
import { McpApprovalPrompt } from './mcp-approval-prompt'
import { OutputView, type ShownCall } from './output-view'
import type { Panel } from './panel'
import { PromptSurface } from './prompt-surface'
import { RewindPicker } from './rewind-picker'
import { SessionPicker } from './session-picker'
import type { TuiBridge } from './tui-bridge'
import type { useMcp } from './use-mcp'

/** What a rewind did: the hint to show, and the fork to open with its message in the box. */
export type Rewound = { text: string; forkId: string | null; message: string }

/** What `PanelSurface` shows and does. */
export interface PanelSurfaceProps {
  head: PendingInteraction | undefined
  panel: Panel | null
  bridge: TuiBridge
  session: SessionSummary
  moreWaiting: number
  width: number
  maxRows: number
  lastTool: ShownCall | undefined
  mcp: ReturnType<typeof useMcp>
  onPickSession(summary: SessionSummary): void
  /** The inbox opens a session by id. */
  onOpenSession(id: string): void
  onRewound(rewound: Rewound): void
  onClose(): void
}

/**
 * What stands in place of the message box: the head of the interaction FIFO, else the panel
 * shown (sessions, rewind, inbox, an MCP approval, Ctrl+O's output).
 */
export function PanelSurface({
  head,
  panel,
  bridge,
  session,
  moreWaiting,
  width,
  maxRows,
  lastTool,
  mcp,
  onPickSession,
  onOpenSession,
  onRewound,
  onClose,
}: PanelSurfaceProps) {
  return head ? (
    <PromptSurface
      interaction={head}
      bridge={bridge}
      moreWaiting={moreWaiting}
      width={width}
      maxRows={maxRows}
    />
  ) : panel?.kind === 'sessions' ? (
    <SessionPicker
      sessions={panel.sessions}
      currentId={session.id}
      width={width}
      maxRows={maxRows}
      onPick={onPickSession}
      onClose={onClose}
    />
  ) : panel?.kind === 'rewind' ? (
    <RewindPicker
      bridge={bridge}
      sessionId={session.id}
      width={width}
      maxRows={maxRows}
      onDone={onRewound}
      onClose={onClose}
    />
  ) : panel?.kind === 'inbox' ? (
    <InboxView
      bridge={bridge}
      width={width}
      maxRows={maxRows}
      onOpenSession={onOpenSession}
      onClose={onClose}
    />
  ) : panel?.kind === 'mcp-approval' ? (
    <McpApprovalPrompt
      approval={panel.approval}
      width={width}
      maxRows={maxRows}
      onAnswer={(approve) => mcp.answer(panel.workspace, panel.approval, approve)}
    />
  ) : lastTool ? (
    <OutputView call={lastTool} width={width} maxRows={maxRows} onClose={onClose} />
  ) : null
}
