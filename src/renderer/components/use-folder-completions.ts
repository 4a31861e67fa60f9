import { useEffect, useState } from 'react'

const EMPTY: readonly string[] = []

/**
 * Existing folders completing `typed`, from `complete`, newest answer only: an answer to an older
 * text that arrives late is dropped. Nothing is asked for an empty field.
 */
export function useFolderCompletions(
  typed: string,
  complete: (partial: string) => Promise<readonly string[]>,
): readonly string[] {
  const [found, setFound] = useState<{ folders: readonly string[] }>({ folders: EMPTY })
  useEffect(() => {
    if (typed.trim() === '') return
    let current = true
    void complete(typed).then((folders) => {
      if (current) setFound({ folders })
    })
    return () => {
      current = false
    }
  }, [typed, complete])
  // While a newer answer is on its way, the last one stays (no flicker between keys).
  return typed.trim() === '' ? EMPTY : found.folders
}
