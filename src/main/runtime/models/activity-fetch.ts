/**
 * A fetch that reports every chunk of bytes a response delivers, so the stream watchdog counts SSE
 * keep-alive comments (`: PROCESSING`, which produce no stream part) as a server that is alive.
 */
export function activityFetch(
  base: typeof globalThis.fetch,
  onActivity: () => void,
): typeof globalThis.fetch {
  return async (input, init) => {
    const response = await base(input, init)
    onActivity()
    if (!response.body) return response
    const body = response.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          onActivity()
          controller.enqueue(chunk)
        },
      }),
    )
    return new Response(body, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    })
  }
}
