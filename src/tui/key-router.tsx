import { useInput, type Key } from 'ink'
import { createContext, useContext, useLayoutEffect, useRef, useState, type ReactNode } from 'react'

/** Handles one key press. */
export type KeyHandler = (input: string, key: Key) => void

/** Where the focused surface registers; `claim` returns the function that gives focus back. */
interface FocusSlot {
  claim(handler: KeyHandler): () => void
  dispatch(input: string, key: Key): void
}

function createFocusSlot(): FocusSlot {
  let focused: KeyHandler | null = null
  return {
    claim(handler) {
      focused = handler
      return () => {
        if (focused === handler) focused = null
      }
    },
    dispatch(input, key) {
      focused?.(input, key)
    },
  }
}

const FocusedKeys = createContext<FocusSlot | null>(null)

/**
 * The one owner of terminal input. App-wide keys go to `global` first (it returns true when it
 * used the key); everything else goes to the focused surface: the composer or the prompt on
 * screen. Surfaces claim focus in a layout effect, so a surface takes keys from the very frame
 * it first appears in; with ink's `useInput` per component, keys typed right after a prompt
 * shows up could be lost until its effect ran.
 */
export function KeyRouter({
  global,
  children,
}: {
  global: (input: string, key: Key) => boolean
  children: ReactNode
}) {
  const [slot] = useState(createFocusSlot)
  useInput((input, key) => {
    if (!global(input, key)) slot.dispatch(input, key)
  })
  return <FocusedKeys.Provider value={slot}>{children}</FocusedKeys.Provider>
}

/** Sends key presses to `handler` while this surface is mounted and `active`. */
export function useFocusedKeys(handler: KeyHandler, active = true): void {
  const slot = useContext(FocusedKeys)
  const latest = useRef(handler)
  useLayoutEffect(() => {
    latest.current = handler
  })
  useLayoutEffect(() => {
    if (!slot || !active) return
    return slot.claim((input, key) => latest.current(input, key))
  }, [slot, active])
}
