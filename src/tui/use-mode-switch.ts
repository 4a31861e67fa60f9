import { useState } from 'react'
import type { SessionSummary } from '../shared/bridge'
import { PERMISSION_MODES, type PermissionMode } from '../shared/permission'
import { nextAgentMode, type AgentModes } from './agent-modes'
import type { TuiBridge } from './tui-bridge'

const nextMode = (mode: PermissionMode): PermissionMode =>
  PERMISSION_MODES[(PERMISSION_MODES.indexOf(mode) + 1) % PERMISSION_MODES.length] ?? 'ask'

/**
 * Switching the session's mode: Parley's permission modes (bypass only after a confirmation,
 * `confirmingBypass` while it is asked) or an ACP agent's own modes.
 */
export function useModeSwitch(
  bridge: TuiBridge,
  session: SessionSummary | null | undefined,
  say: {
    hint(text: string): void
    note(text: string, tone?: 'dim' | 'error'): void
    /** The session's mode changed. */
    mode(mode: PermissionMode): void
  },
) {
  const [confirmingBypass, setConfirmingBypass] = useState(false)
  const setMode = (mode: PermissionMode) => {
    if (!session) return
    setConfirmingBypass(false)
    void bridge.setSessionMode({ sessionId: session.id, mode }).then((result) => {
      if (result.ok) say.mode(mode)
      else say.note(result.message ?? `Mode not changed (${result.reason}).`, 'error')
    })
  }

  /** Switches an ACP agent to one of its own modes. */
  const setAgentModeTo = (mode: AgentModes['available'][number]) => {
    if (!session) return
    void bridge.setAgentMode({ sessionId: session.id, modeId: mode.id }).then((result) => {
      if (result.ok) say.hint(`${session.agent?.name ?? 'The agent'} is now in ${mode.name} mode.`)
      else say.note(result.message ?? `Mode not changed (${result.reason}).`, 'error')
    })
  }

  /**
   * The next mode: an ACP agent's own when it offers modes, else Parley's permission modes, where
   * bypass (nothing asks any more) comes only after an explicit confirmation.
   */
  const cycleMode = () => {
    if (!session) return
    if (session.agentModes && !confirmingBypass) {
      const next = nextAgentMode(session.agentModes)
      if (next) setAgentModeTo(next)
      else say.hint(`${session.agent?.name ?? 'The agent'} offers no other mode.`)
      return
    }
    const next = confirmingBypass ? nextMode('bypass') : nextMode(session.mode)
    if (next === 'bypass') setConfirmingBypass(true)
    else setMode(next)
  }

  return { confirmingBypass, setConfirmingBypass, setMode, setAgentModeTo, cycleMode }
}
