import { PROMPT_ARMING_MS } from '../../shared/prompt-arming'
import { INITIAL_STATE, agentChosen } from './app-state'
import { answerActions } from './answer-actions'
import { STORED_AGENT_CHOICE, TAB_SESSION_MEMORY } from './browser-memory'
import type { ChatActions, ChatStore, ChatStoreOptions } from './chat-actions'
import { composerActions } from './composer-actions'
import { mcpActions } from './mcp-actions'
import { newSessionActions } from './new-session-actions'
import { sessionActions } from './session-actions'
import { createSessionNavigation } from './session-navigation'
import { settingsActions } from './settings-actions'
import { createStoreKit } from './store-kit'
import { turnActions } from './turn-actions'

export type {
  ActiveSessionMemory,
  AgentChoiceMemory,
  ChatActions,
  ChatStore,
  ChatStoreOptions,
  McpApprovalOutcome,
  ModelSuggestions,
  PermissionAnswer,
  RetryOutcome,
} from './chat-actions'

/** Enough records for a tall window of rows, plus a margin (a row takes one to a few records). */
const TAIL_RECORDS = 120

/**
 * The chat client's state: a zustand store holding an AppState, changed only through the pure
 * functions of app-state.ts, plus the actions that talk to the bridge, one module per concern
 * (docs/architecture.md): the sessions list and the session shown, starting sessions, the
 * composer, turns, answers to what waits, MCP servers, Settings.
 */
export function createChatStore(options: ChatStoreOptions): ChatStore {
  const memory = options.memory ?? TAB_SESSION_MEMORY
  const choiceMemory = options.agentChoiceMemory ?? STORED_AGENT_CHOICE
  const kit = createStoreKit(
    options.bridge,
    agentChosen(INITIAL_STATE, choiceMemory.read()),
    options.scheduleFrame,
  )
  const nav = createSessionNavigation(kit, {
    memory,
    tailRecords: options.tailRecords ?? TAIL_RECORDS,
  })
  const starting = newSessionActions(kit, nav, choiceMemory)
  const actions: ChatActions = {
    ...sessionActions(kit, nav, {
      memory,
      onConnection: options.onConnection,
      createSession: starting.createSession,
    }),
    ...starting,
    ...composerActions(kit, starting.createSession),
    ...turnActions(kit, nav),
    ...answerActions(kit),
    ...mcpActions(kit),
    ...settingsActions(kit),
  }
  return {
    state: kit.state,
    actions,
    promptArmingMs: options.promptArmingMs ?? PROMPT_ARMING_MS,
    paired: options.paired ?? false,
  }
}
