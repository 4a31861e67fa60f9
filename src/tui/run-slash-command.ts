import type { SessionSummary } from '../shared/bridge'
import { PERMISSION_MODES, PermissionModeSchema, type PermissionMode } from '../shared/permission'
import type { TranscriptItem } from '../shared/transcript'
import { configCommand } from './agent-config-command'
import { currentModeName, findAgentMode, type AgentModes } from './agent-modes'
import type { NotifyChoice, TerminalEnv } from './attention-signal'
import { notifyCommand } from './notify-command'
import type { Panel } from './panel'
import { permissionsCommand } from './permission-rules-command'
import { HELP_TEXT, type SlashCommandName } from './slash-commands'
import type { TuiBridge } from './tui-bridge'
import type { SessionTarget } from './use-session-view'
import type { useMcp } from './use-mcp'

/** What a `/` command may read and do in the client. */
export interface SlashCommandContext {
  session: SessionSummary
  bridge: TuiBridge
  /** The last session offered at start-up (`/resume` opens it). */
  offer: SessionSummary | null
  backendLabel: string
  items: readonly TranscriptItem[]
  lastTurnFailed: boolean
  notify: NotifyChoice
  env: TerminalEnv
  mcp: ReturnType<typeof useMcp>
  say: { hint(text: string): void; note(text: string, tone?: 'dim' | 'error'): void }
  switchTo(target: SessionTarget): void
  openSession(summary: SessionSummary): void
  setPanel(panel: Panel): void
  setMode(mode: PermissionMode): void
  setAgentModeTo(mode: AgentModes['available'][number]): void
  /** Bypass asks for a confirmation first. */
  confirmBypass(): void
  setBackendLabel(label: string): void
  setNotify(choice: NotifyChoice): void
  /** Sends a message again (an ACP agent's /retry). */
  resend(text: string): void
  exit(code: number): void
}

/** Runs a `/` command typed in the message box. */
export function runSlashCommand(name: SlashCommandName, arg: string, context: SlashCommandContext) {
  const { session, bridge, offer, backendLabel, items, lastTurnFailed, notify, env, mcp, say } =
    context
  const { switchTo, openSession, setPanel, setMode, setAgentModeTo, confirmBypass } = context
  const { setBackendLabel, setNotify, resend, exit } = context
  const { hint: setHint, note } = say
  switch (name) {
    case 'help':
      return note(HELP_TEXT)
    case 'new':
      if (arg === '') return switchTo({ kind: 'create', workspace: session.workspace })
      return void bridge.getSettings({}).then((settings) => {
        const agents = 'agents' in settings ? settings.agents : []
        const wanted = arg.toLowerCase()
        const agent =
          wanted === 'parley'
            ? 'parley'
            : agents.find((a) => a.id === wanted || a.name.toLowerCase() === wanted)?.id
        if (agent) return switchTo({ kind: 'create', workspace: session.workspace, agent })
        setHint(
          `No agent “${arg}”: /new ${['parley', ...agents.map((a) => a.id)].join(', /new ')}.`,
        )
      })
    case 'resume':
      if (offer) return openSession(offer)
      return void bridge.listSessions({}).then((list) => {
        const last = Array.isArray(list) ? list.find((s) => s.id !== session.id) : undefined
        if (last) openSession(last)
        else setHint('There is no other session to go back to.')
      })
    case 'sessions':
      return void bridge.listSessions({}).then((list) => {
        if (Array.isArray(list)) setPanel({ kind: 'sessions', sessions: list })
      })
    case 'inbox':
      return setPanel({ kind: 'inbox' })
    case 'mode': {
      const modes = session.agentModes
      if (modes) {
        const names = modes.available.map((m) => m.name).join(', ')
        if (arg === '')
          return setHint(`Mode: ${currentModeName(modes)} · /mode ${names} · Shift+Tab cycles`)
        const mode = findAgentMode(modes, arg)
        return mode ? setAgentModeTo(mode) : setHint(`No mode “${arg}”: ${names}.`)
      }
      if (arg === '')
        return setHint(
          `Mode: ${session.mode} · /mode ${PERMISSION_MODES.join('|')} · Shift+Tab cycles`,
        )
      const mode = PermissionModeSchema.safeParse(arg.toLowerCase())
      if (!mode.success) return setHint(`No mode “${arg}”: ${PERMISSION_MODES.join(', ')}.`)
      if (mode.data === 'bypass') return confirmBypass()
      return setMode(mode.data)
    }
    case 'model':
      if (arg === '')
        return void Promise.all([bridge.getSettings({}), bridge.listModels({})]).then(
          ([settings, models]) => {
            const current =
              'model' in settings && settings.model ? settings.model : '(the provider’s default)'
            const list = models.ok ? models.models.slice(0, 40).join(', ') : 'none listed'
            note(
              `Model: ${current} · ${backendLabel}\nAvailable: ${list}\n/model NAME switches; the key and provider are set with the environment or in the desktop app’s Settings.`,
            )
          },
        )
      return void bridge.updateSettings({ model: arg }).then((result) => {
        if (!result.ok) return setHint(result.message ?? `Model not changed (${result.reason}).`)
        setBackendLabel(result.settings.backendLabel)
        setHint(`New turns use ${arg}.`)
      })
    case 'retry': {
      // An ACP agent cannot run a turn again (the runtime says so): the failed turn's message
      // is sent to it again instead, which is what /retry promises.
      const lastMessage = items.findLast((item) => item.kind === 'user')
      if (session.agent && lastTurnFailed && lastMessage) return resend(lastMessage.text)
      return void bridge.retryTurn({ sessionId: session.id }).then((result) => {
        if (result.ok) return
        if (result.reason === 'busy') return setHint('A turn is still running.')
        // The runtime's own reason (no failed turn, an agent that cannot retry).
        const why = result.message ?? `not retried (${result.reason})`
        setHint(`${why.charAt(0).toUpperCase()}${why.slice(1)}.`)
      })
    }
    case 'config': {
      const command = configCommand(session, arg)
      if (command.kind === 'say') return note(command.text)
      const { option, value } = command
      return void bridge
        .setAgentConfigOption({ sessionId: session.id, configId: option.id, value: value.value })
        .then((result) => {
          if (result.ok) setHint(`${option.name}: ${value.name}.`)
          else note(result.message ?? `${option.name} not changed (${result.reason}).`, 'error')
        })
    }
    case 'rewind':
      return setPanel({ kind: 'rewind' })
    case 'mcp':
      return mcp.command(session.workspace, arg)
    case 'permissions':
      return void permissionsCommand(bridge, arg, say)
    case 'notify': {
      const command = notifyCommand(arg, notify, env)
      if (command.kind === 'say') return note(command.text)
      return void bridge.updateSettings({ terminalNotify: command.choice }).then((result) => {
        if (!result.ok) return setHint(result.message ?? `Not changed (${result.reason}).`)
        setNotify(command.choice)
        setHint(command.done)
      })
    }
    case 'quit':
      return exit(0)
    default:
      return name satisfies never
  }
}
