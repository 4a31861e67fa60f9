import type { BridgeMethod } from './bridge'

/**
 * Every bridge call's name, in BRIDGE_CALLS' order, apart from the schemas: the page builds its
 * bridge before it loads them (its first frame loads no schema library). The compiler holds this
 * list to BRIDGE_CALLS both ways: a name it does not have is a type error here, and so is a
 * method left out (`EVERY_METHOD_LISTED`); a test checks the order.
 */
export const BRIDGE_METHODS = [
  'listSessions',
  'createSession',
  'openSession',
  'loadOlderEvents',
  'renameSession',
  'setSessionMode',
  'setAgentMode',
  'setAgentConfigOption',
  'removeSession',
  'send',
  'stop',
  'runUserCommand',
  'retryTurn',
  'respondToPermission',
  'respondToQuestion',
  'respondToAgentPermission',
  'respondToForm',
  'sendFormAsMessage',
  'dismissInteraction',
  'saveQuestionDraft',
  'saveFormDraft',
  'listPending',
  'listInbox',
  'listDevices',
  'revokeDevice',
  'listPermissionRules',
  'removePermissionRule',
  'getSettings',
  'updateSettings',
  'listModels',
  'listMcpServers',
  'approveMcpServers',
  'restartMcpServer',
  'signInMcpServer',
  'signOutMcpServer',
  'addMcpServer',
  'testConnection',
  'listCheckpoints',
  'previewCheckpoint',
  'restoreCheckpoint',
  'listProjects',
  'completeFolder',
  'pickFolder',
  'searchWorkspaceFiles',
  'searchSessions',
  'readAttachment',
] as const satisfies readonly BridgeMethod[]

type Unlisted = Exclude<BridgeMethod, (typeof BRIDGE_METHODS)[number]>
export const EVERY_METHOD_LISTED: [Unlisted] extends [never] ? true : Unlisted = true
