import { z } from 'zod'
import type { McpServerOrigin } from '../../../shared/mcp-servers'
import { jsonSyntaxProblem } from '../settings/json-syntax-problem'
import { truncate } from '../../../shared/truncate'
import { McpOAuthConfigSchema, type McpOAuthConfig } from './oauth/oauth-config'

/**
 * The ecosystem's MCP configuration format (Claude Code's `.mcp.json`, Cursor, Claude Desktop):
 *
 *   { "mcpServers": { "name": { "command": "npx", "args": ["-y", "pkg"], "env": { "K": "V" } },
 *                     "remote": { "type": "http", "url": "https://…/mcp", "headers": { … } } } }
 *
 * Keys other tools add (`autoApprove`, `timeout`, …) are ignored; `"disabled": true` leaves a
 * server out. Each server entry is checked on its own, so one bad entry never hides the others.
 */

/** Bounds for a configuration file and its entries. */
export const MCP_CONFIG_LIMITS = {
  fileBytes: 1_000_000,
  servers: 100,
  serverName: 64,
  command: 4_096,
  args: 200,
  arg: 8_192,
  envEntries: 200,
  envValue: 32_768,
  url: 4_096,
} as const

const text = (max: number) => z.string().max(max)
const stringMap = z
  .record(text(256).min(1), text(MCP_CONFIG_LIMITS.envValue))
  .refine((map) => Object.keys(map).length <= MCP_CONFIG_LIMITS.envEntries, {
    message: `at most ${MCP_CONFIG_LIMITS.envEntries} entries`,
  })

const StdioEntrySchema = z.object({
  type: z.literal('stdio').optional(),
  command: text(MCP_CONFIG_LIMITS.command).min(1, 'command is empty'),
  args: z.array(text(MCP_CONFIG_LIMITS.arg)).max(MCP_CONFIG_LIMITS.args).default([]),
  env: stringMap.default({}),
  disabled: z.boolean().optional(),
})

const HttpEntrySchema = z.object({
  type: z.enum(['http', 'streamable-http']).optional(),
  // Checked again once `${VAR}` is expanded (see `expandDefinition`).
  url: text(MCP_CONFIG_LIMITS.url).refine((value) => /^(https?:\/\/|\$\{)/i.test(value), {
    message: 'url must start with http:// or https://',
  }),
  headers: stringMap.default({}),
  oauth: McpOAuthConfigSchema.optional(),
  disabled: z.boolean().optional(),
})

/** A stdio server as written in a file (before `${VAR}` expansion). */
export type StdioServerDefinition = {
  transport: 'stdio'
  command: string
  args: string[]
  env: Record<string, string>
}
/** A Streamable HTTP server as written in a file (before `${VAR}` expansion). */
export type HttpServerDefinition = {
  transport: 'http'
  url: string
  headers: Record<string, string>
  /** A pre-registered OAuth client (or a Client ID Metadata Document URL as `clientId`). */
  oauth?: McpOAuthConfig
}
export type McpServerDefinition = StdioServerDefinition | HttpServerDefinition

/** One server from a configuration file, with where it came from. */
export interface ConfiguredServer {
  name: string
  origin: McpServerOrigin
  /** The file that defined it. */
  file: string
  definition: McpServerDefinition
}

/** Why (part of) a configuration file was not used. */
export type McpConfigProblem =
  | { kind: 'unreadable'; file: string; message: string }
  /** `line` and `column` (1-based) are where the file stops being JSON. */
  | { kind: 'invalid_json'; file: string; line: number; column: number; message: string }
  | { kind: 'invalid_config'; file: string; message: string }
  | { kind: 'invalid_server'; file: string; server: string; message: string }

/** A configuration file, parsed: its valid servers, its problems and its raw `mcpServers`. */
export interface ParsedMcpConfig {
  servers: ConfiguredServer[]
  problems: McpConfigProblem[]
  /** The `mcpServers` object exactly as written (approval hashes it), or null. */
  raw: Record<string, unknown> | null
}

/** True when a name has no control characters (it is shown in the UI and in tool names). */
function printable(name: string): boolean {
  for (const char of name) {
    const code = char.codePointAt(0) ?? 0
    if (code < 0x20 || code === 0x7f) return false
  }
  return true
}

function issueText(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => (issue.path.length > 0 ? `${issue.path.join('.')}: ` : '') + issue.message)
    .join('; ')
}

function parseEntry(
  name: string,
  value: unknown,
): { definition: McpServerDefinition } | { disabled: true } | { error: string } {
  if (name.length === 0 || name.length > MCP_CONFIG_LIMITS.serverName || !printable(name))
    return {
      error: `a server name is 1–${MCP_CONFIG_LIMITS.serverName} characters without control characters`,
    }
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    return { error: 'a server entry must be an object' }
  const entry = value as Record<string, unknown>
  if (entry.type === 'sse')
    return {
      error:
        'the legacy SSE transport is not supported; use a Streamable HTTP endpoint ("type": "http")',
    }
  const isHttp =
    entry.url !== undefined || entry.type === 'http' || entry.type === 'streamable-http'
  if (isHttp && entry.command !== undefined)
    return { error: 'give either "command" (stdio) or "url" (HTTP), not both' }
  if (!isHttp && entry.command === undefined)
    return { error: 'a server needs "command" (stdio) or "url" (Streamable HTTP)' }
  if (isHttp) {
    const parsed = HttpEntrySchema.safeParse(entry)
    if (!parsed.success) return { error: issueText(parsed.error) }
    if (parsed.data.disabled === true) return { disabled: true }
    return {
      definition: {
        transport: 'http',
        url: parsed.data.url,
        headers: parsed.data.headers,
        ...(parsed.data.oauth ? { oauth: parsed.data.oauth } : {}),
      },
    }
  }
  const parsed = StdioEntrySchema.safeParse(entry)
  if (!parsed.success) return { error: issueText(parsed.error) }
  if (parsed.data.disabled === true) return { disabled: true }
  return {
    definition: {
      transport: 'stdio',
      command: parsed.data.command,
      args: parsed.data.args,
      env: parsed.data.env,
    },
  }
}

/**
 * Parses one configuration file's text. Never throws: a file that is not JSON or has no
 * `mcpServers` object is one problem; a bad server entry is a problem for that server only.
 */
export function parseMcpConfig(
  textContent: string,
  file: string,
  origin: McpServerOrigin,
): ParsedMcpConfig {
  const empty = (problem: McpConfigProblem): ParsedMcpConfig => ({
    servers: [],
    problems: [problem],
    raw: null,
  })
  if (textContent.length > MCP_CONFIG_LIMITS.fileBytes)
    return empty({
      kind: 'invalid_config',
      file,
      message: `the file is larger than ${MCP_CONFIG_LIMITS.fileBytes} bytes`,
    })
  let json: unknown
  try {
    json = JSON.parse(textContent)
  } catch (caught) {
    const { line, column, message } = jsonSyntaxProblem(textContent, caught)
    return empty({
      kind: 'invalid_json',
      file,
      line,
      column,
      message: `not valid JSON: ${message}`,
    })
  }
  const root = json !== null && typeof json === 'object' && !Array.isArray(json) ? json : null
  const servers = root ? (root as Record<string, unknown>).mcpServers : undefined
  if (servers === null || typeof servers !== 'object' || Array.isArray(servers))
    return empty({
      kind: 'invalid_config',
      file,
      message: 'expected an object of the form {"mcpServers": {"name": {…}}}',
    })
  const raw = servers as Record<string, unknown>
  const names = Object.keys(raw)
  const result: ParsedMcpConfig = { servers: [], problems: [], raw }
  if (names.length > MCP_CONFIG_LIMITS.servers)
    result.problems.push({
      kind: 'invalid_config',
      file,
      message: `${names.length} servers; only the first ${MCP_CONFIG_LIMITS.servers} are used`,
    })
  for (const name of names.slice(0, MCP_CONFIG_LIMITS.servers)) {
    const parsed = parseEntry(name, raw[name])
    if ('error' in parsed)
      result.problems.push({
        kind: 'invalid_server',
        file,
        server: name.slice(0, MCP_CONFIG_LIMITS.serverName),
        message: parsed.error,
      })
    else if ('definition' in parsed)
      result.servers.push({ name, origin, file, definition: parsed.definition })
  }
  return result
}

/**
 * How a server reads to the person (Settings, the approval prompt): the command line as written,
 * or the URL. Never env or header values, which may hold tokens.
 */
export function describeDefinition(definition: McpServerDefinition): string {
  switch (definition.transport) {
    case 'stdio': {
      const words = [definition.command, ...definition.args].map((word) =>
        /^[\w@%+=:,./-]+$/.test(word) ? word : JSON.stringify(word),
      )
      const env = Object.keys(definition.env)
      const line = words.join(' ') + (env.length > 0 ? `  (env: ${env.join(', ')})` : '')
      return truncate(line, 4_000)
    }
    case 'http':
      return truncate(definition.url, 4_000)
  }
}
