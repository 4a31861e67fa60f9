import * as acp from '@agentclientprotocol/sdk'
import { ElicitationParamsSchema, type ElicitationParams } from './elicitation-request'

/** The largest single message Parley accepts from an agent; a larger one closes the connection. */
export const MAX_AGENT_MESSAGE_BYTES = 8 * 1024 * 1024

/** An agent's request to Parley: its JSON-RPC id, and a signal that aborts on `$/cancel_request` or when the connection closes. */
export interface InboundRequest {
  rpcId: string | number
  signal: AbortSignal
}

/** What Parley does when the agent calls it. Thrown `RequestError`s become JSON-RPC errors. */
export interface ClientHandlers {
  sessionUpdate(params: acp.SessionNotification): void
  requestPermission(
    params: acp.RequestPermissionRequest,
    request: InboundRequest,
  ): Promise<acp.RequestPermissionResponse>
  createElicitation(
    params: ElicitationParams,
    request: InboundRequest,
  ): Promise<acp.CreateElicitationResponse>
  readTextFile(
    params: acp.ReadTextFileRequest,
    request: InboundRequest,
  ): Promise<acp.ReadTextFileResponse>
  writeTextFile(params: acp.WriteTextFileRequest, request: InboundRequest): Promise<void>
  /** URL mode: the agent says the elicitation with this id is complete. */
  elicitationComplete(elicitationId: string): void
}

export interface ConnectOptions {
  input: WritableStream<Uint8Array>
  output: ReadableStream<Uint8Array>
  handlers: ClientHandlers
  /** Interactive hosts advertise form elicitation; headless `run` does not (no one could answer). */
  elicitation: boolean
  clientVersion: string
}

/** What `initialize` told Parley about the agent. */
export interface AgentHello {
  protocolVersion: number
  capabilities: acp.AgentCapabilities
  /** Raw, as sent: agents use kinds the stable types do not describe (see agent-auth.ts). */
  authMethods: unknown
  info: acp.Implementation | null
}

function rpcId(id: acp.JsonRpcId): string | number {
  return id ?? 'null'
}

/**
 * The client side of one ACP connection, built on the SDK's client app (never hand-written
 * JSON-RPC). Incoming requests go to `handlers`; the methods below call the agent.
 */
export class AgentConnection {
  readonly #connection: acp.ClientConnection

  constructor(private readonly options: ConnectOptions) {
    const { handlers } = options
    const app = acp
      .client({ name: 'parley' })
      .onNotification(acp.methods.client.session.update, ({ params }) =>
        handlers.sessionUpdate(params),
      )
      .onRequest(acp.methods.client.session.requestPermission, ({ params, requestId, signal }) =>
        handlers.requestPermission(params, { rpcId: rpcId(requestId), signal }),
      )
      .onNotification(acp.methods.client.elicitation.complete, ({ params }) =>
        handlers.elicitationComplete(params.elicitationId),
      )
      .onRequest(acp.methods.client.fs.readTextFile, ({ params, requestId, signal }) =>
        handlers.readTextFile(params, { rpcId: rpcId(requestId), signal }),
      )
      .onRequest(acp.methods.client.fs.writeTextFile, ({ params, requestId, signal }) =>
        handlers.writeTextFile(params, { rpcId: rpcId(requestId), signal }),
      )
      // With Parley's own params parser: the SDK's would refuse a whole form over one field it
      // does not know, and Parley must see the schema as sent (elicitation-request.ts).
      .onRequest(
        acp.methods.client.elicitation.create,
        ElicitationParamsSchema,
        ({ params, requestId, signal }): Promise<acp.CreateElicitationResponse> =>
          handlers.createElicitation(params, { rpcId: rpcId(requestId), signal }),
      )
    this.#connection = app.connect(
      acp.ndJsonStream(options.input, options.output, {
        maxMessageBytes: MAX_AGENT_MESSAGE_BYTES,
      }),
    )
  }

  /** Resolves when the connection closes (the agent's stdout ended, or `close`). */
  get closed(): Promise<void> {
    return this.#connection.closed
  }

  /** Aborted when the connection closes. */
  get signal(): AbortSignal {
    return this.#connection.signal
  }

  close(): void {
    this.#connection.close()
  }

  async initialize(): Promise<AgentHello> {
    const answer = await this.#connection.agent.request(acp.methods.agent.initialize, {
      protocolVersion: acp.PROTOCOL_VERSION,
      clientCapabilities: {
        fs: { readTextFile: true, writeTextFile: true },
        terminal: false,
        // On/off session config options are shown as a two-value picker.
        session: { configOptions: { boolean: {} } },
        // An interactive client shows a terminal login's command for the person to run.
        ...(this.options.elicitation
          ? { elicitation: { form: {}, url: {} }, auth: { terminal: true } }
          : {}),
      },
      clientInfo: { name: 'parley', title: 'Parley', version: this.options.clientVersion },
    })
    return {
      protocolVersion: answer.protocolVersion,
      capabilities: answer.agentCapabilities ?? {},
      authMethods: answer.authMethods,
      info: answer.agentInfo ?? null,
    }
  }

  authenticate(methodId: string): Promise<acp.AuthenticateResponse> {
    return this.#connection.agent.request(acp.methods.agent.authenticate, { methodId })
  }

  newSession(cwd: string, mcpServers: acp.McpServer[]): Promise<acp.NewSessionResponse> {
    return this.#connection.agent.request(acp.methods.agent.session.new, { cwd, mcpServers })
  }

  loadSession(
    sessionId: string,
    cwd: string,
    mcpServers: acp.McpServer[],
  ): Promise<acp.LoadSessionResponse> {
    return this.#connection.agent.request(acp.methods.agent.session.load, {
      sessionId,
      cwd,
      mcpServers,
    })
  }

  /** `session/resume`: continues the agent's session without replaying its history. */
  resumeSession(
    sessionId: string,
    cwd: string,
    mcpServers: acp.McpServer[],
  ): Promise<acp.ResumeSessionResponse> {
    return this.#connection.agent.request(acp.methods.agent.session.resume, {
      sessionId,
      cwd,
      mcpServers,
    })
  }

  /** One page of `session/list` for the folder `cwd`. */
  listSessions(cwd: string, cursor: string | undefined): Promise<acp.ListSessionsResponse> {
    return this.#connection.agent.request(acp.methods.agent.session.list, {
      cwd,
      ...(cursor !== undefined ? { cursor } : {}),
    })
  }

  /**
   * `session/close`: the agent ends the session's work and frees what it holds. Aborting `signal`
   * withdraws the request (`$/cancel_request`).
   */
  closeSession(sessionId: string, signal?: AbortSignal): Promise<acp.CloseSessionResponse> {
    return this.#connection.agent.request(
      acp.methods.agent.session.close,
      { sessionId },
      ...(signal ? [{ cancellationSignal: signal, stopWaitingOnCancel: true }] : []),
    )
  }

  prompt(sessionId: string, prompt: acp.ContentBlock[]): Promise<acp.PromptResponse> {
    return this.#connection.agent.request(acp.methods.agent.session.prompt, { sessionId, prompt })
  }

  cancel(sessionId: string): Promise<void> {
    return this.#connection.agent.notify(acp.methods.agent.session.cancel, { sessionId })
  }

  setMode(sessionId: string, modeId: string): Promise<acp.SetSessionModeResponse> {
    return this.#connection.agent.request(acp.methods.agent.session.setMode, { sessionId, modeId })
  }

  /** `session/set_config_option`; a boolean goes as `type: "boolean"`, as ACP asks. */
  setConfigOption(
    sessionId: string,
    configId: string,
    value: string | boolean,
  ): Promise<acp.SetSessionConfigOptionResponse> {
    return this.#connection.agent.request(
      acp.methods.agent.session.setConfigOption,
      typeof value === 'boolean'
        ? { sessionId, configId, type: 'boolean', value }
        : { sessionId, configId, value },
    )
  }
}
