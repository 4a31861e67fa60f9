import { describe, expect, it } from 'vitest'
import { RESULT_LIMITS, toToolOutcome } from './tool-result'

const png = (bytes: number) => Buffer.alloc(bytes, 7).toString('base64')

describe('an MCP tool result as Parley’s tool result', () => {
  it('keeps text, a small image, links and embedded text; describes audio and binary resources', () => {
    const small = png(300)
    const outcome = toToolOutcome({
      content: [
        { type: 'text', text: 'hello' },
        { type: 'image', data: small, mimeType: 'image/png' },
        { type: 'audio', data: png(5_000), mimeType: 'audio/wav' },
        { type: 'resource_link', uri: 'file:///a.txt', name: 'a.txt', mimeType: 'text/plain' },
        { type: 'resource', resource: { uri: 'file:///b.txt', text: 'inside' } },
        { type: 'resource', resource: { uri: 'file:///c.bin', blob: png(12), mimeType: 'x/bin' } },
      ],
      structuredContent: { ok: true, count: 2 },
    })
    expect(outcome).toEqual({
      isError: false,
      output: {
        content: [
          { type: 'text', text: 'hello' },
          { type: 'image', mimeType: 'image/png', bytes: 300, data: small },
          { type: 'audio', mimeType: 'audio/wav', bytes: 5_000 },
          { type: 'resource_link', uri: 'file:///a.txt', name: 'a.txt', mimeType: 'text/plain' },
          { type: 'resource', uri: 'file:///b.txt', text: 'inside' },
          { type: 'resource', uri: 'file:///c.bin', mimeType: 'x/bin', bytes: 12 },
        ],
        structuredContent: { ok: true, count: 2 },
      },
    })
  })

  it('never stores a large image in the log: it is described by size, with a note', () => {
    const outcome = toToolOutcome({
      content: [{ type: 'image', data: png(3 * 1024 * 1024), mimeType: 'image/jpeg' }],
    })
    expect(outcome.output).toEqual({
      content: [{ type: 'image', mimeType: 'image/jpeg', bytes: 3 * 1024 * 1024 }],
      notes: [
        'image 1 (image/jpeg, 3.0 MB) was not kept: images over 32.0 KB are described, not stored',
      ],
    })
    expect(JSON.stringify(outcome.output).length).toBeLessThan(500)
  })

  it('keeps small images only up to a total, so many of them cannot fill the log', () => {
    const image = { type: 'image' as const, data: png(20_000), mimeType: 'image/png' }
    const outcome = toToolOutcome({ content: Array.from({ length: 10 }, () => image) })
    const kept = (outcome.output as { content: Array<{ data?: string }> }).content.filter(
      (item) => item.data !== undefined,
    )
    expect(kept.length).toBe(2)
    expect(JSON.stringify(outcome.output).length).toBeLessThan(
      RESULT_LIMITS.imagesBase64Total + 2_000,
    )
  })

  it('cuts text past the budget and says how much was cut', () => {
    const outcome = toToolOutcome({
      content: [
        { type: 'text', text: 'x'.repeat(RESULT_LIMITS.textChars - 10) },
        { type: 'text', text: 'y'.repeat(100) },
      ],
    })
    const [, second] = (outcome.output as { content: Array<{ text: string }> }).content
    expect(second?.text).toBe(
      `${'y'.repeat(10)}\n…[90 more characters cut: the result was longer than ${RESULT_LIMITS.textChars} characters]`,
    )
  })

  it('leaves out oversized structured content and surplus items, with notes', () => {
    const outcome = toToolOutcome({
      content: Array.from({ length: 150 }, (_, i) => ({ type: 'text' as const, text: `${i}` })),
      structuredContent: { blob: 'z'.repeat(RESULT_LIMITS.structuredBytes) },
    })
    const output = outcome.output as {
      content: unknown[]
      notes: string[]
      structuredContent?: unknown
    }
    expect(output.content).toHaveLength(RESULT_LIMITS.items)
    expect(output.structuredContent).toBeUndefined()
    expect(output.notes).toEqual([
      '50 more content items were left out (limit 100)',
      'structured content of 16.0 KB was left out (limit 16.0 KB)',
    ])
  })

  it('turns isError into an error result carrying the server’s text', () => {
    expect(
      toToolOutcome({
        isError: true,
        content: [
          { type: 'text', text: 'Repository not found' },
          { type: 'text', text: 'Check the owner name' },
        ],
      }),
    ).toEqual({
      isError: true,
      output: { error: 'Repository not found\nCheck the owner name' },
    })
    expect(toToolOutcome({ isError: true, content: [] })).toEqual({
      isError: true,
      output: { error: 'the tool reported an error without a message' },
    })
  })
})
