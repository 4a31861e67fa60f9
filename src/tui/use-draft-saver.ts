import { useCallback, useEffect, useRef } from 'react'
import type { FormDraft } from '../shared/form-schema'

/** How long typing may go on before the draft is written (one file write per pause, not per key). */
export const DRAFT_SAVE_DELAY_MS = 300

/**
 * Saves a form's draft a moment after it last changed, so a restart brings the form back where
 * it was without a file write per key press. `flush` writes what waits now (before quitting);
 * `drop` forgets it (the form was answered: there is nothing left to come back to).
 */
export function useDraftSaver(save: (draft: FormDraft) => Promise<unknown>): {
  schedule(draft: FormDraft): void
  flush(): Promise<void>
  drop(): void
} {
  const pending = useRef<FormDraft | null>(null)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const latestSave = useRef(save)
  useEffect(() => {
    latestSave.current = save
  })

  const flush = useCallback(async () => {
    clearTimeout(timer.current)
    const draft = pending.current
    pending.current = null
    if (draft) await latestSave.current(draft)
  }, [])
  const schedule = useCallback(
    (draft: FormDraft) => {
      pending.current = draft
      clearTimeout(timer.current)
      timer.current = setTimeout(() => void flush(), DRAFT_SAVE_DELAY_MS)
    },
    [flush],
  )
  const drop = useCallback(() => {
    clearTimeout(timer.current)
    pending.current = null
  }, [])
  // Leaving the prompt (another session opened) still keeps what was filled in.
  useEffect(() => () => void flush(), [flush])
  return { schedule, flush, drop }
}
