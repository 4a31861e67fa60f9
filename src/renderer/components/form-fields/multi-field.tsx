import { setOtherText, toggleOption, toggleOther } from '../../../shared/form-state'
import { ChoiceOptions } from './choice-options'
import { FieldFrame } from './field-frame'
import { fieldIds, type FieldProps } from './field-props'

/** How many may be chosen, in words. */
function itemsText(minItems: number | undefined, maxItems: number | undefined): string | null {
  if (minItems !== undefined && maxItems !== undefined)
    return minItems === maxItems ? `Choose ${minItems}.` : `Choose ${minItems} to ${maxItems}.`
  if (minItems !== undefined && minItems > 0) return `Choose at least ${minItems}.`
  if (maxItems !== undefined) return `Choose up to ${maxItems}.`
  return null
}

/**
 * A multi-select: a group named by the field's title with one checkbox per option (named by the
 * option). While invalid, the group and each checkbox carry the message.
 */
export function MultiField({ field, value, error, id, edit, numbered }: FieldProps<'multi'>) {
  const items = itemsText(field.minItems, field.maxItems)
  const ids = fieldIds(id, {
    description: Boolean(field.description),
    hint: items !== null,
    error: Boolean(error),
  })
  const chosen = value?.kind === 'options' ? value : null
  return (
    <FieldFrame
      ids={ids}
      title={field.title}
      required={field.required}
      description={field.description}
      hint={items}
      error={error}
    >
      <div
        role="group"
        className="options"
        aria-labelledby={ids.title}
        aria-describedby={ids.describedBy}
        aria-invalid={error ? 'true' : undefined}
      >
        <ChoiceOptions
          id={ids.control}
          kind="checkbox"
          numbered={numbered}
          errorId={error ? ids.error : undefined}
          options={field.options}
          isChosen={(i) => chosen?.indexes.includes(i) ?? false}
          onOption={(i) => edit((s, d, f) => toggleOption(s, d, f, i))}
          other={
            field.other
              ? {
                  chosen: chosen?.other !== null && chosen?.other !== undefined,
                  text: chosen?.other ?? '',
                  maxLength: field.otherMaxLength,
                  onChoose: () => edit((s, d, f) => toggleOther(s, d, f)),
                  onText: (text) => edit((s, d, f) => setOtherText(s, d, f, text)),
                  emptyNote: 'An empty “Other” is left out.',
                }
              : null
          }
        />
      </div>
    </FieldFrame>
  )
}
