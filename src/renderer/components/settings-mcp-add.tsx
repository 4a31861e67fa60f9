import { useId, useState, type FormEvent } from 'react'
import { McpServerToAddSchema, type McpServerToAdd } from '../../shared'
import { useActions } from '../state/chat-context'
import { Field } from './settings-field'

type Problems = Partial<Record<keyof McpServerToAdd, string>>

/** The form's text as a server to add, or what is wrong with each field (the shared schema's words). */
export function serverToAdd(input: {
  name: string
  command: string
  args: string
}): { ok: true; server: McpServerToAdd } | { ok: false; problems: Problems } {
  const args = input.args
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
  const parsed = McpServerToAddSchema.safeParse({ name: input.name, command: input.command, args })
  if (parsed.success) return { ok: true, server: parsed.data }
  const problems: Problems = {}
  for (const issue of parsed.error.issues) {
    const field = issue.path[0]
    if ((field === 'name' || field === 'command' || field === 'args') && !problems[field])
      problems[field] = issue.message
  }
  return { ok: false, problems }
}

/**
 * "Add server": a program-run MCP server (name, command, one argument per line) saved to the
 * person's own mcp.json, where it is used in every workspace without approval. Each problem is
 * shown at its field; a refusal (the name taken, a file to fix) under the buttons.
 */
export function AddMcpServer({ workspace }: { workspace: string }) {
  const actions = useActions()
  const formId = useId()
  const [open, setOpen] = useState(false)
  const [name, setName] = useState('')
  const [command, setCommand] = useState('')
  const [args, setArgs] = useState('')
  const [problems, setProblems] = useState<Problems>({})
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null)
  const [busy, setBusy] = useState(false)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (busy) return
    const checked = serverToAdd({ name, command, args })
    if (!checked.ok) {
      setProblems(checked.problems)
      setOutcome(null)
      return
    }
    setProblems({})
    setBusy(true)
    const result = await actions.addMcpServer(workspace, checked.server)
    setBusy(false)
    setOutcome(result)
    if (result.ok) {
      setOpen(false)
      setName('')
      setCommand('')
      setArgs('')
    }
  }

  return (
    <div className="mcp-add">
      {!open && (
        <button
          type="button"
          className="button-secondary small"
          onClick={() => {
            setOpen(true)
            setOutcome(null)
          }}
        >
          Add server
        </button>
      )}
      {outcome && (
        <p className={outcome.ok ? 'mcp-outcome' : 'field-error'} role="status">
          {outcome.message}
        </p>
      )}
      {open && (
        <form
          id={formId}
          className="mcp-add-form"
          aria-label="Add an MCP server"
          noValidate
          onSubmit={(e) => void submit(e)}
        >
          <p className="field-hint">
            Saved to <code className="flag">mcp.json</code> in Parley’s data folder: used in every
            workspace, started without asking.
          </p>
          <Field label="Name" error={problems.name}>
            {(control) => (
              <input
                {...control}
                type="text"
                autoComplete="off"
                // Opened by the person's own click: the form's first field is where they go next.
                autoFocus
                value={name}
                onChange={(e) => setName(e.target.value)}
              />
            )}
          </Field>
          <Field
            label="Command"
            hint="The program that runs the server, e.g. npx."
            error={problems.command}
          >
            {(control) => (
              <input
                {...control}
                type="text"
                autoComplete="off"
                spellCheck={false}
                value={command}
                onChange={(e) => setCommand(e.target.value)}
              />
            )}
          </Field>
          <Field label="Arguments" hint="One per line." error={problems.args}>
            {(control) => (
              <textarea
                {...control}
                rows={3}
                spellCheck={false}
                value={args}
                onChange={(e) => setArgs(e.target.value)}
              />
            )}
          </Field>
          <div className="mcp-add-actions">
            <button type="submit" className="button-primary small" disabled={busy}>
              Add
            </button>
            <button
              type="button"
              className="button-quiet small"
              onClick={() => {
                setOpen(false)
                setProblems({})
              }}
            >
              Cancel
            </button>
          </div>
        </form>
      )}
    </div>
  )
}
