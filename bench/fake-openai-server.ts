import { createServer, type Server } from 'node:http'

/** What the next chat completion streams back. */
export type Reply = {
  text: string
  /** Characters per SSE event (a token is a few characters). */
  chunk: number
  /** Pause between events (ms); 0 streams as fast as the socket takes it. */
  everyMs: number
}

/** A local OpenAI-compatible server streaming scripted replies, and when it finished writing each. */
export type FakeOpenAI = {
  baseUrl: string
  next(reply: Reply): void
  /** Epoch ms at which the last reply's last byte was handed to the socket. */
  finishedAt(): number
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
  const server: Server = createServer((request, response) => {
    request.resume()
    request.on('end', () => {
      if (!request.url?.endsWith('/chat/completions')) {
        response.writeHead(404).end()
        return
      }
      const reply = queue.shift() ?? { text: 'Nothing scripted.', chunk: 8, everyMs: 0 }
      response.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' })
      const events = sse(reply.text, reply.chunk)
      let i = 0
      const pump = () => {
        if (reply.everyMs > 0) {
          response.write(events[i++] as string)
          if (i < events.length) setTimeout(pump, reply.everyMs)
          else {
            finished = Date.now()
            response.end()
          }
          return
        }
        // As fast as the socket takes it: large writes, respecting backpressure.
        while (i < events.length) {
          const batch = events.slice(i, i + 400).join('')
          i += 400
          if (!response.write(batch)) {
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
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
