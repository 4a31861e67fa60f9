import { createServer, type Server } from 'node:http'

/** What the next chat completion streams back. */
export type Reply = {
  text: string
  /** Characters per SSE event (a token is a few characters). */
  chunk: number
  /** Pause between events (ms); 0 streams as fast as the socket takes it. */
  everyMs: number
  /** Instead of a pause after each event: this many events a second, on a fixed schedule. */
  perSecond?: number
}

/** A local OpenAI-compatible server streaming scripted replies, and when it finished writing each. */
export type FakeOpenAI = {
  baseUrl: string
  next(reply: Reply): void
  /** Epoch ms at which the last reply's last byte was handed to the socket. */
  finishedAt(): number
  /** Epoch ms (sub-millisecond) at which the last reply's last text was handed to the socket. */
  lastTextAt(): number
  close(): Promise<void>
}

const event = (delta: object, finish: string | null = null) =>
  `data: ${JSON.stringify({
    id: 'bench',
    object: 'chat.completion.chunk',
    created: 1,
    model: 'bench',
    choices: [{ index: 0, delta, finish_reason: finish }],
  })}\n\n`

function sse(text: string, chunk: number): string[] {
  const events = [event({ role: 'assistant', content: '' })]
  for (let i = 0; i < text.length; i += chunk)
    events.push(event({ content: text.slice(i, i + chunk) }))
  events.push(event({}, 'stop'), 'data: [DONE]\n\n')
  return events
}

/** Listens on 127.0.0.1 only; bounded: one reply per request, nothing else is served. */
export async function startFakeOpenAI(): Promise<FakeOpenAI> {
  const queue: Reply[] = []
  let finished = 0
  let lastText = 0
  const epochNow = () => performance.timeOrigin + performance.now()
  const server: Server = createServer((request, response) => {
    request.resume()
    request.on('end', () => {
      if (!request.url?.endsWith('/chat/completions')) {
        response.writeHead(404).end()
        return
      }
      const reply = queue.shift() ?? { text: 'Nothing scripted.', chunk: 8, everyMs: 0 }
      // Any origin may read it: the peer pages of `npm run bench:peers` fetch it themselves.
      response.writeHead(200, {
        'Content-Type': 'text/event-stream',
        'Cache-Control': 'no-cache',
        'Access-Control-Allow-Origin': '*',
      })
      const events = sse(reply.text, reply.chunk)
      // The finish event and [DONE] follow the last text event.
      const lastTextEvent = events.length - 3
      let i = 0
      const startedAt = performance.now()
      const write = (from: number, to: number) => {
        const ok = response.write(events.slice(from, to).join(''))
        if (from <= lastTextEvent && lastTextEvent < to) lastText = epochNow()
        return ok
      }
      const pump = () => {
        if (reply.perSecond !== undefined) {
          write(i, i + 1)
          i++
          if (i < events.length) {
            const due = startedAt + (i * 1000) / reply.perSecond
            setTimeout(pump, Math.max(0, due - performance.now()))
          } else {
            finished = Date.now()
            response.end()
          }
          return
        }
        if (reply.everyMs > 0) {
          write(i, i + 1)
          i++
          if (i < events.length) setTimeout(pump, reply.everyMs)
          else {
            finished = Date.now()
            response.end()
          }
          return
        }
        // As fast as the socket takes it: large writes, respecting backpressure.
        while (i < events.length) {
          const from = i
          i += 400
          if (!write(from, i)) {
            response.once('drain', pump)
            return
          }
        }
        finished = Date.now()
        response.end()
      }
      pump()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    next: (reply) => queue.push(reply),
    finishedAt: () => finished,
    lastTextAt: () => lastText,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
