import type { KeyboardEvent, RefObject } from 'react'
import type { FormDraft, FormSpec } from '../../shared'
import { chooseOther, next, pickOption, toggleOption, toggleOther } from '../../shared/form-state'
import { isTextEntry, isTrayKey } from '../tray/use-armed'
import type { FocusAfter } from './form-tray-focus'

/**
 * The form tray's keys. Until armed, its keys do nothing outside a text box. Escape goes back to
 * the composer (the request keeps waiting). A question at a time: Enter is Next (a single
 * question: to Submit), a number key picks (or ticks) an option, the one after them "Other".
 */
export function useFormTrayKeys({
  spec,
  draft,
  armed,
  stepped,
  single,
  reviewing,
  focusAfterRef,
  submitRef,
  change,
  onClose,
}: {
  spec: FormSpec
  draft: FormDraft
  armed: boolean
  stepped: boolean
  single: boolean
  reviewing: boolean
  focusAfterRef: RefObject<FocusAfter>
  submitRef: RefObject<HTMLElement | null>
  change: (draft: FormDraft) => void
  onClose: (() => void) | undefined
}) {
  const current = stepped && !reviewing ? spec.fields[draft.index] : undefined

  const numberKey = (n: number): boolean => {
    if (current?.type !== 'choice' && current?.type !== 'multi') return false
    const i = draft.index
    if (n >= 1 && n <= current.options.length) {
      focusAfterRef.current = { option: n - 1 }
      change(
        current.type === 'choice'
          ? pickOption(spec, draft, i, n - 1)
          : toggleOption(spec, draft, i, n - 1),
      )
      return true
    }
    if (n !== current.options.length + 1 || !current.other) return false
    const withOther =
      current.type === 'choice' ? chooseOther(spec, draft, i) : toggleOther(spec, draft, i)
    const value = withOther.values[i]
    const ticked = value?.kind === 'other' || (value?.kind === 'options' && value.other !== null)
    focusAfterRef.current = ticked ? 'other-text' : { option: n - 1 }
    change(withOther)
    return true
  }

  const onKeyDownCapture = (event: KeyboardEvent<HTMLElement>) => {
    if (!armed && isTrayKey(event.key) && !isTextEntry(event.target)) {
      event.preventDefault()
      event.stopPropagation()
    }
  }
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey || event.nativeEvent.isComposing) return
    if (event.key === 'Escape' && onClose) {
      event.preventDefault()
      onClose()
      return
    }
    if (!stepped || reviewing) return
    if (event.key === 'Enter' && !event.shiftKey) {
      if (event.target instanceof HTMLButtonElement) return
      event.preventDefault()
      if (single) submitRef.current?.focus()
      else change(next(spec, draft))
      return
    }
    if (isTextEntry(event.target)) return
    if (/^[0-9]$/.test(event.key) && numberKey(Number(event.key))) event.preventDefault()
  }
  return { onKeyDownCapture, onKeyDown }
}
