import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type { LogNotice } from '../../shared/bridge'
import type { BridgeHandlers } from '../../shared/bridge-dispatch'
import type { DeviceRef } from '../../shared/devices'
import { agentFromCommandLine } from './acp/agent-command'
import { Answers } from './answers'
import { bridgeHandlers, deviceHandlers } from './bridge-handlers'
import { Chat } from './chat'
import { Inbox } from './inbox'
import { NewSessions } from './new-sessions'
import type { DeviceStore } from './remote/device-store'
import type { Runtime, RuntimeOptions } from './runtime-types'
import { probeSandbox, SYSTEM_PROBE, unsandboxedNotice } from './sandbox/command-sandbox'
import type { SessionState } from './sessions/session-state'
import { loadBashGrammar } from './tools/shell/bash-grammar'
import type { TurnDriver } from './turn-drivers'
import { composeAskers, composeBase, composeTurns, type Askers, type Base } from './compose-parts'

/** `--acp` names no usable agent command; the CLI prints the message and exits 2. */
export class AgentCommandError extends Error {}

/** The runtime every host uses: the bridge calls, events, and what the hosts need besides. */
export type ComposedRuntime = Runtime & {
  /** Start-up problems (unreadable session files, invalid settings), for the host to show. */
  problems: string[]
  /** Devices paired to answer from afar; the web host's remote listener checks tokens with it. */
  devices: DeviceStore
  forDevice(device: DeviceRef): BridgeHandlers
  /** Loads settings, the backend and every session; re-presents requests left open by a quit or crash. */
  init(): Promise<void>
}

/**
 * Builds the runtime from its parts: stores, the interaction machinery, the turn drivers and the
 * services the bridge calls reach. Wiring only: what each part does lives in its own module.
 */
export function composeRuntime(options: RuntimeOptions): ComposedRuntime {
  const b = composeBase(options)
  const a = composeAskers(b)
  const t = composeTurns(b, a)
  const { store, settings, emit, late, closed, projects, settingsService, problems, rules } = b
  const { fileIndexes, devices } = b
  const { broker, asker, gate, mcp } = a
  const { agents, driverFor, rewind } = t
  const inbox = new Inbox({
    broker,
    settings,
    title: (sessionId) => store.title(sessionId),
    emit,
    fetch: options.fetch ?? globalThis.fetch,
  })
  Object.assign(late, { inbox, rewind, asker, broker, driverFor })
  const chat = new Chat({ store, broker, driverFor, closed })
  const answers = new Answers({
    broker,
    asker,
    store,
    driverFor,
    startTurn: (session, text) => chat.startTurn(session, text),
    closed,
  })
  const handlers = bridgeHandlers({
    store,
    broker,
    newSessions: new NewSessions({
      store,
      settings,
      projects,
      backend: () => settingsService.backend,
      dataDir: options.dataDir,
      workspace: options.workspace,
      currentFolder: options.currentFolder,
      defaultAgent: () => b.cli.defaultAgent,
      problems,
    }),
    chat,
    answers,
    inbox,
    rewind,
    settings: settingsService,
    agents,
    gate,
    rules,
    mcp,
    projects,
    fileIndexes,
    devices,
    driverFor,
    sandbox: () => b.sandbox.current,
    commandEnv: b.commandEnv,
    // Each session, when opened, says once that commands run unsandboxed (where they do).
    notices: (session): LogNotice[] => {
      const message = unsandboxedNotice(b.sandbox.current)
      return message === null ? [...session.notices] : [{ offset: 0, message }, ...session.notices]
    },
  })

  return {
    ...handlers,
    onEvent: (listener) => b.hub.onEvent(listener),
    close: () => closeRuntime(b, t, mcp),
    init: () => initRuntime(b, driverFor),
    problems: b.problems,
    devices: b.devices,
    forDevice: (device) => deviceHandlers(handlers, answers, device),
  }
}

/** Loads settings, the backend and every session; re-presents requests left open by a quit or crash. */
async function initRuntime(
  b: Base,
  driverFor: (session: SessionState) => TurnDriver,
): Promise<void> {
  const { options, settings, projects, problems, store, settingsService, sandbox } = b
  if (options.acp !== undefined) {
    const agent = agentFromCommandLine(options.acp)
    if (!agent.ok) throw new AgentCommandError(`--acp: ${agent.message}`)
    b.cli.defaultAgent = agent.agent
  }
  mkdirSync(join(options.dataDir, 'sessions'), { recursive: true })
  await settings.load()
  if (settings.problem) problems.push(settings.problem)
  if (projects.problem) problems.push(projects.problem)
  await settingsService.resolveBackend()
  problems.push(...store.load())
  // Commands are reviewed with a shell grammar that loads asynchronously; it starts loading now
  // and is awaited before any turn can need it: here when a turn is recovered, else by the turn
  // engine before a turn's first step (so a client's first screen does not wait for it).
  // Without it, commands are reviewed as unparseable: high risk, never remembered.
  const grammar = loadBashGrammar().catch(() => undefined)
  // The sandbox is found once, meanwhile: bwrap on Linux (tried for real), sandbox-exec on
  // macOS, else none, which is said once. A recovered turn may run an approved command, so it
  // is known before recovery.
  const availability = await probeSandbox(options.sandboxProbe ?? SYSTEM_PROBE)
  sandbox.current = { ...sandbox.current, availability }
  const unsandboxed = unsandboxedNotice(sandbox.current)
  if (unsandboxed) problems.push(unsandboxed)
  // Only logs with something open are read now: a turn a quit or crash left open (recovery
  // reads the log itself, whatever the index said), or requests of agents and servers that
  // are gone. Every other session is read when it is first used.
  const open = [...store.index.entries()].filter(
    (e) => !e.damaged && (e.openTurnId !== null || e.openRequests > 0),
  )
  if (open.length > 0) await grammar
  for (const entry of open) {
    const session = store.session(entry.id)
    if (session) driverFor(session).recover(session)
  }
}

/** Ends every turn as a quit, not a stop: parked requests stay open in the log for the next start. */
async function closeRuntime(
  b: Base,
  { driverFor, rewind }: ReturnType<typeof composeTurns>,
  mcp: Askers['mcp'],
): Promise<void> {
  const { life, store, fileIndexes, drafts, hub } = b
  if (life.closed) return
  life.closed = true
  await Promise.all(store.loaded().map((s) => driverFor(s).end(s, 'shutdown')))
  await rewind.settled()
  // After every turn was ended: a server's open questions stay open in the logs for next time.
  await mcp.close()
  fileIndexes.close()
  // A draft saved just before the quit is what the person sees at the next start.
  await drafts.flush()
  store.close()
  hub.clear()
}
