import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { parseCleanLog } from '../src/main/runtime/sessions/testing/clean-log'

/** A log record with its fields open to assertions (the records are checked when parsed). */
export type LogRecord = { type: string; [key: string]: unknown }

/** Every session log in the data folder, parsed as Parley parses it, keyed by session id. */
export async function readSessionLogs(dataDir: string): Promise<Map<string, LogRecord[]>> {
  const dir = join(dataDir, 'sessions')
  const logs = new Map<string, LogRecord[]>()
  for (const name of await readdir(dir)) {
    if (!name.endsWith('.jsonl')) continue
    const records: LogRecord[] = parseCleanLog(await readFile(join(dir, name)))
    logs.set(name.slice(0, -'.jsonl'.length), records)
  }
  return logs
}

/** The log of the only session in the data folder. */
export async function readOnlySessionLog(dataDir: string): Promise<LogRecord[]> {
  const logs = await readSessionLogs(dataDir)
  if (logs.size !== 1) throw new Error(`expected one session log, found ${logs.size}`)
  return [...logs.values()][0] as LogRecord[]
}

/** The only session's log once its latest turn has ended (the UI can show text a moment sooner). */
export async function readEndedSessionLog(
  dataDir: string,
  timeoutMs = 10_000,
): Promise<LogRecord[]> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    // A record being written is torn for a moment: read again.
    const log = await readOnlySessionLog(dataDir).catch(() => [] as LogRecord[])
    if (log.at(-1)?.type === 'turn_end') return log
    if (Date.now() > deadline)
      throw new Error(`no turn_end at the end of the log: ${JSON.stringify(log.at(-1))}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}
