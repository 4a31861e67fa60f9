import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react'
import { ACP_AGENT_PRESETS, MAX_AGENTS, type AgentSpec, type PublicSettings } from '../../shared'
import { formatAgentCommand, parseAgentCommand } from '../../shared/agent-command-line'
import { useActions } from '../state/chat-context'
import {
  checkAgentDraft,
  draftOf,
  EMPTY_DRAFT,
  type AgentDraft,
  type AgentDraftErrors,
} from '../settings/agent-draft'
import { Field } from './settings-field'

/** Which agent is open in the editor: one by id, a new one, or none. */
type Editing = { kind: 'none' } | { kind: 'new' } | { kind: 'agent'; id: string }

/**
 * Settings → Agents: the ACP agents a new session can talk to instead of Parley's own (the
 * presets at first), added, edited and removed here. Each change is saved at once; sessions
 * already started keep the command they started with.
 */
export function SettingsAgents({ settings }: { settings: PublicSettings }) {
  const actions = useActions()
  const [editing, setEditing] = useState<Editing>({ kind: 'none' })
  const [status, setStatus] = useState('')
  const addRef = useRef<HTMLButtonElement>(null)
  const editRefs = useRef(new Map<string, HTMLButtonElement>())
  // Where focus goes once the list has been drawn again (after a save, a removal, a cancel).
  const focusTarget = useRef<string | null>(null)
  useEffect(() => {
    const target = focusTarget.current
    if (target === null) return
    focusTarget.current = null
    ;(editRefs.current.get(target) ?? addRef.current)?.focus()
  }, [settings.agents, editing])
  const setFocusTarget = (target: string) => {
    focusTarget.current = target
  }

  const agents = settings.agents
  const launch = settings.commandLineAgent
  const missingPresets = ACP_AGENT_PRESETS.filter((p) => !agents.some((a) => a.id === p.id))
  const full = agents.length >= MAX_AGENTS

  const save = async (next: AgentSpec[], done: string, focus: string) => {
    const ok = await actions.updateSettings({ agents: next })
    if (!ok) return false
    setStatus(done)
    setEditing({ kind: 'none' })
    setFocusTarget(focus)
    return true
  }

  return (
    <div className="settings-section">
      <p className="settings-intro">
        Agents a new session can talk to instead of Parley’s own, over the Agent Client Protocol.
        Choose one with the ▾ beside New session.
      </p>
      {launch && (
        <div className="agent-card is-launch">
          <p className="agent-card-head">
            <span className="agent-name">{launch.name}</span>
            <span className="tag">from --acp</span>
          </p>
          <code className="chip agent-command">
            {formatAgentCommand(launch.command, launch.args)}
          </code>
          <p className="field-hint">
            Given on the command line for this launch: new sessions use it unless you choose
            another. Not stored.
          </p>
        </div>
      )}
      <ul className="agent-list" aria-label="Agents">
        {agents.map((agent) =>
          editing.kind === 'agent' && editing.id === agent.id ? (
            <li key={agent.id} className="agent-card is-editing">
              <AgentEditor
                agent={agent}
                agents={agents}
                onCancel={() => {
                  setEditing({ kind: 'none' })
                  setFocusTarget(agent.id)
                }}
                onSave={(saved) =>
                  save(
                    agents.map((a) => (a.id === agent.id ? saved : a)),
                    `Saved ${saved.name}.`,
                    agent.id,
                  )
                }
              />
            </li>
          ) : (
            <AgentRow
              key={agent.id}
              agent={agent}
              editRef={(el) => {
                if (el) editRefs.current.set(agent.id, el)
                else editRefs.current.delete(agent.id)
              }}
              onEdit={() => {
                setStatus('')
                setEditing({ kind: 'agent', id: agent.id })
              }}
              onRemove={() =>
                save(
                  agents.filter((a) => a.id !== agent.id),
                  `Removed ${agent.name}.`,
                  'add',
                )
              }
            />
          ),
        )}
      </ul>
      {agents.length === 0 && <p className="field-hint">No agents yet.</p>}
      {editing.kind === 'new' ? (
        <div className="agent-card is-editing">
          <AgentEditor
            agents={agents}
            onCancel={() => {
              setEditing({ kind: 'none' })
              setFocusTarget('add')
            }}
            onSave={(saved) => save([...agents, saved], `Added ${saved.name}.`, saved.id)}
          />
        </div>
      ) : (
        <div className="agent-add">
          <button
            ref={addRef}
            type="button"
            className="button-secondary"
            disabled={full}
            onClick={() => {
              setStatus('')
              setEditing({ kind: 'new' })
            }}
          >
            Add agent
          </button>
          {full && <span className="field-hint">At most {MAX_AGENTS} agents.</span>}
        </div>
      )}
      {missingPresets.length > 0 && !full && (
        <p className="agent-presets">
          <span>Add a preset back:</span>
          {missingPresets.map((preset) => (
            <button
              key={preset.id}
              type="button"
              className="button-quiet small"
              aria-label={`Add the ${preset.name} preset`}
              onClick={() =>
                void save([...agents, { ...preset }], `Added ${preset.name}.`, preset.id)
              }
            >
              {preset.name}
            </button>
          ))}
        </p>
      )}
      <p className="settings-test" role="status">
        {status}
      </p>
    </div>
  )
}

function AgentRow({
  agent,
  editRef,
  onEdit,
  onRemove,
}: {
  agent: AgentSpec
  editRef: (el: HTMLButtonElement | null) => void
  onEdit: () => void
  onRemove: () => Promise<boolean>
}) {
  const [confirming, setConfirming] = useState(false)
  const keepRef = useRef<HTMLButtonElement>(null)
  const removeRef = useRef<HTMLButtonElement>(null)
  const reopen = useRef(false)
  useEffect(() => {
    if (confirming) keepRef.current?.focus()
    else if (reopen.current) {
      reopen.current = false
      removeRef.current?.focus()
    }
  }, [confirming])
  const keep = () => {
    reopen.current = true
    setConfirming(false)
  }
  const envKeys = Object.keys(agent.env)
  return (
    <li className="agent-card">
      <div className="agent-card-head">
        <span className="agent-name">{agent.name}</span>
        {confirming ? (
          <span
            role="group"
            aria-label={`Remove ${agent.name}?`}
            className="agent-actions"
            onKeyDown={(e: KeyboardEvent) => {
              if (e.key === 'Escape') {
                e.preventDefault()
                e.stopPropagation()
                keep()
              }
            }}
          >
            <button type="button" className="button-danger small" onClick={() => void onRemove()}>
              Remove
            </button>
            <button ref={keepRef} type="button" className="button-quiet small" onClick={keep}>
              Keep
            </button>
          </span>
        ) : (
          <span className="agent-actions">
            <button
              ref={editRef}
              type="button"
              className="button-quiet small"
              aria-label={`Edit ${agent.name}`}
              onClick={onEdit}
            >
              Edit
            </button>
            <button
              ref={removeRef}
              type="button"
              className="button-quiet small"
              aria-label={`Remove ${agent.name}`}
              onClick={() => setConfirming(true)}
            >
              Remove
            </button>
          </span>
        )}
      </div>
      <code className="chip agent-command">{formatAgentCommand(agent.command, agent.args)}</code>
      {envKeys.length > 0 && (
        <p className="agent-env">
          Sets {envKeys.length === 1 ? 'variable' : 'variables'} {envKeys.join(', ')}
        </p>
      )}
    </li>
  )
}

/** What the command line runs, as Parley will split it: the program, then each argument. */
function CommandPreview({ line }: { line: string }) {
  const parsed = parseAgentCommand(line)
  if (!parsed.ok) {
    return <>Split like a shell splits words (quotes group them), then run without a shell.</>
  }
  const count = parsed.args.length
  return (
    <div className="command-preview">
      <span>
        Runs <code className="chip">{parsed.command}</code>
        {count === 0
          ? ' with no arguments.'
          : ` with ${count === 1 ? 'one argument' : `${count} arguments`}:`}
      </span>
      {count > 0 && (
        <ol className="command-args">
          {parsed.args.map((arg, i) => (
            <li key={i}>
              <code className="chip">{arg === '' ? '(empty)' : arg}</code>
            </li>
          ))}
        </ol>
      )}
    </div>
  )
}

const FIELD_ORDER: ReadonlyArray<keyof AgentDraft> = ['name', 'commandLine', 'env']

function AgentEditor({
  agent,
  agents,
  onSave,
  onCancel,
}: {
  /** The agent being edited; absent for a new one. */
  agent?: AgentSpec
  agents: readonly AgentSpec[]
  onSave: (agent: AgentSpec) => Promise<boolean>
  onCancel: () => void
}) {
  const [draft, setDraft] = useState<AgentDraft>(() => (agent ? draftOf(agent) : EMPTY_DRAFT))
  // Errors show once Save was tried, then follow the typing.
  const [tried, setTried] = useState(false)
  const [saving, setSaving] = useState(false)
  const refs = useRef<Partial<Record<keyof AgentDraft, HTMLElement | null>>>({})
  const titleId = useId()
  const check = checkAgentDraft(draft, { agents, ...(agent ? { editing: agent.id } : {}) })
  const errors: AgentDraftErrors = tried && !check.ok ? check.errors : {}
  const set = (key: keyof AgentDraft) => (value: string) =>
    setDraft((d) => ({ ...d, [key]: value }))

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setTried(true)
    if (!check.ok) {
      const first = FIELD_ORDER.find((key) => check.errors[key])
      if (first) refs.current[first]?.focus()
      return
    }
    setSaving(true)
    const saved = await onSave(check.agent)
    if (!saved) setSaving(false)
  }

  return (
    <form
      className="agent-editor"
      aria-labelledby={titleId}
      noValidate
      onSubmit={(e) => void submit(e)}
      onKeyDown={(e) => {
        // Escape leaves the editor, not Settings.
        if (e.key === 'Escape') {
          e.preventDefault()
          e.stopPropagation()
          onCancel()
        }
      }}
    >
      <h3 id={titleId} className="settings-subhead">
        {agent ? `Edit ${agent.name}` : 'New agent'}
      </h3>
      <Field label="Name" error={errors.name}>
        {(control) => (
          <input
            {...control}
            ref={(el) => {
              refs.current.name = el
            }}
            value={draft.name}
            autoFocus
            autoComplete="off"
            maxLength={200}
            placeholder="My agent"
            onChange={(e) => set('name')(e.target.value)}
          />
        )}
      </Field>
      <Field
        label="Command line"
        error={errors.commandLine}
        hint={<CommandPreview line={draft.commandLine} />}
      >
        {(control) => (
          <input
            {...control}
            ref={(el) => {
              refs.current.commandLine = el
            }}
            className="mono"
            value={draft.commandLine}
            autoComplete="off"
            spellCheck={false}
            placeholder="npx @agentclientprotocol/codex-acp"
            onChange={(e) => set('commandLine')(e.target.value)}
          />
        )}
      </Field>
      <Field
        label="Environment variables"
        error={errors.env}
        hint="One KEY=value a line. Stored in plain text in settings.json: keep API keys in the environment Parley starts from (the agent inherits it), except Parley's own provider keys (OPENAI_API_KEY, ANTHROPIC_API_KEY), which an agent gets only from here."
      >
        {(control) => (
          <textarea
            {...control}
            ref={(el) => {
              refs.current.env = el
            }}
            className="mono"
            rows={3}
            value={draft.env}
            spellCheck={false}
            placeholder="CODEX_HOME=/home/me/.codex"
            onChange={(e) => set('env')(e.target.value)}
          />
        )}
      </Field>
      <div className="agent-editor-actions">
        <button type="submit" className="button-primary small" aria-disabled={saving}>
          Save agent
        </button>
        <button type="button" className="button-quiet small" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  )
}
