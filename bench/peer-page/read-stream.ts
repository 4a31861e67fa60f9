/** Text deltas of an OpenAI-compatible SSE stream, as a chat page reads them with fetch. */
export async function readTextDeltas(url: string, onText: (text: string) => void): Promise<void> {
  // A plain GET: a simple cross-origin request, no preflight for the bench's one-reply server.
  const response = await fetch(url)
  if (!response.body) throw new Error('the stream has no body')
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader()
  let buffer = ''
  for (;;) {
    const { done, value } = await reader.read()
    if (done) return
    buffer += value
    const events = buffer.split('\n\n')
    buffer = events.pop() ?? ''
    let text = ''
    for (const event of events) {
      const data = event.startsWith('data: ') ? event.slice(6) : ''
      if (data === '' || data === '[DONE]') continue
      const parsed = JSON.parse(data) as { choices?: Array<{ delta?: { content?: string } }> }
      text += parsed.choices?.[0]?.delta?.content ?? ''
    }
    if (text !== '') onText(text)
  }
}
