import { useMemo, useState, type KeyboardEvent } from 'react'
import type { AgentCommand } from '../../shared/acp-agents'
import { activeSession, draftKey } from '../state/app-state'
import { useActions, useChat } from '../state/chat-context'
import { parleyModeCommand, slashEntries, slashQuery, type SlashEntry } from '../state/slash-menu'
import { useShell } from '../shell/shell-context'

const NO_COMMANDS: readonly AgentCommand[] = []

/**
 * The message box's `/` menu: open while the draft is a lone `/word` that matches a command.
 * Choosing Parley's own command runs it; choosing the agent's sends `/name` to the agent as it
 * expects (a command that takes input is written into the box for its input first).
 */
export function useSlashMenu(draft: string) {
  const actions = useActions()
  const shell = useShell()
  const sessionId = useChat((s) => s.activeSessionId)
  const agentCommands = useChat((s) => activeSession(s)?.agentCommands ?? NO_COMMANDS)
  const [dismissed, setDismissed] = useState<string | null>(null)
  const [picked, setPicked] = useState({ draft: '', index: 0 })
  const query = slashQuery(draft)
  const entries = useMemo(
    () => (query === null ? [] : slashEntries(agentCommands, query)),
    [agentCommands, query],
  )
  const open = entries.length > 0 && dismissed !== draft
  const active = picked.draft === draft ? Math.min(picked.index, entries.length - 1) : 0
  const setDraft = (text: string) => actions.setComposerDraft(draftKey(sessionId), text)

  const run = (entry: SlashEntry) => {
    if (entry.hint !== undefined) {
      setDraft(`/${entry.name} `)
      return
    }
    if (entry.source === 'agent') {
      setDraft(`/${entry.name}`)
      void actions.send()
      return
    }
    setDraft('')
    switch (entry.name) {
      case 'new':
        void actions.newSession().then(() => shell.focusComposer())
        return
      case 'open':
        void actions.openFolder()
        return
      case 'model':
        shell.openSettingsAt('model')
        return
      case 'inbox':
        shell.setInboxOpen(true)
        return
      case 'settings':
        shell.openSettings()
        return
    }
  }

  /** Keys while the menu is open; true when the key was the menu's. */
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>): boolean => {
    if (!open) return false
    const move = (step: number) => {
      event.preventDefault()
      setPicked({ draft, index: (active + step + entries.length) % entries.length })
      return true
    }
    switch (event.key) {
      case 'ArrowDown':
        return move(1)
      case 'ArrowUp':
        return move(-1)
      case 'Escape':
        event.preventDefault()
        setDismissed(draft)
        return true
      case 'Enter':
      case 'Tab': {
        if (event.shiftKey || event.nativeEvent.isComposing) return false
        const entry = entries[active]
        if (!entry) return false
        event.preventDefault()
        run(entry)
        return true
      }
      default:
        return false
    }
  }

  /** A submitted `/mode NAME` changes Parley's permission mode instead of being sent; true then. */
  const submitCommand = (): boolean => {
    const mode = parleyModeCommand(draft, agentCommands)
    if (mode === null || sessionId === null) return false
    setDraft('')
    void actions.setMode(sessionId, mode)
    return true
  }

  return { open, entries, active, run, onKeyDown, submitCommand }
}
