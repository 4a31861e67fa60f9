/**
 * The terminal side of `npm run bench:peers`: `parley tui` beside Claude Code's and Codex's own
 * terminal UIs, each in a real terminal (tmux, 120×40), against one local mock model that streams
 * the same 12 KB markdown reply at the same pace to each (OpenAI Chat Completions for Parley,
 * Anthropic Messages for Claude Code, OpenAI Responses for Codex). Runs alternate (Parley, Claude
 * Code, Codex, Parley, …). Per run: the bytes the terminal received for the turn (tmux
 * pipe-pane, from Enter until the reply's last line is on screen and the turn is over), the CPU
 * seconds the client's processes used meanwhile (/proc), and launch → the prompt accepts a turn
 * (spawn until the client's message box is on screen). Prints medians, ratios and goals.
 *
 * Usage: npx jiti bench/terminal-peers.ts [--runs N] [--only parley,claude,codex] [--explore NAME]
 * The peers come from `node scripts/test-agents.mjs --install-only` (node_modules/.cache); a
 * peer that is not installed or cannot run here is reported with the reason.
 */
import { execFileSync } from 'node:child_process'
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { loadavg, tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { END_MARKER, mixedMarkdown } from './stress-reply'

const ROOT = resolve(__dirname, '..')
const COLUMNS = 120
const ROWS = 40
const PROMPT = 'write the terminal bench reply'
const REPLY = mixedMarkdown(12_000)
const CHUNK = 60
const EVERY_MS = 10
const AGENTS_CACHE = join(ROOT, 'node_modules', '.cache')
const args = process.argv.slice(2)
const flag = (name: string) => {
  const i = args.indexOf(name)
  return i >= 0 ? args[i + 1] : undefined
}
const RUNS = Number(flag('--runs') ?? 3)

// ── the mock model ──
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const chunks = (text: string) => {
  const out: string[] = []
  for (let i = 0; i < text.length; i += CHUNK) out.push(text.slice(i, i + CHUNK))
  return out
}
const sse = (res: ServerResponse) => {
  res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' })
  return (event: string | null, data: unknown) =>
    res.write(
      `${event ? `event: ${event}\n` : ''}data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`,
    )
}
const requests: string[] = []

async function openaiChat(res: ServerResponse, text: string) {
  const send = sse(res)
  const base = { id: 'bench', object: 'chat.completion.chunk', created: 1, model: 'bench' }
  send(null, {
    ...base,
    choices: [{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }],
  })
  for (const piece of chunks(text)) {
    send(null, { ...base, choices: [{ index: 0, delta: { content: piece }, finish_reason: null }] })
    await sleep(EVERY_MS)
  }
  send(null, { ...base, choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] })
  send(null, '[DONE]')
  res.end()
}

async function anthropicMessages(
  res: ServerResponse,
  text: string,
  stream: boolean,
  model: string,
) {
  const message = {
    id: 'msg_bench',
    type: 'message',
    role: 'assistant',
    model,
    stop_sequence: null,
  }
  const usage = { input_tokens: 20, output_tokens: Math.ceil(text.length / 4) }
  if (!stream) {
    res.writeHead(200, { 'Content-Type': 'application/json' })
    res.end(
      JSON.stringify({
        ...message,
        content: [{ type: 'text', text }],
        stop_reason: 'end_turn',
        usage,
      }),
    )
    return
  }
  const send = sse(res)
  send('message_start', {
    type: 'message_start',
    message: {
      ...message,
      content: [],
      stop_reason: null,
      usage: { input_tokens: 20, output_tokens: 1 },
    },
  })
  send('content_block_start', {
    type: 'content_block_start',
    index: 0,
    content_block: { type: 'text', text: '' },
  })
  for (const piece of chunks(text)) {
    send('content_block_delta', {
      type: 'content_block_delta',
      index: 0,
      delta: { type: 'text_delta', text: piece },
    })
    await sleep(EVERY_MS)
  }
  send('content_block_stop', { type: 'content_block_stop', index: 0 })
  send('message_delta', {
    type: 'message_delta',
    delta: { stop_reason: 'end_turn', stop_sequence: null },
    usage: { output_tokens: usage.output_tokens },
  })
  send('message_stop', { type: 'message_stop' })
  res.end()
}

async function openaiResponses(res: ServerResponse, text: string) {
  const send = sse(res)
  const response = { id: 'resp_bench', object: 'response', created_at: 1, model: 'gpt-5.4-mini' }
  const item = { id: 'msg_bench', type: 'message', role: 'assistant' }
  send('response.created', {
    type: 'response.created',
    response: { ...response, status: 'in_progress', output: [] },
  })
  send('response.output_item.added', {
    type: 'response.output_item.added',
    output_index: 0,
    item: { ...item, status: 'in_progress', content: [] },
  })
  send('response.content_part.added', {
    type: 'response.content_part.added',
    item_id: item.id,
    output_index: 0,
    content_index: 0,
    part: { type: 'output_text', text: '', annotations: [] },
  })
  for (const piece of chunks(text)) {
    send('response.output_text.delta', {
      type: 'response.output_text.delta',
      item_id: item.id,
      output_index: 0,
      content_index: 0,
      delta: piece,
    })
    await sleep(EVERY_MS)
  }
  const done = {
    ...item,
    status: 'completed',
    content: [{ type: 'output_text', text, annotations: [] }],
  }
  send('response.output_text.done', {
    type: 'response.output_text.done',
    item_id: item.id,
    output_index: 0,
    content_index: 0,
    text,
  })
  send('response.output_item.done', {
    type: 'response.output_item.done',
    output_index: 0,
    item: done,
  })
  const usage = {
    input_tokens: 20,
    input_tokens_details: { cached_tokens: 0 },
    output_tokens: 100,
    output_tokens_details: { reasoning_tokens: 0 },
    total_tokens: 120,
  }
  send('response.completed', {
    type: 'response.completed',
    response: { ...response, status: 'completed', output: [done], usage },
  })
  res.end()
}

async function startModel(): Promise<{ port: number; close: () => void }> {
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let body = ''
    req.on('data', (c: Buffer) => (body += c.toString()))
    req.on('end', () => {
      const url = req.url ?? ''
      requests.push(`${req.method} ${url} ${body.length}`)
      const asked = body.includes(PROMPT)
      let json: { stream?: boolean; model?: string } = {}
      try {
        json = JSON.parse(body || '{}')
      } catch {
        // a body that is not JSON asks for no options
      }
      // Side requests (titles, summaries, quota checks) get a short plain answer.
      const text = asked ? REPLY : 'OK'
      if (url.includes('/chat/completions')) return void openaiChat(res, text)
      if (url.includes('/messages/count_tokens')) {
        res.writeHead(200, { 'Content-Type': 'application/json' })
        return void res.end(JSON.stringify({ input_tokens: 20 }))
      }
      if (url.includes('/messages'))
        return void anthropicMessages(res, text, json.stream === true, json.model ?? 'claude')
      if (url.includes('/responses')) return void openaiResponses(res, text)
      if (url.includes('/models')) {
        res.writeHead(200, { 'Content-Type': 'application/json' })
        return void res.end(JSON.stringify({ object: 'list', data: [], models: [] }))
      }
      res.writeHead(404).end()
    })
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  return { port, close: () => server.close() }
}

// ── the terminal ──
let serverCount = 0
function tmux(socket: string, ...rest: string[]): string {
  return execFileSync('tmux', ['-L', socket, '-f', '/dev/null', ...rest], { encoding: 'utf8' })
}
const screenOf = (socket: string) => tmux(socket, 'capture-pane', '-p', '-t', 'b')

/** utime + stime of the process and its live descendants, and its reaped children's, in seconds. */
function cpuSeconds(pid: number): number {
  const tick = 100
  const seen = new Set<number>()
  let total = 0
  const walk = (p: number, top: boolean) => {
    if (seen.has(p)) return
    seen.add(p)
    let stat: string
    try {
      stat = readFileSync(`/proc/${p}/stat`, 'utf8')
    } catch {
      return
    }
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    total +=
      Number(fields[11]) + Number(fields[12]) + (top ? Number(fields[13]) + Number(fields[14]) : 0)
    for (const task of readdirSync(`/proc/${p}/task`)) {
      let children = ''
      try {
        children = readFileSync(`/proc/${p}/task/${task}/children`, 'utf8')
      } catch {
        // the process ended meanwhile
      }
      for (const c of children.trim().split(/\s+/).filter(Boolean)) walk(Number(c), false)
    }
  }
  walk(pid, true)
  return total / tick
}

type Client = {
  name: string
  /** Why it cannot run here, if it cannot. */
  missing?: string
  command: string
  env: Record<string, string>
  cwd: string
  /** On screen once the message box takes a turn. */
  ready: (screen: string) => boolean
  /** On screen while a turn runs. */
  busy: (screen: string) => boolean
  /** Keys that answer a first-run screen, if one shows. */
  firstRun?: (screen: string) => string[] | null
}

type Figures = { bytes: number; cpu: number; launchMs: number }

async function waitFor(
  socket: string,
  test: (s: string) => boolean,
  ms: number,
  what: string,
  client?: Client,
) {
  const deadline = Date.now() + ms
  for (;;) {
    const screen = screenOf(socket)
    if (test(screen)) return screen
    const keys = client?.firstRun?.(screen)
    if (keys) tmux(socket, 'send-keys', '-t', 'b', ...keys)
    if (Date.now() > deadline) throw new Error(`${what} never showed; the screen:\n${screen}`)
    await sleep(keys ? 300 : 15)
  }
}

async function runOnce(client: Client, dir: string): Promise<Figures> {
  const socket = `bench-term-${process.pid}-${serverCount++}`
  const log = join(dir, `${socket}.log`)
  writeFileSync(log, '')
  const env = Object.entries({ ...client.env, TERM: 'xterm-256color', COLORTERM: 'truecolor' })
    .map(([k, v]) => `${k}=${JSON.stringify(v)}`)
    .join(' ')
  const started = Date.now()
  tmux(
    socket,
    'new-session',
    '-d',
    '-s',
    'b',
    '-x',
    String(COLUMNS),
    '-y',
    String(ROWS),
    '-c',
    client.cwd,
    `exec env -u CI ${env} ${client.command}`,
  )
  try {
    tmux(socket, 'pipe-pane', '-o', '-t', 'b', `cat >> ${log}`)
    const pid = Number(tmux(socket, 'display', '-p', '-t', 'b', '#{pane_pid}').trim())
    const readyScreen = await waitFor(
      socket,
      client.ready,
      60_000,
      `${client.name}'s message box`,
      client,
    )
    const launchMs = Date.now() - started
    if (process.env.BENCH_SHOW_READY) console.log(readyScreen)
    await sleep(1_000)
    const bytesBefore = statSync(log).size
    const cpuBefore = cpuSeconds(pid)
    // Typed a key at a time (a burst of keys reads as a paste to some clients).
    for (const ch of PROMPT) {
      tmux(socket, 'send-keys', '-t', 'b', '-l', ch)
      await sleep(15)
    }
    await sleep(500)
    tmux(socket, 'send-keys', '-t', 'b', 'Enter')
    // A client that took the typed text as a paste may take that Enter as a new line: once more.
    try {
      await waitFor(socket, (s) => client.busy(s) || s.includes(END_MARKER), 3_000, 'the turn')
    } catch {
      tmux(socket, 'send-keys', '-t', 'b', '-H', '0d')
      await sleep(1_000)
      if (!client.busy(screenOf(socket))) tmux(socket, 'send-keys', '-t', 'b', 'C-j')
    }
    await waitFor(
      socket,
      (s) => s.includes(END_MARKER) && !client.busy(s),
      120_000,
      `${client.name}'s reply`,
    )
    // What it writes as the turn settles (the last redraws) belongs to the turn.
    await sleep(500)
    const cpu = cpuSeconds(pid) - cpuBefore
    const bytes = statSync(log).size - bytesBefore
    return { bytes, cpu, launchMs }
  } finally {
    if (process.env.BENCH_CPU_PROF) {
      // Quit as a person does, so Node writes its CPU profile.
      tmux(socket, 'send-keys', '-t', 'b', 'C-d')
      await sleep(3_000)
    }
    try {
      tmux(socket, 'kill-server')
    } catch {
      // the terminal is gone already
    }
    // A killed server can leave its socket file behind.
    rmSync(join(process.env.TMUX_TMPDIR ?? '/tmp', `tmux-${process.getuid?.() ?? 0}`, socket), {
      force: true,
    })
  }
}

function agentsDir(): string | null {
  if (!existsSync(AGENTS_CACHE)) return null
  const found = readdirSync(AGENTS_CACHE).filter((d) => d.startsWith('parley-agents-'))
  return found.length > 0 ? join(AGENTS_CACHE, found.sort().at(-1) as string, 'node_modules') : null
}

function clients(port: number, dir: string): Client[] {
  const ws = join(dir, 'ws')
  mkdirSync(ws, { recursive: true })
  const base = `http://127.0.0.1:${port}`
  const agents = agentsDir()
  const node = join(ROOT, 'node_modules', '.bin', 'node')
  const parley: Client = {
    name: 'Parley',
    command: `${existsSync(node) ? node : 'node'}${process.env.BENCH_CPU_PROF ? ` --cpu-prof --cpu-prof-dir=${process.env.BENCH_CPU_PROF}` : ''} ${join(ROOT, 'out', 'cli', 'parley.js')} tui --data-dir ${join(dir, 'parley-data')} --workspace ${ws}`,
    env: {
      OPENAI_BASE_URL: `${base}/v1`,
      OPENAI_API_KEY: 'bench-key',
      PARLEY_MODEL: 'bench',
      HOME: join(dir, 'parley-home'),
    },
    cwd: ws,
    ready: (s) => s.includes('Enter send'),
    busy: (s) => s.includes('Working…'),
  }
  if (!existsSync(join(ROOT, 'out', 'cli', 'parley.js')))
    parley.missing = 'out/cli/parley.js is not built (npm run build)'

  const claudeBin = agents && join(agents, '@anthropic-ai', 'claude-agent-sdk-linux-x64', 'claude')
  const claudeHome = join(dir, 'claude-home')
  const claudeKey = 'sk-ant-bench-0123456789abcdefghijklmnop'
  mkdirSync(join(claudeHome, '.claude'), { recursive: true })
  // First-run screens (theme, API key, folder trust) answered ahead, as a returning user has them.
  writeFileSync(
    join(claudeHome, '.claude.json'),
    JSON.stringify({
      hasCompletedOnboarding: true,
      theme: 'dark',
      numStartups: 5,
      customApiKeyResponses: { approved: [claudeKey.slice(-20)], rejected: [] },
      projects: {
        [ws]: {
          hasTrustDialogAccepted: true,
          hasCompletedProjectOnboarding: true,
          allowedTools: [],
        },
      },
    }),
  )
  const claude: Client = {
    name: 'Claude Code',
    command: `${claudeBin}`,
    env: {
      HOME: claudeHome,
      ANTHROPIC_BASE_URL: base,
      ANTHROPIC_API_KEY: claudeKey,
      CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
      DISABLE_AUTOUPDATER: '1',
      IS_SANDBOX: '1',
    },
    cwd: ws,
    ready: (s) => /for shortcuts|shift\+tab to cycle/.test(s),
    busy: (s) => /esc to interrupt/i.test(s),
    firstRun: (s) =>
      /Do you trust|trust the files/i.test(s)
        ? ['Enter']
        : /Detected a custom API key|Do you want to use this API key/i.test(s)
          ? ['Up', 'Enter']
          : /Choose the text style|Press Enter to continue|Security notes/i.test(s)
            ? ['Enter']
            : null,
  }
  if (!claudeBin || !existsSync(claudeBin))
    claude.missing = 'Claude Code is not installed (node scripts/test-agents.mjs --install-only)'

  const codexBin =
    agents &&
    join(
      agents,
      '@openai',
      'codex-linux-x64',
      'vendor',
      'x86_64-unknown-linux-musl',
      'bin',
      'codex',
    )
  const codexHome = join(dir, 'codex-home')
  mkdirSync(codexHome, { recursive: true })
  writeFileSync(
    join(codexHome, 'config.toml'),
    [
      'model = "gpt-5.4-mini"',
      'model_provider = "bench"',
      'check_for_update_on_startup = false',
      '[model_providers.bench]',
      'name = "bench"',
      `base_url = "${base}/v1"`,
      'wire_api = "responses"',
      'env_key = "BENCH_KEY"',
      'request_max_retries = 0',
      'stream_max_retries = 0',
      `[projects."${ws}"]`,
      'trust_level = "trusted"',
      '',
    ].join('\n'),
  )
  const codex: Client = {
    name: 'Codex',
    command: `${codexBin}`,
    env: { HOME: join(dir, 'codex-user'), CODEX_HOME: codexHome, BENCH_KEY: 'bench-key' },
    cwd: ws,
    // Its composer shows while the session still loads; a turn is taken once the header names the folder.
    ready: (s) => s.includes('? for shortcuts') && !/^\s+loading\s*$/m.test(s) && !/trust/i.test(s),
    busy: (s) => /esc to interrupt|Working \(/i.test(s),
    firstRun: (s) =>
      /trust|Allow Codex to work/i.test(s)
        ? ['Enter']
        : /update available|Skip/i.test(s)
          ? ['Enter']
          : null,
  }
  if (!codexBin || !existsSync(codexBin))
    codex.missing = 'Codex is not installed (node scripts/test-agents.mjs --install-only)'
  return [parley, claude, codex]
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b)
  const m = Math.floor(s.length / 2)
  return s.length % 2 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'parley-term-bench-'))
  const model = await startModel()
  const load = [loadavg()]
  const all = clients(model.port, dir)
  const only = flag('--only')?.split(',')
  const chosen = all.filter((c) => !only || only.some((o) => c.name.toLowerCase().startsWith(o)))
  const explore = flag('--explore')
  if (explore) {
    const client = chosen.find((c) => c.name.toLowerCase().startsWith(explore)) as Client
    try {
      console.log(await runOnce(client, dir))
    } catch (error) {
      console.log(String(error))
    }
    console.log(requests.join('\n'))
    model.close()
    return
  }
  const results = new Map<string, Figures[]>()
  const failed = new Map<string, string>()
  for (const c of chosen) if (c.missing) failed.set(c.name, c.missing)
  for (let run = 0; run < RUNS; run++)
    for (const client of chosen) {
      if (failed.has(client.name)) continue
      try {
        const figures = await runOnce(client, dir)
        results.set(client.name, [...(results.get(client.name) ?? []), figures])
      } catch (error) {
        failed.set(client.name, String(error).split('\n').slice(0, 12).join('\n'))
      }
    }
  load.push(loadavg())
  model.close()
  const replyBytes = Buffer.byteLength(REPLY)
  const med = (name: string, key: keyof Figures) => {
    const runs = results.get(name)
    return runs && runs.length > 0 ? median(runs.map((r) => r[key])) : null
  }
  const fmt = (v: number | null, unit: string) =>
    v === null
      ? '—'
      : unit === 'B'
        ? `${Math.round(v).toLocaleString('en-US')}`
        : unit === 's'
          ? v.toFixed(2)
          : `${Math.round(v)}`
  const ratio = (a: number | null, b: number | null) =>
    a === null || b === null || b === 0 ? null : a / b
  const yes = (r: number | null, goal: number) => (r === null ? 'n/a' : r <= goal ? 'yes' : 'no')
  console.log(
    `\nTerminal peers, ${COLUMNS}×${ROWS} under tmux, a ${replyBytes.toLocaleString('en-US')}-byte markdown reply (${CHUNK} characters every ${EVERY_MS} ms), medians of ${RUNS} alternating runs`,
  )
  console.log(
    `machine load (1/5/15 min) before ${load[0]?.map((l) => l.toFixed(2)).join(' ')}, after ${load[1]?.map((l) => l.toFixed(2)).join(' ')}\n`,
  )
  console.log(
    '| measure (medians) | Parley | Claude Code | Codex | Parley ÷ Claude Code | goal | met |',
  )
  console.log('| --- | --- | --- | --- | --- | --- | --- |')
  const row = (label: string, key: keyof Figures, unit: string, goal: number) => {
    const p = med('Parley', key)
    const c = med('Claude Code', key)
    const x = med('Codex', key)
    const r = ratio(p, c)
    console.log(
      `| ${label} | ${fmt(p, unit)} | ${fmt(c, unit)} | ${fmt(x, unit)} | ${r === null ? '—' : r.toFixed(2)} | ≤ ${goal} | ${yes(r, goal)} |`,
    )
  }
  row('bytes written for the turn', 'bytes', 'B', 0.5)
  const pb = med('Parley', 'bytes')
  console.log(
    `| same, ÷ the reply's size | ${pb === null ? '—' : (pb / replyBytes).toFixed(2)}× | ${fmt(ratio(med('Claude Code', 'bytes'), replyBytes), 's')}× | ${fmt(ratio(med('Codex', 'bytes'), replyBytes), 's')}× | | ≤ 3 (Parley) | ${yes(ratio(pb, replyBytes), 3)} |`,
  )
  row('CPU seconds during the reply', 'cpu', 's', 0.75)
  row('launch → the prompt accepts a turn (ms)', 'launchMs', 'ms', 1.0)
  for (const [name, why] of failed) console.log(`\n${name} did not run: ${why}`)
  console.log(`
Not apples to apples: each client talks its own provider's protocol to the mock (Parley OpenAI Chat
Completions, Claude Code Anthropic Messages, Codex OpenAI Responses), so the bytes on the wire differ
though the text and pace are the same; Claude Code and Codex also make side requests (titles,
quota) that the mock answers with "OK"; Parley runs its agent runtime in-process (Node), Claude Code
is a bundled native binary, Codex a Rust binary; each draws its own chrome (Parley's message box
and footer, Claude Code's prompt box, Codex's status line), and first-run screens were answered
ahead (a returning user's config), so launch is a warm start of each.`)
  rmSync(dir, { recursive: true, force: true })
}

void main()
