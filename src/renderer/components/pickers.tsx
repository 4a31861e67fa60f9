import { useRef, useState } from 'react'
import { isPermissionMode, PERMISSION_MODES } from '../../shared/permission-modes'
import { modelInUse } from '../../shared/model-in-use'
import { useActions, useChat } from '../state/chat-context'
import { ChoiceMenu } from './choice-menu'
import { ConfirmPopover } from './confirm-popover'

/** A mode's name in the picker. */
export const MODE_NAME = {
  explore: 'Explore',
  ask: 'Ask',
  execute: 'Execute',
  bypass: 'Bypass',
} as const

export const MODE_HINT = {
  explore: 'Explore: read-only tools',
  ask: 'Ask: every change asks first',
  execute: 'Execute: edits allowed, commands ask',
  bypass: 'Bypass: never asks',
} as const

/**
 * For an ACP session the same policy only governs what the agent reads and writes through Parley
 * (`fs/read_text_file`, `fs/write_text_file`); its own tools ask through its own permission
 * requests. The picker says so.
 */
export const FILE_ACCESS_NAME = {
  explore: 'Reads files, never changes them',
  ask: 'Asks you before changing files',
  execute: 'Changes files without asking',
  bypass: 'Never asks about files',
} as const

const FILE_ACCESS_HINT =
  'How Parley answers this agent’s requests to read and write files through Parley. Its own tools ask through its own permission requests.'

/**
 * The session's permission mode (explore / ask / execute / bypass). Bypass runs everything
 * without asking: stepping onto it with the arrow keys (cycling through the modes) stops at an
 * explicit confirmation; picking it by name from the open list is already one.
 */
export function ModePicker({ sessionId }: { sessionId: string }) {
  const actions = useActions()
  const mode = useChat((s) => s.sessions.find((x) => x.id === sessionId)?.mode)
  const isAgent = useChat((s) => s.sessions.find((x) => x.id === sessionId)?.agent !== undefined)
  const [confirming, setConfirming] = useState(false)
  const selectRef = useRef<HTMLSelectElement>(null)
  // Set by a key that steps through the options of the closed list (arrows, Home/End, typing).
  const cycling = useRef(false)
  if (!mode) return null
  const close = () => {
    setConfirming(false)
    selectRef.current?.focus()
  }
  return (
    <>
      <label className="picker" title={isAgent ? FILE_ACCESS_HINT : MODE_HINT[mode]}>
        <select
          ref={selectRef}
          aria-label={isAgent ? 'File access through Parley' : 'Mode'}
          value={mode}
          onKeyDown={(e) => {
            cycling.current = e.key !== 'Enter' && e.key !== ' ' && e.key !== 'Tab'
          }}
          onBlur={() => (cycling.current = false)}
          onChange={(e) => {
            const picked = e.target.value
            const cycled = cycling.current
            cycling.current = false
            if (!isPermissionMode(picked)) return
            // Picked from the open list by name, Bypass is a choice; stepped onto with the
            // keyboard, it could be a slip, so it takes a confirmation.
            if (picked === 'bypass' && cycled) setConfirming(true)
            else void actions.setMode(sessionId, picked)
          }}
        >
          {PERMISSION_MODES.map((m) => (
            <option key={m} value={m}>
              {isAgent ? FILE_ACCESS_NAME[m] : MODE_NAME[m]}
            </option>
          ))}
        </select>
      </label>
      {confirming && (
        <ConfirmPopover
          title="Switch to Bypass?"
          confirmLabel="Switch to Bypass"
          onCancel={close}
          onConfirm={() => {
            void actions.setMode(sessionId, 'bypass')
            close()
          }}
        >
          {isAgent
            ? 'Parley will let the agent change files through it without asking you first, for the rest of this session. Its own permission requests still ask.'
            : 'The agent will run commands and change files without asking you first, for the rest of this session.'}
        </ConfirmPopover>
      )}
    </>
  )
}

/**
 * An ACP agent's own modes (its `agentModes`): name and description of each, switched with the
 * agent. Shown once the agent has said which modes it has.
 */
export function AgentModePicker({ sessionId }: { sessionId: string }) {
  const actions = useActions()
  const modes = useChat((s) => s.sessions.find((x) => x.id === sessionId)?.agentModes)
  const agentName = useChat((s) => s.sessions.find((x) => x.id === sessionId)?.agent?.name ?? '')
  if (!modes || modes.available.length === 0) return null
  const current = modes.available.find((m) => m.id === modes.currentModeId)
  const name = current?.name ?? modes.currentModeId
  return (
    <ChoiceMenu
      buttonLabel={`Agent mode: ${name}`}
      buttonTitle={current?.description ?? `${agentName}'s mode`}
      buttonClassName="picker-button"
      buttonContent={
        <>
          {name} <span aria-hidden="true">▾</span>
        </>
      }
      menuLabel={`${agentName} modes`}
      placement="above"
      choices={modes.available.map((m) => ({
        id: m.id,
        name: m.name,
        ...(m.description ? { description: m.description } : {}),
      }))}
      checkedId={modes.currentModeId}
      onChoose={(modeId) => {
        if (modeId !== modes.currentModeId) void actions.setAgentMode(sessionId, modeId)
      }}
    />
  )
}

/**
 * The model new turns use, named as it is: the saved choice, else the provider's first model (what
 * an empty choice means), and PARLEY_MODEL's model while it overrides both (then it cannot be
 * changed here). Not shown when there is nothing to choose (a scenario's one fake model).
 */
export function ModelPicker() {
  const actions = useActions()
  const settings = useChat((s) => s.settings)
  const inUse = settings ? modelInUse(settings) : ''
  const models = settings?.models ?? []
  const options = models.includes(inUse) || inUse === '' ? models : [inUse, ...models]
  if (options.length < 2) return null
  const override = settings?.modelOverride !== undefined
  return (
    <label
      className="picker"
      title={override ? `Set by PARLEY_MODEL for this launch` : 'The model new turns use'}
    >
      <select
        aria-label="Model"
        value={inUse}
        disabled={override}
        onChange={(e) => void actions.updateSettings({ model: e.target.value })}
      >
        {options.map((m) => (
          <option key={m} value={m}>
            {m}
          </option>
        ))}
      </select>
    </label>
  )
}
