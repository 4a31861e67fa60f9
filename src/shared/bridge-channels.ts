import type { BridgeCalls, BridgeMethod, EVENT_CHANNEL } from './bridge'

/**
 * The IPC channel of every bridge call, without the zod schemas. The sandboxed preload bundles
 * everything it imports; importing `BRIDGE_CALLS` would pull all of zod (~200 KB) into it just to
 * learn channel names. The `satisfies` clause makes this a compile-checked mirror of
 * `BRIDGE_CALLS[m].channel`: a missing, extra or differently named channel fails typecheck.
 */
export const BRIDGE_CHANNELS = {
  listSessions: 'sessions:list',
  createSession: 'sessions:create',
  openSession: 'sessions:open',
  loadOlderEvents: 'sessions:older-events',
  renameSession: 'sessions:rename',
  setSessionMode: 'sessions:set-mode',
  setAgentMode: 'sessions:set-agent-mode',
  setAgentConfigOption: 'sessions:set-agent-config',
  removeSession: 'sessions:remove',
  send: 'chat:send',
  stop: 'chat:stop',
  runUserCommand: 'chat:run-user-command',
  retryTurn: 'chat:retry',
  respondToPermission: 'interactions:respond-permission',
  respondToQuestion: 'interactions:respond-question',
  respondToAgentPermission: 'interactions:respond-agent-permission',
  respondToForm: 'interactions:respond-form',
  sendFormAsMessage: 'interactions:send-as-message',
  dismissInteraction: 'interactions:dismiss',
  saveQuestionDraft: 'interactions:save-draft',
  saveFormDraft: 'interactions:save-form-draft',
  listPending: 'interactions:list-pending',
  listInbox: 'interactions:list-inbox',
  listDevices: 'devices:list',
  revokeDevice: 'devices:revoke',
  listPermissionRules: 'permissions:list-rules',
  removePermissionRule: 'permissions:remove-rule',
  getSettings: 'settings:get',
  updateSettings: 'settings:update',
  listModels: 'settings:list-models',
  listMcpServers: 'mcp:list',
  approveMcpServers: 'mcp:approve',
  restartMcpServer: 'mcp:restart',
  signInMcpServer: 'mcp:sign-in',
  signOutMcpServer: 'mcp:sign-out',
  addMcpServer: 'mcp:add',
  testConnection: 'settings:test-connection',
  listCheckpoints: 'checkpoints:list',
  previewCheckpoint: 'checkpoints:preview',
  restoreCheckpoint: 'checkpoints:restore',
  listProjects: 'projects:list',
  completeFolder: 'projects:complete-folder',
  pickFolder: 'projects:pick-folder',
  searchWorkspaceFiles: 'projects:search-files',
  searchSessions: 'sessions:search',
  readAttachment: 'sessions:read-attachment',
} as const satisfies { readonly [M in BridgeMethod]: BridgeCalls[M]['channel'] }

/** Same value as `EVENT_CHANNEL` in bridge.ts (checked by the type below), zod-free. */
export const BRIDGE_EVENT_CHANNEL = 'events:push' satisfies typeof EVENT_CHANNEL
