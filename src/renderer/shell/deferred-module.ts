import { useEffect, useSyncExternalStore } from 'react'

/**
 * A part of the app the first frame does not need (markdown and highlighting, the settings panel,
 * the trays): its own chunk, fetched after the first paint or when first shown, whichever is
 * first. Unlike React.lazy it never suspends: until the chunk is there the caller shows a
 * fallback, and once it is there every render gets it synchronously.
 */
export type DeferredModule<T> = {
  /** The module, once loaded. */
  current(): T | undefined
  /** Loads it (once; later calls share the first load). */
  load(): Promise<T>
  subscribe(listener: () => void): () => void
}

export function deferredModule<T>(importer: () => Promise<T>): DeferredModule<T> {
  let module: T | undefined
  let loading: Promise<T> | undefined
  const listeners = new Set<() => void>()
  const load = () => {
    loading ??= importer().then(
      (loaded) => {
        module = loaded
        for (const listener of listeners) listener()
        return loaded
      },
      (error: unknown) => {
        // A chunk that failed to load (a dropped connection) is tried again next time it is needed.
        loading = undefined
        throw error
      },
    )
    return loading
  }
  return {
    current: () => module,
    load,
    subscribe: (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}

/** The module if it has loaded; otherwise starts loading it and re-renders when it arrives. */
export function useDeferredModule<T>(deferred: DeferredModule<T>): T | undefined {
  const module = useSyncExternalStore(deferred.subscribe, deferred.current)
  useEffect(() => {
    if (module === undefined) deferred.load().catch(() => undefined)
  }, [deferred, module])
  return module
}

/**
 * Runs `work` after the page's first frame is painted: a frame callback runs before that paint,
 * and a task queued from it runs after.
 */
export function afterFirstPaint(work: () => void): void {
  if (typeof requestAnimationFrame !== 'function') {
    setTimeout(work, 0)
    return
  }
  requestAnimationFrame(() => setTimeout(work, 0))
}
