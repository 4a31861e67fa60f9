import { useCallback, useRef, useState } from 'react'

/**
 * State whose latest value key handlers can read at once. Keys typed together ("3⏎" from a fast
 * typist or `tmux send-keys`) are handled one after the other before React renders again; a
 * handler that read plain state would see the value from before the first key (the cursor
 * still on "Yes" when Enter follows "3"). The setter updates the ref synchronously.
 */
export function useRefState<T>(
  initial: T | (() => T),
): [T, (next: T | ((previous: T) => T)) => void, { readonly current: T }] {
  const [value, setValue] = useState(initial)
  const ref = useRef(value)
  const set = useCallback((next: T | ((previous: T) => T)) => {
    const resolved = typeof next === 'function' ? (next as (previous: T) => T)(ref.current) : next
    ref.current = resolved
    setValue(resolved)
  }, [])
  return [value, set, ref]
}
