/**
 * A scripted MCP server for tests, built on the SDK's server side and run as its own process
 * (`node scripted-server.ts`, Node's type stripping): so a crash is a real exit. Its tools ask the
 * client in the ways the tests need and record what the client answered; `events` returns that
 * record, so a test asserts what the server actually received.
 *
 * Only erasable TypeScript here (no enums, no parameter properties) and no relative imports.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js'
import { ElicitResultSchema, McpError } from '@modelcontextprotocol/sdk/types.js'
import { z } from 'zod'

const server = new McpServer({ name: 'scripted', version: '1.0.0' })
const events: string[] = []
let pendingWithdraw: AbortController | undefined

function describe(outcome: unknown): string {
  if (outcome instanceof McpError) return `error ${outcome.code} ${outcome.message}`
  if (outcome instanceof Error) return `error ${outcome.message}`
  return JSON.stringify(outcome)
}

async function ask(
  label: string,
  properties: Record<string, unknown>,
  options: { relatedRequestId: string | number; signal?: AbortSignal },
): Promise<string> {
  try {
    const result = await server.server.elicitInput(
      {
        mode: 'form',
        message: `Question ${label}`,
        requestedSchema: { type: 'object', properties, required: Object.keys(properties) },
      } as Parameters<typeof server.server.elicitInput>[0],
      {
        relatedRequestId: options.relatedRequestId,
        timeout: 600_000,
        ...(options.signal ? { signal: options.signal } : {}),
      },
    )
    events.push(`${label}: ${describe(result)}`)
    return describe(result)
  } catch (caught) {
    events.push(`${label}: ${describe(caught)}`)
    return describe(caught)
  }
}

const nameField = { name: { type: 'string', title: 'Name', pattern: '^[a-z]+$' } }

function watchCancel(tool: string, signal: AbortSignal): void {
  signal.addEventListener('abort', () => events.push(`${tool} cancelled by the client`), {
    once: true,
  })
}

const text = (value: string) => ({ content: [{ type: 'text' as const, text: value }] })

server.registerTool(
  'ask',
  { description: 'Asks one question', inputSchema: {} },
  async (_args, extra) => {
    watchCancel('ask', extra.signal)
    return text(await ask('one', nameField, { relatedRequestId: extra.requestId }))
  },
)

server.registerTool(
  'ask_two',
  { description: 'Asks two questions at once', inputSchema: {} },
  async (_args, extra) => {
    const [first, second] = await Promise.all([
      ask('first', nameField, { relatedRequestId: extra.requestId }),
      ask('second', nameField, { relatedRequestId: extra.requestId }),
    ])
    return text(`first=${first}\nsecond=${second}`)
  },
)

server.registerTool(
  'ask_password',
  { description: 'Asks for a password', inputSchema: {} },
  async (_args, extra) =>
    text(
      await ask(
        'password',
        { password: { type: 'string', title: 'Password' } },
        { relatedRequestId: extra.requestId },
      ),
    ),
)

/** The page an URL-mode elicitation sends the person to: opening it completes the elicitation. */
let page: { port: number; opened: Map<string, () => void> } | undefined

async function pageServer(): Promise<NonNullable<typeof page>> {
  if (page) return page
  const { createServer } = await import('node:http')
  const opened = new Map<string, () => void>()
  const http = createServer((request, response) => {
    const id = new URL(request.url ?? '/', 'http://127.0.0.1').searchParams.get('e') ?? ''
    events.push(`page ${id} opened`)
    response.writeHead(200, { 'content-type': 'text/html' }).end('<p>Done: go back to Parley.</p>')
    opened.get(id)?.()
  })
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve))
  http.unref()
  const address = http.address()
  page = { port: typeof address === 'object' && address ? address.port : 0, opened }
  return page
}

let elicitations = 0

server.registerTool(
  'ask_url',
  {
    description:
      'Asks in url mode: to open `url` if given (answered at once), else a page of its own whose opening completes the elicitation',
    inputSchema: { url: z.string().optional(), message: z.string().optional() },
  },
  async (args, extra) => {
    const elicitationId = `e${++elicitations}`
    const own = args.url === undefined ? await pageServer() : undefined
    const url = own ? `http://127.0.0.1:${own.port}/finish?e=${elicitationId}` : (args.url ?? '')
    const completed = new Promise<void>((resolve) => own?.opened.set(elicitationId, resolve))
    try {
      const result = await server.server.request(
        {
          method: 'elicitation/create',
          params: { mode: 'url', message: args.message ?? 'Open this page', elicitationId, url },
        },
        ElicitResultSchema,
        { relatedRequestId: extra.requestId, timeout: 600_000 },
      )
      events.push(`${elicitationId}: ${describe(result)}`)
      if (!own || result.action !== 'accept') return text(describe(result))
      await completed
      await server.server.notification({
        method: 'notifications/elicitation/complete',
        params: { elicitationId },
      })
      return text(`${describe(result)}, then the page was opened`)
    } catch (caught) {
      return text(describe(caught))
    }
  },
)

server.registerTool(
  'ask_then_withdraw',
  { description: 'Asks, and withdraws the question when `withdraw` is called', inputSchema: {} },
  async (_args, extra) => {
    pendingWithdraw = new AbortController()
    return text(
      await ask('withdrawn', nameField, {
        relatedRequestId: extra.requestId,
        signal: pendingWithdraw.signal,
      }),
    )
  },
)

server.registerTool(
  'withdraw',
  { description: 'Withdraws the pending question', inputSchema: {} },
  async () => {
    pendingWithdraw?.abort(new Error('the server withdrew the question'))
    return text('withdrawn')
  },
)

let release: (() => void) | undefined

server.registerTool(
  'ask_and_return',
  {
    description: 'Asks without waiting for the answer; returns when `release` is called',
    inputSchema: {},
  },
  async (_args, extra) => {
    void ask('unawaited', nameField, { relatedRequestId: extra.requestId })
    await new Promise<void>((resolve) => (release = resolve))
    return text('returned before the answer')
  },
)

server.registerTool(
  'release',
  { description: 'Lets `ask_and_return` return', inputSchema: {} },
  async () => {
    release?.()
    return text('released')
  },
)

server.registerTool(
  'hang',
  { description: 'Never answers until cancelled', inputSchema: {} },
  async (_args, extra) => {
    watchCancel('hang', extra.signal)
    events.push('hang started')
    await new Promise<void>((resolve) => extra.signal.addEventListener('abort', () => resolve()))
    return text('cancelled')
  },
)

server.registerTool(
  'ask_later',
  { description: 'Returns, then asks a moment later (no call in flight)', inputSchema: {} },
  async () => {
    setTimeout(() => void ask('late', nameField, { relatedRequestId: 0 }), 50)
    return text('will ask later')
  },
)

server.registerTool(
  'crash',
  { description: 'Exits the process at once', inputSchema: {} },
  async () => {
    process.stderr.write('scripted server: crashing on purpose\n')
    process.exit(3)
  },
)

server.registerTool(
  'echo',
  {
    description: 'Echoes its input',
    inputSchema: { message: z.string() },
    annotations: { readOnlyHint: true },
  },
  async ({ message }) => text(`echo: ${message}`),
)

server.registerTool(
  'events',
  { description: 'What the server has received so far', inputSchema: {} },
  async () => text(JSON.stringify(events)),
)

await server.connect(new StdioServerTransport())
