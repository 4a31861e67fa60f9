import { useInput, usePaste, type Key } from 'ink'
import { createContext, useContext, useLayoutEffect, useRef, useState, type ReactNode } from 'react'

import { makeKey, splitTypedChunk } from './make-key'

/** Handles one key press, or pasted text (`pasted` true, all key flags off). */
export type KeyHandler = (input: string, key: Key, pasted: boolean) => void

/** Where the focused surface registers; `claim` returns the function that gives focus back. */
interface FocusSlot {
  claim(handler: KeyHandler): () => void
  dispatch(input: string, key: Key, pasted: boolean): void
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
    dispatch(input, key, pasted) {
      focused?.(input, key, pasted)
    },
  }
}

const FocusedKeys = createContext<FocusSlot | null>(null)

/**
 * The one owner of terminal input. App-wide keys go to `global` first (it returns true when it
 * used the key); everything else goes to the focused surface: the composer or the prompt on
 * screen. Surfaces claim focus in a layout effect, so a surface takes keys from the very frame
 * it first appears in; with ink's `useInput` per component, keys typed right after a prompt
 * shows up could be lost until its effect ran. Pasted text (bracketed paste) arrives as one
 * string flagged as pasted, so a paste never answers a prompt by accident.
 */
export function KeyRouter({
  global,
  children,
}: {
  global: (input: string, key: Key) => boolean
  children: ReactNode
}) {
  const [slot] = useState(createFocusSlot)
  useInput((chunk, chunkKey) => {
    for (const { input, key } of splitTypedChunk(chunk, chunkKey))
      if (!global(input, key)) slot.dispatch(input, key, false)
  })
  usePaste((text) => slot.dispatch(text, makeKey(), true))
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
    return slot.claim((input, key, pasted) => latest.current(input, key, pasted))
  }, [slot, active])
}
