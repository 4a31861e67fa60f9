import {
  useEffect,
  useId,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
} from 'react'

/** One item of a choice menu; at most one is checked. */
export type MenuChoice = { id: string; name: string; description?: string }

/** An item after the choices that does something else (opens Settings, opens a folder). */
export type MenuAction = { label: string; run: () => void }

/**
 * A button that opens a menu of choices (ARIA menu button with radio items). Opening puts focus on
 * the checked item; arrow keys, Home and End move, a letter jumps to the next name starting with
 * it, Enter or Space chooses, Escape closes and gives focus back to the button, Tab closes. Each
 * item shows its name and, under it, its description (its accessible description too).
 */
export function ChoiceMenu({
  buttonLabel,
  buttonContent,
  buttonClassName,
  buttonTitle,
  menuLabel,
  choices,
  checkedId,
  onChoose,
  actions = [],
  placement,
  buttonRef,
}: {
  /** The button's accessible name. */
  buttonLabel: string
  buttonContent: ReactNode
  buttonClassName: string
  buttonTitle?: string
  menuLabel: string
  choices: readonly MenuChoice[]
  checkedId: string | undefined
  onChoose: (id: string) => void
  /** Items after the choices, below a separator. */
  actions?: readonly MenuAction[]
  /** Where the menu opens: below the button, or above it (at the bottom of the window). */
  placement: 'below' | 'above'
  buttonRef?: RefObject<HTMLButtonElement | null>
}) {
  const [open, setOpen] = useState(false)
  const menuId = useId()
  const itemIdBase = useId()
  const wrapRef = useRef<HTMLDivElement>(null)
  const ownButtonRef = useRef<HTMLButtonElement | null>(null)
  const menuRef = useRef<HTMLDivElement>(null)
  // Which item gets focus once the menu is on screen.
  const focusOnOpen = useRef<'checked' | 'first' | 'last'>('checked')

  const items = () =>
    Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[data-menu-item]') ?? [])

  useEffect(() => {
    if (!open) return
    const all = items()
    const checked = all.find((el) => el.getAttribute('aria-checked') === 'true')
    const target =
      focusOnOpen.current === 'last'
        ? all.at(-1)
        : focusOnOpen.current === 'first'
          ? all[0]
          : (checked ?? all[0])
    target?.focus()
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && !wrapRef.current?.contains(event.target)) setOpen(false)
    }
    document.addEventListener('pointerdown', onPointerDown)
    return () => document.removeEventListener('pointerdown', onPointerDown)
  }, [open])

  const close = ({ refocus }: { refocus: boolean }) => {
    setOpen(false)
    if (refocus) ownButtonRef.current?.focus()
  }
  const pick = (run: () => void) => {
    close({ refocus: true })
    run()
  }

  const onButtonKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      focusOnOpen.current = event.key === 'ArrowUp' ? 'last' : 'checked'
      setOpen(true)
    }
  }
  const onMenuKeyDown = (event: KeyboardEvent) => {
    const all = items()
    const at = all.findIndex((el) => el === document.activeElement)
    const move = (index: number) => {
      event.preventDefault()
      all[(index + all.length) % all.length]?.focus()
    }
    switch (event.key) {
      case 'ArrowDown':
        return move(at + 1)
      case 'ArrowUp':
        return move(at - 1)
      case 'Home':
        return move(0)
      case 'End':
        return move(all.length - 1)
      case 'Escape':
        event.preventDefault()
        event.stopPropagation()
        return close({ refocus: true })
      case 'Tab':
        return close({ refocus: false })
      default:
        if (event.key.length === 1 && /\S/.test(event.key)) {
          const letter = event.key.toLowerCase()
          const order = [...all.slice(at + 1), ...all.slice(0, at + 1)]
          const next = order.find((el) =>
            (el.dataset.menuName ?? '').toLowerCase().startsWith(letter),
          )
          if (next) {
            event.preventDefault()
            next.focus()
          }
        }
    }
  }

  return (
    <div className="choice-menu" ref={wrapRef}>
      <button
        ref={(el) => {
          ownButtonRef.current = el
          if (buttonRef) buttonRef.current = el
        }}
        type="button"
        className={buttonClassName}
        aria-label={buttonLabel}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        title={buttonTitle}
        onClick={() => {
          focusOnOpen.current = 'checked'
          setOpen((was) => !was)
        }}
        onKeyDown={onButtonKeyDown}
      >
        {buttonContent}
      </button>
      {open && (
        <div
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-label={menuLabel}
          className={`choice-menu-popup is-${placement}`}
          onKeyDown={onMenuKeyDown}
          onBlur={(event) => {
            // Focus left the menu for somewhere else on the page (not the button): close.
            const to = event.relatedTarget
            if (to instanceof Node && !wrapRef.current?.contains(to)) setOpen(false)
          }}
        >
          {choices.map((choice, index) => {
            const nameId = `${itemIdBase}-${index}-name`
            const descriptionId = `${itemIdBase}-${index}-description`
            const checked = choice.id === checkedId
            return (
              <button
                key={choice.id}
                type="button"
                role="menuitemradio"
                aria-checked={checked}
                aria-labelledby={nameId}
                aria-describedby={choice.description ? descriptionId : undefined}
                tabIndex={-1}
                className="choice-menu-item"
                data-menu-item=""
                data-menu-name={choice.name}
                onClick={() => pick(() => onChoose(choice.id))}
              >
                <span className="choice-menu-check" aria-hidden="true">
                  {checked ? '✓' : ''}
                </span>
                <span className="choice-menu-text">
                  <span id={nameId} className="choice-menu-name">
                    {choice.name}
                  </span>
                  {choice.description && (
                    <span id={descriptionId} className="choice-menu-description">
                      {choice.description}
                    </span>
                  )}
                </span>
              </button>
            )
          })}
          {actions.length > 0 && <div role="separator" className="choice-menu-separator" />}
          {actions.map((action) => (
            <button
              key={action.label}
              type="button"
              role="menuitem"
              tabIndex={-1}
              className="choice-menu-item is-action"
              data-menu-item=""
              data-menu-name={action.label}
              onClick={() => pick(action.run)}
            >
              <span className="choice-menu-check" aria-hidden="true" />
              <span className="choice-menu-text">
                <span className="choice-menu-name">{action.label}</span>
              </span>
            </button>
          ))}
        </div>
      )}
    </div>
  )
}
