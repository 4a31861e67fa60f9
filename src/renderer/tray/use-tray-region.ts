import { useEffect, useRef, useState, type KeyboardEvent } from 'react'
import { useNumberKeysFromAnywhere } from './number-keys-anywhere'
import { isTrayKey } from './use-armed'
import { useHeldHeight } from './use-held-height'

/**
 * What a permission tray does with focus and keys. Focus enters the tray itself, not a button,
 * so a stray Enter answers nothing; the tray sits in view at the bottom, so focusing it need not
 * scroll (it forces no layout). Its height holds across its steps. Until armed its keys do nothing
 * at all (not even a focused button's Enter); once armed, and while `numberKeys` says they mean
 * something, its number keys work wherever focus has wandered, except in another field.
 */
export function useTrayRegion({ armed, numberKeys }: { armed: boolean; numberKeys: boolean }) {
  const regionRef = useRef<HTMLElement>(null)
  useEffect(() => regionRef.current?.focus({ preventScroll: true }), [])
  useHeldHeight(regionRef)
  useNumberKeysFromAnywhere(regionRef, armed && numberKeys)
  const onKeyDownCapture = (event: KeyboardEvent<HTMLElement>) => {
    if (!armed && isTrayKey(event.key)) {
      event.preventDefault()
      event.stopPropagation()
    }
  }
  return { regionRef, onKeyDownCapture }
}

/**
 * An answer on its way: `busy` from the click until the runtime refused it (the tray stays, to
 * try again) or took it (the tray goes with its request).
 */
export function useSettle() {
  const [busy, setBusy] = useState(false)
  const settle = async (run: () => Promise<boolean>) => {
    setBusy(true)
    if (!(await run())) setBusy(false)
  }
  return { busy, settle }
}
