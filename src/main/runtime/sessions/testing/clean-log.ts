import { readFileSync } from 'node:fs'
import type { SessionEvent } from '../../../../shared/session-events'
import { parseSessionLog } from '../session-log'

/**
 * A session log (or the records `parley run --json` prints) read the way Parley reads it, with
 * `parseSessionLog`. Parley skips a malformed or torn record with a notice; in a test that is a
 * failure, so it throws instead.
 */
export function parseCleanLog(content: string | Buffer): SessionEvent[] {
  const { events, notices } = parseSessionLog(
    typeof content === 'string' ? Buffer.from(content) : content,
  )
  if (notices.length > 0)
    throw new Error(`the log is damaged: ${notices.map((n) => n.message).join('; ')}`)
  return events
}

/** The session log at `path`, read as `parseCleanLog` reads it. */
export function readCleanLog(path: string): SessionEvent[] {
  return parseCleanLog(readFileSync(path))
}
