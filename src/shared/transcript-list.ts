import type { SessionEvent, SessionEventOf } from './session-events'
import type { TranscriptItem } from './transcript-items'

/** The key of a model step's text item. */
export const stepKey = (turnId: string, step: number) => `a:${turnId}:${step}`

/** Index of the newest item with this key; searches from the end, where live items are. */
export function findKey(items: readonly TranscriptItem[], key: string): number {
  for (let i = items.length - 1; i >= 0; i--) if (items[i]?.key === key) return i
  return -1
}

/**
 * Where a record's effect lands: a persistent list (copied on the first write, for live events)
 * or a mutable one with a key index (for replaying a whole log in linear time).
 */
export interface ItemList {
  get(index: number): TranscriptItem | undefined
  find(key: string): number
  append(item: TranscriptItem): void
  replace(index: number, item: TranscriptItem): void
  readonly length: number
}

/** Copies its source on the first write, so a change that writes nothing keeps the same array. */
export class CopyOnWriteList implements ItemList {
  #items: readonly TranscriptItem[]
  #copied = false

  constructor(source: readonly TranscriptItem[]) {
    this.#items = source
  }

  get items(): readonly TranscriptItem[] {
    return this.#items
  }

  get length(): number {
    return this.#items.length
  }

  get(index: number): TranscriptItem | undefined {
    return this.#items[index]
  }

  find(key: string): number {
    return findKey(this.#items, key)
  }

  append(item: TranscriptItem): void {
    this.#writable().push(item)
  }

  replace(index: number, item: TranscriptItem): void {
    this.#writable()[index] = item
  }

  #writable(): TranscriptItem[] {
    if (!this.#copied) {
      this.#items = this.#items.slice()
      this.#copied = true
    }
    return this.#items as TranscriptItem[]
  }
}

/** Writes in place and keeps a key index: a whole log replays in linear time. */
export class IndexedList implements ItemList {
  readonly #byKey = new Map<string, number>()

  constructor(readonly items: TranscriptItem[]) {}

  get length(): number {
    return this.items.length
  }

  get(index: number): TranscriptItem | undefined {
    return this.items[index]
  }

  find(key: string): number {
    return this.#byKey.get(key) ?? -1
  }

  append(item: TranscriptItem): void {
    this.#byKey.set(item.key, this.items.length)
    this.items.push(item)
  }

  replace(index: number, item: TranscriptItem): void {
    this.items[index] = item
  }
}

/** Appends an item unless one with its key is there (a record applied twice shows once). */
export function appendOnce(list: ItemList, item: TranscriptItem): void {
  if (list.find(item.key) < 0) list.append(item)
}

/** The item a record is about, by key, with its index (-1 and undefined when absent). */
export function itemAt(
  list: ItemList,
  key: string,
): { index: number; current: TranscriptItem | undefined } {
  const index = list.find(key)
  return { index, current: list.get(index) }
}

/** What one record type does to the items. */
export type RecordHandler<T extends SessionEvent['type']> = (
  list: ItemList,
  event: SessionEventOf<T>,
) => void

/** Handlers for some of the record types (a group of them, merged into one table). */
export type RecordHandlers = { [T in SessionEvent['type']]?: RecordHandler<T> }
