import { useState, type FormEvent } from 'react'
import { EnvNameSchema, MAX_ALLOWED_ENV } from '../../shared/settings'
import { useActions, useChat } from '../state/chat-context'
import { Field } from './settings-field'

/** The names in what was typed: split on spaces and commas, each once, in the order given. */
export function variableNames(text: string): string[] {
  return [...new Set(text.split(/[\s,]+/).filter((name) => name !== ''))]
}

/** Why `names` cannot be saved, in plain words, or undefined when they can. */
export function variableNamesProblem(names: readonly string[]): string | undefined {
  const wrong = names.filter((name) => !EnvNameSchema.safeParse(name).success)
  if (wrong.length > 0)
    return `Not a variable name: ${wrong.join(', ')} (letters, digits and _, not starting with a digit)`
  if (names.length > MAX_ALLOWED_ENV) return `At most ${MAX_ALLOWED_ENV} names`
  return undefined
}

/**
 * Settings → Permissions → the variables sandboxed commands see beyond the fixed allow-list
 * (`sandboxAllowedEnv`): a list of names, saved with its button. Provider keys never pass.
 */
export function SandboxVariables() {
  const actions = useActions()
  const saved = useChat((s) => s.settings?.sandboxAllowedEnv) ?? []
  const [text, setText] = useState(() => saved.join(' '))
  const [status, setStatus] = useState('')
  const names = variableNames(text)
  const problem = variableNamesProblem(names)
  const unchanged = names.join(' ') === saved.join(' ')

  const save = async (event: FormEvent) => {
    event.preventDefault()
    if (problem || unchanged) return
    if (await actions.updateSettings({ sandboxAllowedEnv: names }))
      setStatus(
        names.length === 0
          ? 'Commands see only the fixed list of variables.'
          : `Commands now also see ${names.join(', ')}.`,
      )
  }

  return (
    <form className="settings-form" onSubmit={(e) => void save(e)}>
      <h3 className="settings-subhead">Variables commands may see</h3>
      <p className="settings-intro">
        Commands run in the sandbox get a fixed list of environment variables (PATH, HOME, the
        locale, certificate paths…) and nothing else. Name more here, for example a proxy variable
        or GOPATH. Parley&apos;s provider keys never pass, even when named.
      </p>
      <Field
        label="Also pass these variables"
        hint="Names separated by spaces or commas. Takes effect for the next command."
        error={problem}
      >
        {(control) => (
          <input
            {...control}
            type="text"
            spellCheck={false}
            autoComplete="off"
            placeholder="HTTPS_PROXY GOPATH"
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
        )}
      </Field>
      <button type="submit" className="button-secondary" disabled={unchanged || !!problem}>
        Save variables
      </button>
      <p role="status">{status}</p>
    </form>
  )
}
