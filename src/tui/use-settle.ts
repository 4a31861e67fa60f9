import { useCallback, useState } from 'react'
import { useRefState } from './use-ref-state'

/** What answering or dismissing a request comes back with. */
export type SettleResult =
  | { ok: true; [more: string]: unknown }
  | { ok: false; reason: string; message?: string | undefined }

/**
 * Answering a prompt: busy while the call is in flight (keys are ignored), its refusal kept as
 * a message. On success the runtime settles the request and the prompt goes away with it.
 */
export function useSettle(): {
  busy: boolean
  error: string | null
  settle: (call: () => Promise<SettleResult>) => void
  setError: (message: string | null) => void
} {
  const [busy, setBusy, busyRef] = useRefState(false)
  const [error, setError] = useState<string | null>(null)
  const settle = useCallback(
    (call: () => Promise<SettleResult>) => {
      // One answer per prompt: a second Enter in the same burst of keys is not a second answer.
      if (busyRef.current) return
      setBusy(true)
      setError(null)
      void call().then((result) => {
        if (result.ok) return
        setBusy(false)
        setError(result.message ?? `Not accepted (${result.reason}).`)
      })
    },
    [busyRef, setBusy],
  )
  return { busy, error, settle, setError }
}
