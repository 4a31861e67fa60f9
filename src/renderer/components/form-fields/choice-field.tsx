import { chooseOther, pickOption, setOtherText } from '../../../shared/form-state'
import { ChoiceOptions } from './choice-options'
import { FieldFrame } from './field-frame'
import { fieldIds, type FieldProps } from './field-props'

/** A single choice: a radio group named by the field's title, one radio per option. */
export function ChoiceField({ field, value, error, id, edit, numbered }: FieldProps<'choice'>) {
  const ids = fieldIds(id, {
    description: Boolean(field.description),
    hint: false,
    error: Boolean(error),
  })
  return (
    <FieldFrame
      ids={ids}
      title={field.title}
      required={field.required}
      description={field.description}
      error={error}
    >
      <div
        role="radiogroup"
        className="options"
        aria-labelledby={ids.title}
        aria-describedby={ids.describedBy}
        aria-invalid={error ? 'true' : undefined}
        aria-required={field.required || undefined}
      >
        <ChoiceOptions
          id={ids.control}
          kind="radio"
          numbered={numbered}
          options={field.options}
          isChosen={(i) => value?.kind === 'option' && value.index === i}
          onOption={(i) => edit((s, d, f) => pickOption(s, d, f, i))}
          other={
            field.other
              ? {
                  chosen: value?.kind === 'other',
                  text: value?.kind === 'other' ? value.text : '',
                  maxLength: field.otherMaxLength,
                  onChoose: () => edit((s, d, f) => chooseOther(s, d, f)),
                  onText: (text) => edit((s, d, f) => setOtherText(s, d, f, text)),
                  emptyNote: field.required ? undefined : 'An empty answer is sent as unanswered.',
                }
              : null
          }
        />
      </div>
    </FieldFrame>
  )
}
