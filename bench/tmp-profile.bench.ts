import { test, expect } from '@playwright/test'
import { createFolders, startParleyServer } from '../e2e/parley-server'
import { startFakeOpenAI } from './fake-openai-server'
import { PAGE_PROBES } from './page-probes'
import { END_MARKER, mixedMarkdown } from './stress-reply'

type Node = {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number }
  children?: number[]
}
test('profile long tasks', async ({ context }) => {
  const where = await createFolders()
  const openai = await startFakeOpenAI()
  const server = await startParleyServer(null, where, {
    OPENAI_BASE_URL: openai.baseUrl,
    OPENAI_API_KEY: 'k',
    PARLEY_MODEL: 'b',
  })
  await context.addInitScript(PAGE_PROBES)
  const page = await context.newPage()
  await page.goto(server.url)
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeVisible()
  const cdp = await context.newCDPSession(page)
  await cdp.send('Profiler.enable')
  await cdp.send('Profiler.setSamplingInterval', { interval: 250 })
  await cdp.send('Profiler.start')
  const markerAt = (await page.evaluate(
    `(function syncMarker() { const t = performance.now(); while (performance.now() - t < 20) {} return t })()`,
  )) as number
  openai.next({ text: mixedMarkdown(2_000_000), chunk: 24, everyMs: 0 })
  await page.evaluate(`window.__probe.watchPaint('last', { text: ${JSON.stringify(END_MARKER)} })`)
  await page.getByRole('textbox', { name: 'Message' }).fill('go')
  await page.getByRole('textbox', { name: 'Message' }).press('Enter')
  for (let i = 0; i < 600; i++) {
    if (await page.evaluate('window.__probe.painted.last !== undefined')) break
    await page.waitForTimeout(100)
  }
  const { profile } = (await cdp.send('Profiler.stop')) as {
    profile: { nodes: Node[]; samples: number[]; timeDeltas: number[]; startTime: number }
  }
  const tasks = (await page.evaluate('window.__probe.longTasks')) as Array<{
    start: number
    duration: number
  }>
  const origin = (await page.evaluate('performance.timeOrigin')) as number
  console.log('long tasks', tasks.length, tasks.map((t) => t.duration.toFixed(0)).join(' '))
  // Profile timestamps are in µs of a monotonic clock; map via the first sample ≈ profile.startTime.
  const byId = new Map(profile.nodes.map((n) => [n.id, n]))
  const parent = new Map<number, number>()
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id)
  const self = new Map<string, number>()
  const total = new Map<string, number>()
  const startPerf = (await page.evaluate('performance.now()')) as number
  void origin
  void startPerf
  // Find the marker's first sample to map profile time (µs) to performance.now() (ms).
  let acc = profile.startTime
  let offset = 0
  const times: number[] = []
  profile.samples.forEach((id, i) => {
    acc += profile.timeDeltas[i] ?? 0
    times.push(acc)
    if (!offset && byId.get(id)!.callFrame.functionName === 'syncMarker')
      offset = acc / 1000 - markerAt
  })
  const inLong = (ms: number) =>
    tasks.some((task) => ms >= task.start && ms <= task.start + task.duration)
  profile.samples.forEach((id, i) => {
    const d = (profile.timeDeltas[i] ?? 0) / 1000
    if (!inLong((times[i] ?? 0) / 1000 - offset)) return
    const n = byId.get(id)!
    const key = `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').pop()}:${n.callFrame.lineNumber}`
    self.set(key, (self.get(key) ?? 0) + d)
    const seen = new Set<string>()
    for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
      const c = byId.get(cur)!
      const k = `${c.callFrame.functionName || '(anon)'} ${c.callFrame.url.split('/').pop()}:${c.callFrame.lineNumber}`
      if (seen.has(k)) continue
      seen.add(k)
      total.set(k, (total.get(k) ?? 0) + d)
    }
  })
  console.log('offset found', offset !== 0)
  console.log(
    'SELF\n' +
      [...self]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 15)
        .map(([k, v]) => `${v.toFixed(0).padStart(6)} ${k}`)
        .join('\n'),
  )
  console.log(
    'TOTAL\n' +
      [...total]
        .filter(([k]) => k.includes('index-'))
        .sort((a, b) => b[1] - a[1])
        .slice(0, 40)
        .map(([k, v]) => `${v.toFixed(0).padStart(6)} ${k}`)
        .join('\n'),
  )
  await server.stop()
  await openai.close()
  await where.remove()
})
