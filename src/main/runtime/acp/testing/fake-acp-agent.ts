/**
 * A scripted ACP agent built on the SDK's agent side, run as its own process:
 *
 *   node src/main/runtime/acp/testing/fake-acp-agent.ts SCRIPT.json
 *
 * (Node runs this file as it is: it uses only erasable TypeScript and imports only packages.) Tests
 * and E2E journeys use it as `--acp "node …/fake-acp-agent.ts script.json"`. A script is shaped
 * like Parley's scenarios: turns chosen by a `when` regex on the prompt, each a list of steps —
 * say text, think, report tool calls and plans, ask permission, elicit forms, read and write
 * files, wait for Stop, write to stderr, exit. With `configOptions` it announces session config
 * options and takes `session/set_config_option`; a turn with `whenConfig` is chosen only while the
 * session's options have those values (Codex asks with forms only in plan mode). `{{name}}` in `say` is replaced by the JSON of what
 * the client answered to the request named `name` (`as`) — in this turn or an earlier one of the
 * session, so a later turn can report what a stopped one received — and a test sees what the agent
 * received.
 */
import { spawn } from 'node:child_process'
import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { Readable, Writable } from 'node:stream'
import { pathToFileURL } from 'node:url'
import * as acp from '@agentclientprotocol/sdk'
import { z } from 'zod'

const Json = z.unknown()
const ToolCallShape = z.looseObject({ toolCallId: z.string() })

const StepSchema = z.union([
  /** Streams the text as several `agent_message_chunk`s. */
  z.strictObject({ say: z.string() }),
  /** Streams the text as `agent_thought_chunk`s. */
  z.strictObject({ think: z.string() }),
  /** A `tool_call` update (any ACP ToolCall fields). */
  z.strictObject({ toolCall: ToolCallShape }),
  /** A `tool_call_update` (any ACP ToolCallUpdate fields). */
  z.strictObject({ toolUpdate: ToolCallShape }),
  z.strictObject({ plan: z.array(Json) }),
  /** A `current_mode_update`. */
  z.strictObject({ mode: z.string() }),
  /** A `usage_update` (context used and size, and the session's cost so far). */
  z.strictObject({
    usage: z.strictObject({
      used: z.number(),
      size: z.number(),
      cost: z.strictObject({ amount: z.number(), currency: z.string() }).optional(),
    }),
  }),
  /** A `session_info_update` with this title. */
  z.strictObject({ sessionTitle: z.string() }),
  /** `session/request_permission`; waits for the answer unless `wait` is false. */
  z.strictObject({
    permission: z.looseObject({ toolCall: ToolCallShape, options: z.array(Json) }),
    as: z.string().optional(),
    wait: z.boolean().optional(),
  }),
  /** `elicitation/create` (params as given, plus the session id unless `sessionId` is set). */
  z.strictObject({
    elicit: z.looseObject({ message: z.string() }),
    as: z.string().optional(),
    wait: z.boolean().optional(),
  }),
  /** Sends `elicitation/complete` for a URL-mode elicitation's id. */
  z.strictObject({ completeElicitation: z.string() }),
  /** Withdraws the named request with `$/cancel_request`. */
  z.strictObject({ cancelRequest: z.string() }),
  /** Waits for the named requests sent with `wait: false`. */
  z.strictObject({ join: z.array(z.string()) }),
  z.strictObject({ read: z.looseObject({ path: z.string() }), as: z.string().optional() }),
  z.strictObject({
    write: z.strictObject({ path: z.string(), content: z.string() }),
    as: z.string().optional(),
  }),
  /**
   * Changes the session's folder on disk itself, as agents with their own tools do (not through
   * the client's fs methods): writes a file, or removes one. Paths are relative to the session's cwd.
   */
  z.strictObject({
    disk: z.union([
      z.strictObject({ write: z.string(), content: z.string() }),
      z.strictObject({ remove: z.string() }),
    ]),
  }),
  /** Waits for `session/cancel`; the turn then ends `cancelled`. */
  z.strictObject({ waitForCancel: z.literal(true) }),
  /** Never answers the prompt, not even after `session/cancel`. */
  z.strictObject({ hang: z.literal(true) }),
  z.strictObject({ stderr: z.string() }),
  /** Exits the process at once with this code. */
  z.strictObject({ exit: z.number().int() }),
  /** Starts a long-lived child process (to check that the whole group is ended); `{{pid}}`. */
  z.strictObject({ spawnChild: z.literal(true) }),
])
export type FakeAgentStep = z.infer<typeof StepSchema>

const TurnSchema = z.strictObject({
  when: z.string().optional(),
  /** Chosen only while the session's config options have these values (config id → value). */
  whenConfig: z.record(z.string(), z.string()).optional(),
  /** Chosen only while the session is in this mode (set by `session/set_mode`). */
  whenMode: z.string().optional(),
  steps: z.array(StepSchema),
  stopReason: z
    .enum(['end_turn', 'max_tokens', 'max_turn_requests', 'refusal', 'cancelled'])
    .optional(),
  /** Exits with this code just after answering the prompt (an agent dying between turns). */
  exitAfter: z.number().int().optional(),
})

export const FakeAgentScriptSchema = z.strictObject({
  agentInfo: z
    .strictObject({ name: z.string(), title: z.string().optional(), version: z.string() })
    .optional(),
  /** Advertise `loadSession` (default true). */
  loadSession: z.boolean().optional(),
  /** Advertise these `promptCapabilities` (default none). */
  promptCapabilities: z
    .strictObject({ image: z.boolean().optional(), embeddedContext: z.boolean().optional() })
    .optional(),
  /** Advertise `sessionCapabilities` `resume`, `list` and `close` (default none). */
  sessionCapabilities: z.array(z.enum(['resume', 'list', 'close'])).optional(),
  /**
   * A file where the agent keeps each session's prompts and the sessions closed, so a new process
   * knows a resumed or loaded session's earlier turns (`{{history}}` in `say`: the earlier prompts
   * of this session, joined with " | ") and a test sees what `session/close` closed.
   */
  stateFile: z.string().optional(),
  /** Raw `authMethods` of the initialize answer. */
  authMethods: z.array(Json).optional(),
  /** `session/new` answers -32000 until the client authenticates with this method. */
  requireAuth: z.string().optional(),
  /**
   * `session/prompt` answers -32000 unless this variable is set in the agent's environment, as
   * Claude Code's adapter does without a key.
   */
  promptNeedsEnv: z.string().optional(),
  modes: z
    .strictObject({
      currentModeId: z.string(),
      availableModes: z.array(
        z.strictObject({ id: z.string(), name: z.string(), description: z.string().optional() }),
      ),
    })
    .optional(),
  /**
   * Raw ACP `configOptions` (select type): announced in `session/new` and `session/load` (with
   * the announced values: a new process remembers nothing) and set with `session/set_config_option`.
   */
  configOptions: z
    .array(z.looseObject({ id: z.string(), currentValue: z.union([z.string(), z.boolean()]) }))
    .optional(),
  /** `session/set_config_option` on this config id fails with this message. */
  failSetConfig: z.strictObject({ configId: z.string(), message: z.string() }).optional(),
  /** Raw ACP `availableCommands`, announced with `available_commands_update` after `session/new`. */
  availableCommands: z
    .array(z.looseObject({ name: z.string(), description: z.string() }))
    .optional(),
  /** Written to stderr at start. */
  stderr: z.string().optional(),
  /** `session/new` fails with this internal error (after writing `stderr`), as Claude Code does as root. */
  failNewSession: z.string().optional(),
  turns: z.array(TurnSchema),
})
export type FakeAgentScript = z.infer<typeof FakeAgentScriptSchema>

type Outcome = { result: unknown } | { error: { code: number; message: string } }

function outcomeOf(work: Promise<unknown>): Promise<Outcome> {
  return work.then(
    (result) => ({ result }),
    (error: unknown) =>
      error instanceof acp.RequestError
        ? { error: { code: error.code, message: error.message } }
        : { error: { code: 0, message: String(error) } },
  )
}

/** Splits text into a few chunks, as a model streams it. */
function chunks(text: string): string[] {
  const size = Math.max(1, Math.ceil(text.length / 3))
  const out: string[] = []
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size))
  return out
}

interface SessionState {
  /** The session's config values: config id → value. */
  config: Map<string, string>
  /** The session's mode: the script's current mode until `session/set_mode`. */
  mode: string | undefined
  cancelled: boolean
  onCancel: Array<() => void>
  /** What the client answered to each named request, kept across the session's turns. */
  results: Map<string, Outcome>
  /** The session's folder (`cwd` of session/new or session/load). */
  cwd: string
}

/** What the agent keeps in `stateFile`. */
interface Kept {
  history: Record<string, string[]>
  closed: string[]
}

function readKept(path: string | undefined): Kept {
  if (path === undefined) return { history: {}, closed: [] }
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as Kept
  } catch {
    return { history: {}, closed: [] }
  }
}

function keep(path: string | undefined, change: (kept: Kept) => void): void {
  if (path === undefined) return
  const kept = readKept(path)
  change(kept)
  writeFileSync(path, JSON.stringify(kept))
}

function run(script: FakeAgentScript): void {
  // Optional fields of the script are `undefined` where ACP's types say `null`: same on the wire.
  const modes = script.modes as acp.SessionModeState | undefined
  const agentInfo = (script.agentInfo ?? {
    name: 'fake-acp-agent',
    title: 'Fake Agent',
    version: '1.0.0',
  }) as acp.Implementation
  const sessions = new Map<string, SessionState>()
  const used = new Set<number>()
  let authenticated = script.requireAuth === undefined
  let clientCapabilities: unknown = null
  let nextSession = 1

  const announced = (script.configOptions ?? []) as acp.SessionConfigOption[]
  const newState = (cwd: string): SessionState => ({
    cwd,
    config: new Map(announced.map((o) => [o.id, String(o.currentValue)])),
    mode: modes?.currentModeId,
    cancelled: false,
    onCancel: [],
    results: new Map(),
  })
  /** The announced options with the session's current values, as `configOptions` answers carry them. */
  const configOf = (state: SessionState) =>
    announced.map((o) => {
      const current = state.config.get(o.id)
      if (current === undefined) return o
      return { ...o, currentValue: o.type === 'boolean' ? current === 'true' : current }
    })
  const withConfig = (state: SessionState) =>
    script.configOptions ? { configOptions: configOf(state) as acp.SessionConfigOption[] } : {}

  const pickTurn = (text: string, state: SessionState) => {
    const matches = script.turns
      .map((turn, index) => ({ turn, index }))
      .filter(({ turn }) => turn.when === undefined || new RegExp(turn.when).test(text))
      .filter(({ turn }) =>
        Object.entries(turn.whenConfig ?? {}).every(
          ([id, value]) => state.config.get(id) === value,
        ),
      )
      .filter(({ turn }) => turn.whenMode === undefined || turn.whenMode === state.mode)
    const fresh = matches.find(({ index }) => !used.has(index)) ?? matches[0]
    if (fresh) used.add(fresh.index)
    return fresh?.turn
  }

  const app = acp
    .agent({ name: 'fake-acp-agent' })
    .onRequest(acp.methods.agent.initialize, ({ params }) => {
      clientCapabilities = params.clientCapabilities ?? null
      return {
        protocolVersion: acp.PROTOCOL_VERSION,
        agentCapabilities: {
          loadSession: script.loadSession ?? true,
          promptCapabilities: {
            image: script.promptCapabilities?.image ?? false,
            embeddedContext: script.promptCapabilities?.embeddedContext ?? false,
          },
          sessionCapabilities: Object.fromEntries(
            (script.sessionCapabilities ?? []).map((c) => [c, {}]),
          ),
        },
        // Raw on purpose: agents send kinds the stable types do not know (env_var).
        authMethods: (script.authMethods ?? []) as acp.AuthMethod[],
        agentInfo,
      }
    })
    .onRequest(acp.methods.agent.authenticate, ({ params }) => {
      if (params.methodId !== script.requireAuth) {
        throw new acp.RequestError(-32602, `unknown auth method ${params.methodId}`)
      }
      authenticated = true
      return {}
    })
    .onRequest(acp.methods.agent.session.new, ({ params, client }) => {
      if (!authenticated) throw acp.RequestError.authRequired()
      if (script.failNewSession !== undefined) {
        throw acp.RequestError.internalError(undefined, script.failNewSession)
      }
      const sessionId = `fake-session-${nextSession++}`
      const state = newState(params.cwd)
      sessions.set(sessionId, state)
      const commands = script.availableCommands
      // As agents do: the commands follow the answer, once the client knows the session.
      if (commands)
        setTimeout(() => {
          void client.notify(acp.methods.client.session.update, {
            sessionId,
            update: {
              sessionUpdate: 'available_commands_update',
              availableCommands: commands as acp.AvailableCommand[],
            },
          })
        }, 20)
      return { sessionId, ...(modes ? { modes } : {}), ...withConfig(state) }
    })
    .onRequest(acp.methods.agent.session.load, async ({ params, client }) => {
      if (!authenticated) throw acp.RequestError.authRequired()
      if (!params.sessionId.startsWith('fake-session-'))
        throw acp.RequestError.resourceNotFound(params.sessionId)
      const state = newState(params.cwd)
      sessions.set(params.sessionId, state)
      // Replays history, as agents do on load; the client must not record it again.
      await client.notify(acp.methods.client.session.update, {
        sessionId: params.sessionId,
        update: {
          sessionUpdate: 'agent_message_chunk',
          content: { type: 'text', text: 'REPLAYED HISTORY' },
        },
      })
      return { ...(modes ? { modes } : {}), ...withConfig(state) }
    })
    .onRequest(acp.methods.agent.session.resume, ({ params }) => {
      if (!authenticated) throw acp.RequestError.authRequired()
      if (!(params.sessionId in readKept(script.stateFile).history))
        throw acp.RequestError.resourceNotFound(params.sessionId)
      const state = newState(params.cwd)
      sessions.set(params.sessionId, state)
      return { ...(modes ? { modes } : {}), ...withConfig(state) }
    })
    .onRequest(acp.methods.agent.session.list, ({ params }) => ({
      sessions: Object.keys(readKept(script.stateFile).history).map((sessionId) => ({
        sessionId,
        cwd: params.cwd ?? '/',
      })),
    }))
    .onRequest(acp.methods.agent.session.close, ({ params }) => {
      const state = sessions.get(params.sessionId)
      if (!state) throw acp.RequestError.sessionNotFound(params.sessionId)
      state.cancelled = true
      for (const wake of state.onCancel.splice(0)) wake()
      sessions.delete(params.sessionId)
      keep(script.stateFile, (kept) => kept.closed.push(params.sessionId))
      return {}
    })
    .onRequest(acp.methods.agent.session.setConfigOption, ({ params }) => {
      const state = sessions.get(params.sessionId)
      if (!state) throw acp.RequestError.sessionNotFound(params.sessionId)
      if (script.failSetConfig?.configId === params.configId)
        throw new acp.RequestError(-32602, script.failSetConfig.message)
      const option = announced.find((o) => o.id === params.configId)
      const value = String(params.value)
      if (option?.type === 'boolean') {
        if (!('type' in params) || params.type !== 'boolean')
          throw new acp.RequestError(-32602, `${params.configId} takes a boolean`)
        state.config.set(params.configId, value)
        return { configOptions: configOf(state) as acp.SessionConfigOption[] }
      }
      const offered =
        option?.type === 'select' &&
        option.options.some((o) =>
          'group' in o ? o.options.some((v) => v.value === value) : o.value === value,
        )
      if (!offered) throw new acp.RequestError(-32602, `no value "${value}" for ${params.configId}`)
      state.config.set(params.configId, value)
      return { configOptions: configOf(state) as acp.SessionConfigOption[] }
    })
    .onRequest(acp.methods.agent.session.setMode, async ({ params, client }) => {
      const state = sessions.get(params.sessionId)
      if (state) state.mode = params.modeId
      await client.notify(acp.methods.client.session.update, {
        sessionId: params.sessionId,
        update: { sessionUpdate: 'current_mode_update', currentModeId: params.modeId },
      })
      return {}
    })
    .onNotification(acp.methods.agent.session.cancel, ({ params }) => {
      const state = sessions.get(params.sessionId)
      if (!state) return
      state.cancelled = true
      for (const wake of state.onCancel.splice(0)) wake()
    })
    .onRequest(acp.methods.agent.session.prompt, async ({ params, client }) => {
      const state = sessions.get(params.sessionId)
      if (!state) throw acp.RequestError.sessionNotFound(params.sessionId)
      if (script.promptNeedsEnv !== undefined && !process.env[script.promptNeedsEnv])
        throw acp.RequestError.authRequired()
      state.cancelled = false
      const text = params.prompt.map((b) => (b.type === 'text' ? b.text : '')).join('')
      const earlier = readKept(script.stateFile).history[params.sessionId] ?? []
      keep(script.stateFile, (kept) => {
        kept.history[params.sessionId] = [...earlier, text]
      })
      const turn = pickTurn(text, state)
      if (!turn) return { stopReason: 'end_turn' as const }
      const sessionId = params.sessionId
      const { results } = state
      const waiting = new Map<string, Promise<Outcome>>()
      const aborts = new Map<string, AbortController>()
      const values: Record<string, string> = {
        clientCapabilities: JSON.stringify(clientCapabilities),
        history: earlier.join(' | '),
        // The prompt's content blocks as sent (an image's data shortened to its length).
        promptBlocks: JSON.stringify(
          params.prompt.map((b) => (b.type === 'image' ? { ...b, data: b.data.length } : b)),
        ),
      }
      const update = (u: acp.SessionUpdate) =>
        client.notify(acp.methods.client.session.update, { sessionId, update: u })
      const fill = (t: string) =>
        t.replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
          const outcome = results.get(name)
          return outcome ? JSON.stringify(outcome) : (values[name] ?? '')
        })
      const cancelled = () =>
        new Promise<void>((resolve) => (state.cancelled ? resolve() : state.onCancel.push(resolve)))
      const request = (
        name: string | undefined,
        wait: boolean | undefined,
        work: (signal: AbortSignal) => Promise<unknown>,
      ) => {
        const key = name ?? `request-${waiting.size}`
        const abort = new AbortController()
        aborts.set(key, abort)
        const pending = outcomeOf(work(abort.signal)).then((outcome) => {
          results.set(key, outcome)
          return outcome
        })
        waiting.set(key, pending)
        return wait === false ? Promise.resolve() : pending.then(() => undefined)
      }

      for (const step of turn.steps) {
        if (state.cancelled) return { stopReason: 'cancelled' as const }
        if ('say' in step) {
          for (const piece of chunks(fill(step.say))) {
            await update({
              sessionUpdate: 'agent_message_chunk',
              content: { type: 'text', text: piece },
            })
          }
        } else if ('think' in step) {
          for (const piece of chunks(step.think)) {
            await update({
              sessionUpdate: 'agent_thought_chunk',
              content: { type: 'text', text: piece },
            })
          }
        } else if ('toolCall' in step) {
          await update({ sessionUpdate: 'tool_call', ...(step.toolCall as acp.ToolCall) })
        } else if ('toolUpdate' in step) {
          await update({
            sessionUpdate: 'tool_call_update',
            ...(step.toolUpdate as acp.ToolCallUpdate),
          })
        } else if ('plan' in step) {
          await update({ sessionUpdate: 'plan', entries: step.plan as acp.PlanEntry[] })
        } else if ('mode' in step) {
          await update({ sessionUpdate: 'current_mode_update', currentModeId: step.mode })
        } else if ('usage' in step) {
          const { used, size, cost } = step.usage
          await update({ sessionUpdate: 'usage_update', used, size, ...(cost ? { cost } : {}) })
        } else if ('sessionTitle' in step) {
          await update({ sessionUpdate: 'session_info_update', title: step.sessionTitle })
        } else if ('permission' in step) {
          await request(step.as, step.wait, (signal) =>
            client.request(
              acp.methods.client.session.requestPermission,
              {
                sessionId,
                ...(step.permission as Omit<acp.RequestPermissionRequest, 'sessionId'>),
              },
              { cancellationSignal: signal },
            ),
          )
        } else if ('elicit' in step) {
          // Sent as a custom request so a test can send what the stable types forbid (mode url,
          // a password field): Parley must answer those, not the SDK.
          await request(step.as, step.wait, (signal) =>
            client.request<acp.CreateElicitationResponse>(
              'elicitation/create',
              { sessionId, mode: 'form', ...step.elicit },
              { cancellationSignal: signal },
            ),
          )
        } else if ('completeElicitation' in step) {
          await client.notify(acp.methods.client.elicitation.complete, {
            elicitationId: step.completeElicitation,
          })
        } else if ('cancelRequest' in step) {
          aborts.get(step.cancelRequest)?.abort()
          await waiting.get(step.cancelRequest)
        } else if ('join' in step) {
          await Promise.all(step.join.map((name) => waiting.get(name)))
        } else if ('read' in step) {
          await request(step.as, true, () =>
            client.request(acp.methods.client.fs.readTextFile, {
              sessionId,
              ...(step.read as { path: string }),
            }),
          )
        } else if ('write' in step) {
          await request(step.as, true, () =>
            client.request(acp.methods.client.fs.writeTextFile, { sessionId, ...step.write }),
          )
        } else if ('disk' in step) {
          const change = step.disk
          if ('write' in change) writeFileSync(join(state.cwd, change.write), change.content)
          else rmSync(join(state.cwd, change.remove), { force: true })
        } else if ('waitForCancel' in step) {
          await cancelled()
          await Promise.all(waiting.values())
          return { stopReason: 'cancelled' as const }
        } else if ('hang' in step) {
          await new Promise(() => {})
        } else if ('stderr' in step) {
          process.stderr.write(step.stderr)
        } else if ('exit' in step) {
          // Messages sent just before are still queued in the stream: let them out first.
          const code = step.exit
          await new Promise((resolve) => setTimeout(resolve, 100))
          process.exit(code)
        } else if ('spawnChild' in step) {
          const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], {
            stdio: 'ignore',
          })
          values.pid = String(child.pid)
        }
      }
      await Promise.all(waiting.values())
      if (state.cancelled) return { stopReason: 'cancelled' as const }
      const code = turn.exitAfter
      // Late enough for the answer to be written first.
      if (code !== undefined) setTimeout(() => process.exit(code), 50)
      return { stopReason: turn.stopReason ?? ('end_turn' as const) }
    })

  app.connect(
    acp.ndJsonStream(
      Writable.toWeb(process.stdout),
      Readable.toWeb(process.stdin) as ReadableStream<Uint8Array>,
    ),
  )
}

function main(): void {
  const path = process.argv[2]
  if (!path) {
    process.stderr.write('usage: fake-acp-agent SCRIPT.json\n')
    process.exit(2)
  }
  const script = FakeAgentScriptSchema.parse(JSON.parse(readFileSync(path, 'utf8')))
  if (script.stderr) process.stderr.write(script.stderr)
  run(script)
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main()
