import {
  closeSync,
  fstatSync,
  fsyncSync,
  ftruncateSync,
  openSync,
  readFileSync,
  writeSync,
} from 'node:fs'
import { SessionEventSchema, type SessionEvent } from '../../shared/session-events'
import type { LogNotice } from '../../shared/bridge'

export interface LogReadResult {
  events: SessionEvent[]
  notices: LogNotice[]
  /** Byte length of the log up to and including its last complete line. */
  committedBytes: number
  /** Bytes after the last newline (a record torn by a crash mid-write). */
  tornBytes: number
}

/**
 * Parses a session log. Each line is one record; a line that is not valid JSON or not a known
 * record is skipped with a notice naming its byte offset, never truncating the replay. Bytes after
 * the last newline are a torn record (the one being written when the process died).
 */
export function parseSessionLog(buffer: Buffer): LogReadResult {
  const events: SessionEvent[] = []
  const notices: LogNotice[] = []
  let offset = 0
  const lastNewline = buffer.lastIndexOf(0x0a)
  const committedBytes = lastNewline + 1
  while (offset < committedBytes) {
    const end = buffer.indexOf(0x0a, offset)
    const line = buffer.subarray(offset, end).toString('utf8').trim()
    if (line !== '') {
      const event = parseRecord(line)
      if (event) events.push(event)
      else notices.push({ offset, message: `skipped a malformed record at byte ${offset}` })
    }
    offset = end + 1
  }
  const tornBytes = buffer.length - committedBytes
  if (tornBytes > 0) {
    notices.push({
      offset: committedBytes,
      message: `dropped an incomplete last record (${tornBytes} bytes at byte ${committedBytes}), torn by a crash while it was written`,
    })
  }
  return { events, notices, committedBytes, tornBytes }
}

function parseRecord(line: string): SessionEvent | undefined {
  try {
    const parsed = SessionEventSchema.safeParse(JSON.parse(line))
    return parsed.success ? parsed.data : undefined
  } catch {
    return undefined
  }
}

export function readSessionLog(path: string): LogReadResult {
  return parseSessionLog(readFileSync(path))
}

/**
 * Append-only writer of one session log. Each record is one `write` of one line, so a crash loses
 * at most the record being written; a torn tail left by an earlier crash is cut off before the
 * first append. `sync()` (fsync) runs at turn end and before an answer is acknowledged.
 */
export class SessionLogWriter {
  #fd: number | undefined
  #repaired = false

  constructor(readonly path: string) {}

  append(event: SessionEvent, options: { sync?: boolean } = {}): void {
    const fd = this.#open()
    writeSync(fd, `${JSON.stringify(event)}\n`)
    if (options.sync) fsyncSync(fd)
  }

  sync(): void {
    if (this.#fd !== undefined) fsyncSync(this.#fd)
  }

  close(): void {
    if (this.#fd === undefined) return
    try {
      fsyncSync(this.#fd)
    } finally {
      closeSync(this.#fd)
      this.#fd = undefined
    }
  }

  #open(): number {
    if (this.#fd === undefined) this.#fd = openSync(this.path, 'a+', 0o600)
    if (!this.#repaired) {
      this.#repairTail(this.#fd)
      this.#repaired = true
    }
    return this.#fd
  }

  /** Cuts bytes after the last newline (a torn record) so the next record starts on its own line. */
  #repairTail(fd: number): void {
    const size = fstatSync(fd).size
    if (size === 0) return
    const buffer = readFileSync(this.path)
    const committed = buffer.lastIndexOf(0x0a) + 1
    if (committed < buffer.length) {
      ftruncateSync(fd, committed)
      fsyncSync(fd)
    }
  }
}
