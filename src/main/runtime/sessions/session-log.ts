import {
  closeSync,
  fstatSync,
  fsyncSync,
  ftruncateSync,
  openSync,
  readFileSync,
  readSync,
  writeSync,
} from 'node:fs'
import { SessionEventSchema, type SessionEvent } from '../../../shared/session-events'
import type { LogNotice } from '../../../shared/bridge'
import { compileValidator } from '../../../shared/compiled-validator'

export interface LogReadResult {
  events: SessionEvent[]
  notices: LogNotice[]
  /** Byte length of the log up to and including its last complete line. */
  committedBytes: number
  /** Bytes after the last newline (a record torn by a crash mid-write). */
  tornBytes: number
}

/** Every record checked exactly as `SessionEventSchema.safeParse` would, several times faster. */
const checkRecord = compileValidator(SessionEventSchema)

/**
 * Parses a session log. Each line is one record; a line that is not valid JSON or not a known
 * record is skipped with a notice naming its byte offset, never truncating the replay. Bytes after
 * the last newline are a torn record (the one being written when the process died).
 *
 * The buffer is decoded once and split in the text. A notice needs the line's byte offset: it is
 * counted from the previous notice's (never for a clean log). `baseOffset` is where `buffer` starts
 * in the file, when only a tail was read.
 */
export function parseSessionLog(buffer: Buffer, baseOffset = 0): LogReadResult {
  const events: SessionEvent[] = []
  const notices: LogNotice[] = []
  const committedBytes = buffer.lastIndexOf(0x0a) + 1
  const text = buffer.toString('utf8', 0, committedBytes)
  let counted = { chars: 0, bytes: 0 }
  const byteOffsetOf = (chars: number) => {
    counted = {
      chars,
      bytes: counted.bytes + Buffer.byteLength(text.slice(counted.chars, chars)),
    }
    return baseOffset + counted.bytes
  }
  let start = 0
  while (start < text.length) {
    let end = text.indexOf('\n', start)
    if (end < 0) end = text.length
    const line = text.slice(start, end)
    const event = line === '' ? undefined : parseRecord(line)
    if (event) events.push(event)
    else if (line.trim() !== '') {
      const offset = byteOffsetOf(start)
      notices.push({ offset, message: `skipped a malformed record at byte ${offset}` })
    }
    start = end + 1
  }
  const tornBytes = buffer.length - committedBytes
  if (tornBytes > 0) {
    const offset = baseOffset + committedBytes
    notices.push({
      offset,
      message: `dropped an incomplete last record (${tornBytes} bytes at byte ${offset}), torn by a crash while it was written`,
    })
  }
  return { events, notices, committedBytes: baseOffset + committedBytes, tornBytes }
}

function parseRecord(line: string): SessionEvent | undefined {
  let value: unknown
  try {
    value = JSON.parse(line)
  } catch {
    return undefined
  }
  const checked = checkRecord(value)
  return checked.success ? checked.data : undefined
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
    const committed = committedLength(fd, size)
    if (committed < size) {
      ftruncateSync(fd, committed)
      fsyncSync(fd)
    }
  }
}

const TAIL_CHUNK = 64 * 1024

/** Bytes up to and including the last newline, reading backwards from the end (not the whole log). */
function committedLength(fd: number, size: number): number {
  const chunk = Buffer.alloc(Math.min(TAIL_CHUNK, size))
  for (let end = size; end > 0;) {
    const start = Math.max(0, end - chunk.length)
    const read = readSync(fd, chunk, 0, end - start, start)
    const newline = chunk.subarray(0, read).lastIndexOf(0x0a)
    if (newline >= 0) return start + newline + 1
    end = start
  }
  return 0
}
