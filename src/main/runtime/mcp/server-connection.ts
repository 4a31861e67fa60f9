import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import {
  StreamableHTTPClientTransport,
  StreamableHTTPError,
} from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js'
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js'
import {
  ElicitationCompleteNotificationSchema,
  McpError,
  type CallToolResult,
  type ElicitResult,
  type Implementation,
  type Progress,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js'
import type {
  JsonSchemaValidator,
  jsonSchemaValidator,
} from '@modelcontextprotocol/sdk/validation/types.js'
import { inPrivatePids, type PidIsolation } from '../sandbox/private-pids'
import type { McpServerDefinition, StdioServerDefinition } from './mcp-config'
import { formParams, RawElicitRequestSchema, type ElicitParams } from './elicitation'
import { serverEnvironment } from './server-env'
import {
  workspaceServerEnv,
  workspaceServerLaunch,
  type WorkspaceServerSandbox,
} from './workspace-server-sandbox'
import { errorMessage } from '../../../shared/plain-error'
import {
  McpOAuthSession,
  SignInError,
  type McpOAuthDeps,
  type SignInOwner,
} from './oauth/oauth-session'

/** Bounds on what one server may send. */
export const CONNECTION_LIMITS = {
  /** Largest single JSON-RPC message from a stdio server (the SDK's read buffer). */
  messageBytes: 8 * 1024 * 1024,
  /** Characters of a server's stderr kept to explain a failure. */
  stderrChars: 2_000,
  /** `tools/list` pages followed, and tools kept. */
  toolPages: 20,
  tools: 200,
} as const

/** setTimeout's largest delay: the SDK's per-request timeout is replaced by Parley's idle limit. */
const NO_SDK_TIMEOUT = 2_147_483_647

/**
 * The SDK checks a tool's `structuredContent` against its `outputSchema` with Ajv, which would run
 * a server-supplied `pattern` regex inside Parley. Parley bounds results itself and does not
 * validate them, so no server-supplied schema is ever compiled here.
 */
const noSchemaValidation: jsonSchemaValidator = {
  getValidator<T>(): JsonSchemaValidator<T> {
    return (input) => ({ valid: true, data: input as T, errorMessage: undefined })
  },
}

export interface ConnectionHandlers {
  /** A server's `elicitation/create` (form or url mode). */
  onElicit(
    params: ElicitParams,
    extra: { requestId: string | number; signal: AbortSignal },
  ): Promise<ElicitResult>
  /** URL mode: the server says the elicitation with this id is complete. */
  onElicitationComplete(elicitationId: string): void
  /** The server went away without Parley closing it (its process exited, the connection broke). */
  onLost(reason: string): void
  /** The server announced a changed tool list; `tools` is the fresh list. */
  onToolsChanged(tools: Tool[]): void
}

export interface OpenOptions {
  name: string
  definition: McpServerDefinition
  /** The working folder of a stdio server: the workspace. */
  cwd: string
  /** Where inherited variables come from (process.env). */
  baseEnv: NodeJS.ProcessEnv
  /** Whether a stdio server starts in a private PID namespace. */
  pidIsolation: PidIsolation
  /** A workspace's own stdio server runs in this sandbox instead (see workspace-server-sandbox). */
  workspaceSandbox?: WorkspaceServerSandbox
  handlers: ConnectionHandlers
  clientInfo: Implementation
  /** How long the `initialize` handshake may take. */
  connectTimeoutMs: number
  /** MCP authorization for HTTP servers (absent: a 401 fails the connection). */
  oauth?: McpOAuthDeps
}

/**
 * An answer the server gave on purpose (a JSON-RPC error, a refused or abandoned sign-in, 401 or
 * 403): the connection is still up, so the call fails without the server counting as lost.
 */
function isRefusal(caught: unknown): boolean {
  return (
    caught instanceof McpError ||
    caught instanceof SignInError ||
    caught instanceof UnauthorizedError ||
    (caught instanceof StreamableHTTPError && (caught.code === 401 || caught.code === 403))
  )
}

/** The variables that are set (the SDK takes strings only). */
function stringValues(env: NodeJS.ProcessEnv): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [name, value] of Object.entries(env)) if (value !== undefined) out[name] = value
  return out
}

/** A failure to start: the message says why, with the end of the server's stderr. */
export class ConnectError extends Error {
  constructor(
    message: string,
    /** The server needs the person to sign in first (they declined, or nobody could ask them). */
    readonly needsSignIn = false,
  ) {
    super(message)
  }
}

/** The last `max` characters, starting at a line boundary where possible. */
function tail(text: string, max: number): string {
  const trimmed = text.trimEnd()
  if (trimmed.length <= max) return trimmed
  const cut = trimmed.slice(-max)
  const newline = cut.indexOf('\n')
  return newline >= 0 && newline < cut.length - 1 ? cut.slice(newline + 1) : cut
}

/**
 * A stdio server's process: a workspace's own in the command sandbox with the environment
 * allow-list; the person's own with its safe environment, in a private PID namespace where there
 * is one.
 */
function stdioTransport(
  definition: StdioServerDefinition,
  options: OpenOptions,
): StdioClientTransport {
  const command = { file: definition.command, args: definition.args }
  const { workspaceSandbox } = options
  const launch = workspaceSandbox
    ? workspaceServerLaunch(workspaceSandbox, {
        workspace: options.cwd,
        command,
        env: { ...workspaceServerEnv(options.baseEnv, workspaceSandbox), ...definition.env },
      })
    : {
        ...inPrivatePids(options.pidIsolation, command),
        env: serverEnvironment(definition.env, options.baseEnv),
      }
  return new StdioClientTransport({
    command: launch.file,
    args: launch.args,
    env: stringValues(launch.env),
    cwd: options.cwd,
    // Piped, never inherited: a server's logging must not draw over the terminal client.
    stderr: 'pipe',
    maxBufferSize: CONNECTION_LIMITS.messageBytes,
  })
}

/**
 * One lifetime of one server: a process (stdio) or a session (Streamable HTTP), with an SDK client
 * that declares `elicitation: { form: {} }`. A restart is a new connection.
 */
export class ServerConnection {
  #stderr = ''
  #closing = false
  /** Set once `initialize` succeeded: a server that dies before that failed to start, not crashed. */
  #connected = false
  /** Why this connection ended (lost, or closed on purpose), once it has. */
  endReason: string | undefined
  tools: Tool[] = []

  private constructor(
    private readonly client: Client,
    private readonly transport: Transport,
    readonly kind: McpServerDefinition['transport'],
    private readonly handlers: ConnectionHandlers,
    private readonly oauth: McpOAuthSession | undefined,
  ) {}

  /**
   * Connects and lists the tools. An HTTP server that answers 401 (or 403 insufficient_scope) is
   * signed in to through `options.oauth` and connected to again, a bounded number of times.
   */
  static async open(options: OpenOptions): Promise<ServerConnection> {
    const { definition } = options
    const oauth =
      definition.transport === 'http' && options.oauth
        ? await McpOAuthSession.open({
            server: options.name,
            serverUrl: definition.url,
            oauth: definition.oauth,
            deps: options.oauth,
          })
        : undefined
    for (;;) {
      const connection = ServerConnection.#create(options, oauth)
      try {
        await connection.client.connect(connection.transport, {
          timeout: options.connectTimeoutMs,
        })
        connection.tools = await connection.#listTools()
        connection.#connected = true
        oauth?.succeeded()
        return connection
      } catch (caught) {
        connection.#closing = true
        if (oauth && caught instanceof UnauthorizedError) {
          try {
            const code = await oauth.completeSignIn()
            await (connection.transport as StreamableHTTPClientTransport).finishAuth(code)
            await connection.client.close().catch(() => {})
            continue
          } catch (signIn) {
            await connection.client.close().catch(() => {})
            await oauth.close()
            throw new ConnectError(errorMessage(signIn), signIn instanceof SignInError)
          }
        }
        await connection.client.close().catch(() => {})
        await oauth?.close()
        throw new ConnectError(connection.#explain(errorMessage(caught)))
      }
    }
  }

  static #create(options: OpenOptions, oauth: McpOAuthSession | undefined): ServerConnection {
    const { definition } = options
    const transport: Transport =
      definition.transport === 'stdio'
        ? stdioTransport(definition, options)
        : new StreamableHTTPClientTransport(new URL(definition.url), {
            requestInit: { headers: definition.headers },
            ...(oauth ? { authProvider: oauth.provider } : {}),
          })
    const client = new Client(options.clientInfo, {
      capabilities: { elicitation: { form: {}, url: {} } },
      jsonSchemaValidator: noSchemaValidation,
      listChanged: {
        tools: {
          autoRefresh: false,
          debounceMs: 100,
          onChanged: () => void connection.#refreshTools(),
        },
      },
    })
    const connection = new ServerConnection(
      client,
      transport,
      definition.transport,
      options.handlers,
      oauth,
    )
    if (transport instanceof StdioClientTransport) {
      transport.stderr?.on('data', (chunk: Buffer) => {
        connection.#stderr = tail(
          connection.#stderr + chunk.toString('utf8'),
          CONNECTION_LIMITS.stderrChars,
        )
      })
    }
    client.setRequestHandler(RawElicitRequestSchema, (request, extra) =>
      options.handlers.onElicit(formParams(request.params), {
        requestId: extra.requestId,
        signal: extra.signal,
      }),
    )
    client.setNotificationHandler(ElicitationCompleteNotificationSchema, (notification) =>
      options.handlers.onElicitationComplete(notification.params.elicitationId),
    )
    client.onclose = () => connection.#onClose()
    return connection
  }

  /** The end of the server's stderr (stdio), for status lines. */
  get stderrTail(): string {
    return this.#stderr
  }

  /**
   * Calls a tool. Rejects with the SDK's error (McpError for a JSON-RPC error, the abort reason
   * when `signal` aborts); a broken HTTP connection is also reported as lost.
   */
  async callTool(
    name: string,
    args: Record<string, unknown>,
    options: {
      signal: AbortSignal
      onProgress(progress: Progress): void
      /** The turn the call belongs to: a sign-in it needs is asked there. */
      owner?: SignInOwner
    },
  ): Promise<CallToolResult> {
    const call = async () =>
      // The default result schema always yields `content` (the SDK fills in [] when absent).
      (await this.client.callTool({ name, arguments: args }, undefined, {
        signal: options.signal,
        timeout: NO_SDK_TIMEOUT,
        onprogress: options.onProgress,
      })) as CallToolResult
    try {
      for (;;) {
        try {
          const result = await call()
          this.oauth?.succeeded()
          return result
        } catch (caught) {
          // A token that expired, or one without the scope this call needs (step-up): sign in
          // again and repeat the call; the session bounds how often.
          if (!this.oauth || !(caught instanceof UnauthorizedError)) throw caught
          const code = await this.oauth.completeSignIn(options.signal, options.owner)
          await (this.transport as StreamableHTTPClientTransport).finishAuth(code)
        }
      }
    } catch (caught) {
      if (this.kind === 'http' && !options.signal.aborted && !isRefusal(caught))
        this.#markLost(`the connection failed: ${errorMessage(caught)}`)
      throw caught
    }
  }

  /** Closes on purpose (restart, removal, shutdown): `onLost` is not called. */
  async close(reason: string): Promise<void> {
    this.endReason ??= reason
    this.#closing = true
    await this.client.close().catch(() => {})
    await this.oauth?.close()
  }

  #explain(reason: string): string {
    const stderr = this.#stderr.trim()
    return stderr === '' ? reason : `${reason}\n${stderr}`
  }

  #onClose(): void {
    if (this.#closing) return
    this.#markLost(
      this.kind === 'stdio' ? 'the server process exited' : 'the connection was closed',
    )
  }

  #markLost(reason: string): void {
    if (this.endReason !== undefined || this.#closing || !this.#connected) return
    this.endReason = this.#explain(reason)
    this.handlers.onLost(this.endReason)
    if (this.kind === 'http') void this.close(this.endReason)
  }

  async #listTools(): Promise<Tool[]> {
    const tools: Tool[] = []
    let cursor: string | undefined
    for (let page = 0; page < CONNECTION_LIMITS.toolPages; page++) {
      const result = await this.client.listTools(cursor === undefined ? undefined : { cursor })
      tools.push(...result.tools)
      cursor = result.nextCursor
      if (cursor === undefined || tools.length >= CONNECTION_LIMITS.tools) break
    }
    return tools.slice(0, CONNECTION_LIMITS.tools)
  }

  async #refreshTools(): Promise<void> {
    try {
      this.tools = await this.#listTools()
      this.handlers.onToolsChanged(this.tools)
    } catch {
      // A failed refresh keeps the old list; a broken connection is reported by onclose.
    }
  }
}
