import { APICallError } from 'ai'
import { describe, expect, it } from 'vitest'
import { retryAfterMs } from './error-causes'
import { describeModelError } from './model-errors'
import { afterRetries, retryDelayMs, RETRY_POLICY } from './model-retry'

const url = 'http://127.0.0.1:1234/v1/chat/completions'
const apiError = (statusCode: number, body: string, headers: Record<string, string> = {}) =>
  new APICallError({
    message: 'x',
    url,
    requestBodyValues: {},
    statusCode,
    responseHeaders: headers,
    responseBody: body,
    isRetryable: statusCode === 429 || statusCode >= 500,
  })

describe('Retry-After', () => {
  it('is read as milliseconds, seconds or an HTTP date', () => {
    expect(retryAfterMs({ 'retry-after-ms': '1500' })).toBe(1500)
    expect(retryAfterMs({ 'retry-after': '7' })).toBe(7000)
    expect(retryAfterMs({ 'retry-after': 'Thu, 01 Jan 1970 00:00:10 GMT' }, 4_000)).toBe(6_000)
    expect(retryAfterMs({ 'retry-after': 'soon' })).toBeUndefined()
    expect(retryAfterMs(undefined)).toBeUndefined()
  })

  it('a server asking for longer than a minute is not waited for, and the person is told', () => {
    const failure = describeModelError(apiError(429, '{}', { 'retry-after': '3600' }))
    expect(retryDelayMs(failure, 1)).toBeUndefined()
    expect(afterRetries(failure, 1).message).toBe(
      'Rate limited by 127.0.0.1:1234 (HTTP 429); it asks to wait 3600 s. Wait a minute, then press Retry.',
    )
  })

  it('otherwise retries wait 2, 4 and 8 s, and stop after the last attempt', () => {
    const failure = describeModelError(apiError(503, ''))
    expect([1, 2, 3, 4].map((attempt) => retryDelayMs(failure, attempt))).toEqual([
      2_000,
      4_000,
      8_000,
      undefined,
    ])
    expect(RETRY_POLICY.maxAttempts).toBe(4)
  })
})

describe('describeModelError', () => {
  it('takes the server’s own words from its JSON body, never the JSON itself', () => {
    const failure = describeModelError(
      apiError(
        404,
        '{"error":{"message":"model \\"llama9\\" not found","type":"invalid_request_error"}}',
      ),
    )
    expect(failure).toMatchObject({ kind: 'request', retryable: false })
    expect(failure.message).toBe(
      '127.0.0.1:1234 has no such model or endpoint (HTTP 404: "model "llama9" not found"). Check the model name and the base URL in Settings.',
    )
    expect(failure.detail).toContain('HTTP 404')
    expect(failure.detail).toContain('response: {"error"')
  })

  it('an HTML error page stays in the detail', () => {
    const failure = describeModelError(apiError(502, '<html>Bad gateway</html>'))
    expect(failure).toMatchObject({ kind: 'server', retryable: true })
    expect(failure.message).not.toContain('<html>')
    expect(failure.detail).toContain('<html>Bad gateway</html>')
  })

  it('a host that does not resolve: check the base URL', () => {
    const cause = Object.assign(new Error('getaddrinfo ENOTFOUND nowhere.invalid'), {
      code: 'ENOTFOUND',
    })
    const failure = describeModelError(
      new APICallError({
        message: 'Cannot connect to API: getaddrinfo ENOTFOUND nowhere.invalid',
        url: 'https://nowhere.invalid/v1/messages',
        requestBodyValues: {},
        cause,
        isRetryable: true,
      }),
    )
    expect(failure).toMatchObject({ kind: 'network' })
    expect(failure.message).toBe(
      "Can't find https://nowhere.invalid. Check the base URL in Settings and your network.",
    )
    expect(failure.detail).toContain(
      'caused by Error: getaddrinfo ENOTFOUND nowhere.invalid (ENOTFOUND)',
    )
  })

  it('an error the server sent inside the stream (Anthropic’s overloaded_error)', () => {
    const failure = describeModelError({ type: 'overloaded_error', message: 'Overloaded' })
    expect(failure).toMatchObject({ kind: 'server', retryable: true })
    expect(failure.message).toBe(
      'The server reported an error of its own (overloaded_error: "Overloaded"). Press Retry in a moment.',
    )
  })

  it('anything else keeps its message without an SDK prefix', () => {
    const failure = describeModelError(new Error('the turn reached the limit of 50 model steps'))
    expect(failure).toMatchObject({
      kind: 'other',
      message: 'the turn reached the limit of 50 model steps',
    })
  })
})
