import { generateText } from 'ai'
import type { BridgeOutput } from '../../../shared/bridge'
import type { ModelBackend } from './model-backend'
import { describeModelError } from './model-errors'

const CHECK_TIMEOUT_MS = 30_000

/**
 * One small request to the configured model ("reply with OK"), so a wrong key, base URL or model
 * name shows up in Settings instead of in the first turn. Says how it went in plain words.
 */
export async function checkConnection(
  backend: ModelBackend,
  timeoutMs = CHECK_TIMEOUT_MS,
): Promise<BridgeOutput<'testConnection'>> {
  if (backend.fake)
    return { ok: true, message: `${backend.label}: nothing to connect to, it runs in Parley.` }
  const timeout = AbortSignal.timeout(timeoutMs)
  try {
    await generateText({
      model: await backend.create({ mode: 'explore' }),
      prompt: 'Reply with the single word OK.',
      maxRetries: 0,
      abortSignal: timeout,
    })
    return { ok: true, message: `Connected: ${backend.label} answered.` }
  } catch (error) {
    if (timeout.aborted)
      return {
        ok: false,
        reason: 'failed',
        message: `${backend.label} did not answer within ${timeoutMs / 1000} s. Is the server busy loading the model? Try again in a moment.`,
      }
    return { ok: false, reason: 'failed', message: describeModelError(error).message }
  }
}
