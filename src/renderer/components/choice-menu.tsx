import {
  useEffect,
  useId,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
} from 'react'
import { menuKeyOutcome } from './choice-menu-keys'

/** One item of a choice menu; at most one is checked. */
export type MenuChoice = { id: string; name: string; description?: string }

/** An item after the choices that does something else (opens Settings, opens a folder). */
export type MenuAction = { label: string; run: () => void }

/** A choice: its name and, under it, its description (its accessible description too). */
function ChoiceItem({
  choice,
  idBase,
  checked,
  onClick,
}: {
  choice: MenuChoice
  idBase: string
  checked: boolean
  onClick: () => void
}) {
  const nameId = `${idBase}-name`
  const descriptionId = `${idBase}-description`
  return (
    <button
      type="button"
      role="menuitemradio"
      aria-checked={checked}
      aria-labelledby={nameId}
      aria-describedby={choice.description ? descriptionId : undefined}
      tabIndex={-1}
      className="choice-menu-item"
      data-menu-item=""
      data-menu-name={choice.name}
      onClick={onClick}
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
}

/** An item after the choices that does something else. */
function ActionItem({ action, onClick }: { action: MenuAction; onClick: () => void }) {
  return (
    <button
      type="button"
      role="menuitem"
      tabIndex={-1}
      className="choice-menu-item is-action"
      data-menu-item=""
      data-menu-name={action.label}
      onClick={onClick}
    >
      <span className="choice-menu-check" aria-hidden="true" />
      <span className="choice-menu-text">
        <span className="choice-menu-name">{action.label}</span>
      </span>
    </button>
  )
}

/** The menu's items on screen, in order. */
const menuItems = (menuRef: RefObject<HTMLElement | null>) =>
  Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[data-menu-item]') ?? [])

/** Which item gets focus once the menu is on screen. */
type FocusOnOpen = 'checked' | 'first' | 'last'

/**
 * Whether the menu is open. Once it is on screen, focus goes to the item `focusOnOpen` says (the
 * checked one, else the first); a press anywhere outside it closes it.
 */
function useMenuOpen(
  wrapRef: RefObject<HTMLElement | null>,
  menuRef: RefObject<HTMLElement | null>,
) {
  const [open, setOpen] = useState(false)
  const focusOnOpen = useRef<FocusOnOpen>('checked')
  useEffect(() => {
    if (!open) return
    const all = menuItems(menuRef)
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
  }, [open, wrapRef, menuRef])
  return {
    open,
    setOpen,
    /** Opens the menu with focus on `focus`. */
    openAt(focus: FocusOnOpen) {
      focusOnOpen.current = focus
      setOpen(true)
    },
    /** The button's click: opens (focus on the checked item) or closes. */
    toggle() {
      focusOnOpen.current = 'checked'
      setOpen((was) => !was)
    },
  }
}

type ChoiceMenuProps = {
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
}

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
}: ChoiceMenuProps) {
  const menuId = useId()
  const itemIdBase = useId()
  const wrapRef = useRef<HTMLDivElement>(null)
  const ownButtonRef = useRef<HTMLButtonElement | null>(null)
  const menuRef = useRef<HTMLDivElement>(null)
  const { open, setOpen, openAt, toggle } = useMenuOpen(wrapRef, menuRef)

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
      openAt(event.key === 'ArrowUp' ? 'last' : 'checked')
    }
  }
  const onMenuKeyDown = (event: KeyboardEvent) => {
    const all = menuItems(menuRef)
    const at = all.findIndex((el) => el === document.activeElement)
    const outcome = menuKeyOutcome(
      all.map((el) => el.dataset.menuName ?? ''),
      at,
      event.key,
    )
    if (outcome === null) return
    if ('close' in outcome) {
      // Escape is the menu's own: nothing behind it (a tray, a dialog) closes too.
      if (outcome.close.refocus) {
        event.preventDefault()
        event.stopPropagation()
      }
      return close(outcome.close)
    }
    event.preventDefault()
    all[outcome.focus]?.focus()
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
        onClick={toggle}
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
          {choices.map((choice, index) => (
            <ChoiceItem
              key={choice.id}
              choice={choice}
              idBase={`${itemIdBase}-${index}`}
              checked={choice.id === checkedId}
              onClick={() => pick(() => onChoose(choice.id))}
            />
          ))}
          {actions.length > 0 && <div role="separator" className="choice-menu-separator" />}
          {actions.map((action) => (
            <ActionItem key={action.label} action={action} onClick={() => pick(action.run)} />
          ))}
        </div>
      )}
    </div>
  )
}
