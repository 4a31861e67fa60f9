import { loadavg } from 'node:os'
import { resolve } from 'node:path'
import { test, expect, type Browser, type Page } from '@playwright/test'
import { createFolders, startParleyServer } from '../e2e/parley-server'
import { startFakeOpenAI, type FakeOpenAI, type Reply } from './fake-openai-server'
import { droppedFrames, median, painted, probe, send, turnEnds, waitPainted } from './page-helpers'
import { PAGE_PROBES } from './page-probes'
import { printPeerTable, type PeerRow } from './peer-report'
import { serveFolder } from './static-server'
import { END_MARKER, lineReply, mixedMarkdown } from './stress-reply'

/**
 * `npm run bench:peers`: the same reply from one local OpenAI-compatible server, streamed to
 * Parley's page through `parley serve` and to a minimal page that renders the stream itself with
 * streamdown or react-markdown (bench/peer-page), in the same Chromium, the three taking turns
 * run by run. The clock starts when the server hands the reply's last text to its socket and stops
 * at the first frame after the page shows the reply's last words with the view at its end (the
 * page probes: a frame callback, then a task after that frame).
 */
test.describe.configure({ mode: 'serial' })

const PACED_RUNS = 5
const FULL_RUNS = 3
const FRAME_WINDOW_MS = 3_000

type Figures = {
  /** Server's last text → last words painted. */
  lastByte: number
  /** The page's own share: last text reaching the page's handlers → painted. */
  inPage: number
  longestTask: number
  dropped: number
}
type Contestant = { name: string; run: (reply: Reply) => Promise<Figures> }

const rows: PeerRow[] = []
const cleanups: Array<() => Promise<void>> = []
const load: number[][] = []
let openai: FakeOpenAI
let contestants: Contestant[] = []

test.beforeAll(async ({ browser }) => {
  load.push(loadavg())
  openai = await startFakeOpenAI()
  cleanups.push(() => openai.close())
  const where = await createFolders()
  cleanups.push(() => where.remove())
  const server = await startParleyServer(null, where, {
    OPENAI_BASE_URL: openai.baseUrl,
    OPENAI_API_KEY: 'bench-key',
    PARLEY_MODEL: 'bench',
  })
  cleanups.push(async () => void (await server.stop()))
  const peers = await serveFolder(resolve('out/bench-peers'))
  cleanups.push(() => peers.close())
  const parley = await openPage(browser, server.url)
  await expect(parley.getByRole('textbox', { name: 'Message' })).toBeVisible()
  contestants = [
    { name: 'Parley', run: (reply) => parleyRun(parley, reply) },
    ...(['streamdown', 'react-markdown'] as const).map((renderer) => ({
      name: renderer,
      run: async (reply: Reply) =>
        peerRun(await peerPage(browser, `${peers.url}?renderer=${renderer}`), reply),
    })),
  ]
})

test.afterAll(async () => {
  load.push(loadavg())
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined)
  printPeerTable(rows, load)
})

async function openPage(browser: Browser, url: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  cleanups.push(() => context.close())
  await context.addInitScript(PAGE_PROBES)
  const page = await context.newPage()
  await page.goto(url)
  return page
}

const peerPages = new Map<string, Page>()
async function peerPage(browser: Browser, url: string): Promise<Page> {
  const known = peerPages.get(url)
  if (known) return known
  const page = await openPage(browser, url)
  await page.waitForFunction('window.__peer !== undefined')
  peerPages.set(url, page)
  return page
}

async function watch(page: Page): Promise<number> {
  await probe(page, `watchPaint('last', { text: ${JSON.stringify(END_MARKER)}, atEnd: true })`)
  await probe(page, 'startFrames()')
  return probe<number>(page, 'now()')
}

async function figures(page: Page, startedAt: number, arrived: number): Promise<Figures> {
  const shown = await painted(page, 'last')
  const shownEpoch = await probe<number>(page, `epoch(${shown})`)
  const times = await probe<number[]>(page, 'frames.times')
  await probe(page, 'stopFrames()')
  const tasks = await probe<Array<{ start: number; duration: number }>>(page, 'longTasks')
  const during = tasks.filter((task) => task.start >= startedAt && task.start <= shown)
  return {
    lastByte: shownEpoch - openai.lastTextAt(),
    inPage: shown - arrived,
    longestTask: Math.max(0, ...during.map((task) => task.duration)),
    dropped: droppedFrames(times, shown - FRAME_WINDOW_MS, shown),
  }
}

async function parleyRun(page: Page, reply: Reply): Promise<Figures> {
  await page.getByRole('button', { name: 'New session' }).click()
  await expect(page.getByText('What should we work on?')).toBeVisible()
  openai.next(reply)
  const startedAt = await watch(page)
  await send(page, 'Write the reply')
  await waitPainted(page, 'last')
  const result = await figures(page, startedAt, await probe<number>(page, 'lastDeltaAt'))
  await turnEnds(page, END_MARKER)
  return result
}

async function peerRun(page: Page, reply: Reply): Promise<Figures> {
  openai.next(reply)
  const startedAt = await watch(page)
  const finishedBefore = openai.finishedAt()
  await page.evaluate(
    `window.__peer.start(${JSON.stringify(`${openai.baseUrl}/chat/completions`)})`,
  )
  // Under load a peer's 2 MB run has taken minutes.
  await waitPainted(page, 'last', 600_000)
  const result = await figures(
    page,
    startedAt,
    Number(await page.evaluate('window.__peer.lastTextAt')),
  )
  await expect.poll(() => openai.finishedAt() !== finishedBefore).toBe(true)
  return result
}

/** Runs every contestant `runs` times (after one warm-up each), the order turning each run. */
async function alternate(reply: () => Reply, runs: number): Promise<Map<string, Figures[]>> {
  const results = new Map<string, Figures[]>(contestants.map((c) => [c.name, []]))
  for (let run = 0; run <= runs; run++) {
    const order = contestants.map(
      (_, i) => contestants[(i + run) % contestants.length] as Contestant,
    )
    for (const contestant of order) {
      const measured = await contestant.run(reply())
      // The first round warms each page up (code paths, grammars) and is not counted.
      if (run > 0) results.get(contestant.name)?.push(measured)
      await new Promise((done) => setTimeout(done, 300))
    }
  }
  return results
}

function addRows(
  label: string,
  results: Map<string, Figures[]>,
  measures: Array<{ what: string; of: (f: Figures) => number; unit: string; goal?: false }>,
) {
  for (const measure of measures) {
    const medians = new Map(
      [...results].map(([name, list]) => [name, median(list.map(measure.of))]),
    )
    rows.push({
      measure: `${label}: ${measure.what}`,
      unit: measure.unit,
      medians,
      goal: measure.goal ?? true,
    })
  }
}

test('a 2 MB code-heavy reply at full speed', async () => {
  test.setTimeout(900_000)
  // Code in eight languages and a table in every section, 300-character deltas, no pauses.
  const text = mixedMarkdown(2_000_000)
  const results = await alternate(() => ({ text, chunk: 300, everyMs: 0 }), FULL_RUNS)
  addRows('2 MB code-heavy reply at full speed', results, [
    { what: 'last byte → last words painted', of: (f) => f.lastByte, unit: 'ms' },
    { what: 'of it, in the page', of: (f) => f.inPage, unit: 'ms', goal: false },
    { what: 'longest main-thread task', of: (f) => f.longestTask, unit: 'ms' },
  ])
})

test('a paced 100-line reply at 60 deltas a second', async () => {
  test.setTimeout(900_000)
  // 4.7 KB in 16-character deltas: about 290 deltas, 5 s.
  const text = lineReply(100)
  const results = await alternate(
    () => ({ text, chunk: 16, everyMs: 0, perSecond: 60 }),
    PACED_RUNS,
  )
  addRows('paced 100-line reply (60 deltas/s)', results, [
    { what: 'last byte → last words painted', of: (f) => f.lastByte, unit: 'ms' },
    { what: 'of it, in the page', of: (f) => f.inPage, unit: 'ms', goal: false },
    {
      what: `dropped frames in the last ${FRAME_WINDOW_MS / 1000} s`,
      of: (f) => f.dropped,
      unit: '',
    },
    { what: 'longest main-thread task', of: (f) => f.longestTask, unit: 'ms', goal: false },
  ])
})
