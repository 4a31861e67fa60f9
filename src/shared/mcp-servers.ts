import { z } from 'zod'

/**
 * MCP servers as the UIs will list them (Settings: name, where it was configured, status, tools,
 * a restart button). The runtime's server manager produces these; next round a bridge call and an
 * event carry them to the UIs.
 */

/** Where a server was configured. Only `workspace` servers need the person's approval first. */
export const McpServerOriginSchema = z.enum(['user', 'workspace', 'command_line'])
export type McpServerOrigin = z.infer<typeof McpServerOriginSchema>

const reason = z.string().max(2_000)

/** What a server is doing now. */
export const McpServerStateSchema = z.discriminatedUnion('state', [
  /** A workspace `.mcp.json` server the person has not approved yet: not started. */
  z.strictObject({ state: z.literal('needs_approval') }),
  z.strictObject({ state: z.literal('starting') }),
  z.strictObject({ state: z.literal('ready') }),
  /** It exited; Parley starts it again after a pause (`attempt` of `maxAttempts`). */
  z.strictObject({
    state: z.literal('restarting'),
    attempt: z.number().int().min(1),
    maxAttempts: z.number().int().min(1),
    /** Epoch ms of the next start. */
    retryAt: z.number(),
    /** Why it stopped (the end of its stderr, or the connection error). */
    reason,
  }),
  /** It could not start, or kept crashing: it stays down until restarted by hand. */
  z.strictObject({ state: z.literal('failed'), reason }),
  /** Shut down by Parley (the app is closing, or the server was removed from the config). */
  z.strictObject({ state: z.literal('stopped') }),
])
export type McpServerState = z.infer<typeof McpServerStateSchema>

/** One tool of a server, as offered to Parley's agent. */
export const McpToolInfoSchema = z.strictObject({
  /** The name the agent calls: `mcp__<server>__<tool>`. */
  name: z.string().min(1).max(64),
  /** The server's own name for it. */
  serverToolName: z.string().max(1_000),
  title: z.string().max(1_000).optional(),
  description: z.string().max(2_000),
  /** The server marks it read-only (a hint: it is not verified). */
  readOnlyHint: z.boolean(),
})
export type McpToolInfo = z.infer<typeof McpToolInfoSchema>

/** One configured server and its status. */
export const McpServerInfoSchema = z.strictObject({
  name: z.string().min(1).max(64),
  origin: McpServerOriginSchema,
  /** `stdio` starts a program; `http` connects to a Streamable HTTP endpoint. */
  transport: z.enum(['stdio', 'http']),
  /** The command line or the URL, for the person to recognise it (no env or header values). */
  summary: z.string().max(4_000),
  status: McpServerStateSchema,
  tools: z.array(McpToolInfoSchema).max(200),
  /** Things worth knowing that did not stop the server (tools left out, schemas too large). */
  notices: z.array(z.string().max(1_000)).max(50),
  /** For a server that uses OAuth: whether Parley holds its tokens (absent: it asked for none). */
  signIn: z.enum(['signed_in', 'signed_out']).optional(),
})
export type McpServerInfo = z.infer<typeof McpServerInfoSchema>

/**
 * A server Settings adds to the person's own `<data-dir>/mcp.json`: a program Parley starts, as
 * `{"name": {"command": …, "args": […]}}`. The form checks it with this schema before sending, so
 * its messages are what a person reads.
 */
export const McpServerToAddSchema = z.strictObject({
  name: z
    .string()
    .trim()
    .min(1, 'Give the server a name.')
    .max(64, 'A name has at most 64 characters.')
    .regex(/^[A-Za-z0-9_.-]+$/, 'A name is letters, digits, “-”, “_” or “.”, without spaces.'),
  command: z
    .string()
    .trim()
    .min(1, 'Say which program starts the server.')
    .max(4_096, 'The command has at most 4096 characters.'),
  args: z
    .array(z.string().max(8_192, 'An argument has at most 8192 characters.'))
    .max(200, 'At most 200 arguments.'),
})
export type McpServerToAdd = z.infer<typeof McpServerToAddSchema>
