import { useEffect, type RefObject } from 'react'

/** Where focus goes once the next render is on screen: an option by position, or "Other". */
export type FocusAfter = { option: number } | 'other-text' | null

/** The radios and checkboxes of the part on screen, in order ("Other" last). */
export function optionInputs(body: HTMLElement | null): HTMLInputElement[] {
  return Array.from(
    body?.querySelectorAll<HTMLInputElement>('input[type="radio"], input[type="checkbox"]') ?? [],
  )
}

/**
 * Where focus goes in the form tray: a form's focus enters the tray itself (not a control, so
 * keys typed before it appeared answer nothing); a question at a time moves it to the chosen (or
 * first) option, or Submit on the review; a number key to what it picked; a refused Submit to
 * the first field that says what is wrong.
 */
export function useFormTrayFocus({
  regionRef,
  bodyRef,
  submitRef,
  focusAfterRef,
  stepped,
  index,
  parts,
  refusals,
}: {
  regionRef: RefObject<HTMLElement | null>
  bodyRef: RefObject<HTMLElement | null>
  submitRef: RefObject<HTMLElement | null>
  focusAfterRef: RefObject<FocusAfter>
  stepped: boolean
  index: number
  parts: number
  refusals: number
}) {
  // Focusing what is in view at the bottom need not scroll, so no forced layout.
  useEffect(() => {
    if (!stepped) regionRef.current?.focus({ preventScroll: true })
  }, [stepped, regionRef])

  useEffect(() => {
    if (!stepped) return
    if (index >= parts) {
      submitRef.current?.focus()
      return
    }
    const inputs = optionInputs(bodyRef.current)
    const checked = inputs.find((r) => r.checked)
    ;(checked ?? inputs[0])?.focus()
  }, [stepped, index, parts, bodyRef, submitRef])

  // A number key moves focus to what it picked, once that has rendered.
  useEffect(() => {
    const target = focusAfterRef.current
    if (target === null) return
    focusAfterRef.current = null
    const body = bodyRef.current
    if (target === 'other-text') body?.querySelector<HTMLElement>('textarea.other-answer')?.focus()
    else optionInputs(body)[target.option]?.focus()
  })

  useEffect(() => {
    if (refusals === 0) return
    const invalid = bodyRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')
    if (!invalid) return
    // In a group: the empty "Other" box, else the chosen option, else the first one.
    const inside = (selector: string) => invalid.querySelector<HTMLElement>(selector)
    if (invalid.matches('input, textarea, select')) invalid.focus()
    else (inside('.form-other') ?? inside('input:checked') ?? inside('input') ?? invalid).focus()
  }, [refusals, bodyRef])
}
