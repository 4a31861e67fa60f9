import type { ActiveSessionMemory, AgentChoiceMemory } from './chat-actions'

/** The shown session, per tab (sessionStorage), so a reload shows it again. */
export const TAB_SESSION_MEMORY: ActiveSessionMemory = {
  read() {
    try {
      return sessionStorage.getItem('parley.activeSession')
    } catch {
      return null
    }
  },
  write(sessionId) {
    try {
      if (sessionId) sessionStorage.setItem('parley.activeSession', sessionId)
      else sessionStorage.removeItem('parley.activeSession')
    } catch {
      // Storage can be unavailable (privacy settings); the newest session is shown instead.
    }
  },
}

/** The New-session menu's last choice, across launches (localStorage). */
export const STORED_AGENT_CHOICE: AgentChoiceMemory = {
  read() {
    try {
      return localStorage.getItem('parley.agentChoice')
    } catch {
      return null
    }
  },
  write(choice) {
    try {
      localStorage.setItem('parley.agentChoice', choice)
    } catch {
      // Without storage the choice lasts as long as the window.
    }
  },
}
