import type {
  BridgeError,
  BridgeInput,
  BridgeMethod,
  BridgeOutput,
  HostBridge,
} from '../shared/bridge'
import { dispatchBridgeCall } from '../shared/bridge-dispatch'
import type { Runtime } from '../main/runtime/runtime-types'

/** The bridge calls the terminal client makes. */
export type TuiMethod = Extract<
  BridgeMethod,
  | 'listSessions'
  | 'createSession'
  | 'openSession'
  | 'removeSession'
  | 'send'
  | 'stop'
  | 'retryTurn'
  | 'setSessionMode'
  | 'setAgentMode'
  | 'setAgentConfigOption'
  | 'respondToPermission'
  | 'respondToQuestion'
  | 'respondToAgentPermission'
  | 'respondToForm'
  | 'sendFormAsMessage'
  | 'dismissInteraction'
  | 'saveQuestionDraft'
  | 'saveFormDraft'
  | 'listPending'
  | 'listInbox'
  | 'getSettings'
  | 'updateSettings'
  | 'listModels'
  | 'listMcpServers'
  | 'approveMcpServers'
  | 'restartMcpServer'
  | 'listPermissionRules'
  | 'removePermissionRule'
  | 'previewCheckpoint'
  | 'restoreCheckpoint'
  | 'runUserCommand'
  | 'searchWorkspaceFiles'
>

/**
 * What the terminal client talks to: the host bridge's calls it uses, each of which may also come
 * back as a typed `BridgeError` (bad input is refused, never thrown). `bridgeFromRuntime(runtime)`
 * fits; tests hand in a fake.
 */
export type TuiBridge = Pick<HostBridge, TuiMethod | 'onEvent'>

/**
 * The in-process runtime as a bridge. Every call goes through `dispatchBridgeCall`, the one
 * validation path every host uses, so the terminal's input (a message, an "Other" answer) is
 * trimmed and bounded exactly as it would be over IPC or WebSocket.
 */
export function bridgeFromRuntime(runtime: Runtime | Promise<Runtime>): TuiBridge {
  const call =
    <M extends TuiMethod>(method: M) =>
    async (input: BridgeInput<M>) =>
      dispatchBridgeCall(await runtime, method, input) as Promise<BridgeOutput<M> | BridgeError>
  return {
    listSessions: call('listSessions'),
    previewCheckpoint: call('previewCheckpoint'),
    restoreCheckpoint: call('restoreCheckpoint'),
    createSession: call('createSession'),
    openSession: call('openSession'),
    removeSession: call('removeSession'),
    send: call('send'),
    stop: call('stop'),
    retryTurn: call('retryTurn'),
    setSessionMode: call('setSessionMode'),
    setAgentMode: call('setAgentMode'),
    setAgentConfigOption: call('setAgentConfigOption'),
    respondToPermission: call('respondToPermission'),
    respondToQuestion: call('respondToQuestion'),
    respondToAgentPermission: call('respondToAgentPermission'),
    respondToForm: call('respondToForm'),
    sendFormAsMessage: call('sendFormAsMessage'),
    dismissInteraction: call('dismissInteraction'),
    saveQuestionDraft: call('saveQuestionDraft'),
    saveFormDraft: call('saveFormDraft'),
    listPending: call('listPending'),
    listInbox: call('listInbox'),
    getSettings: call('getSettings'),
    updateSettings: call('updateSettings'),
    listModels: call('listModels'),
    listMcpServers: call('listMcpServers'),
    approveMcpServers: call('approveMcpServers'),
    restartMcpServer: call('restartMcpServer'),
    listPermissionRules: call('listPermissionRules'),
    removePermissionRule: call('removePermissionRule'),
    runUserCommand: call('runUserCommand'),
    searchWorkspaceFiles: call('searchWorkspaceFiles'),
    onEvent: (callback) => {
      // While the runtime still starts, the subscription is made once it is there.
      let unsubscribe: (() => void) | null = null
      let unsubscribed = false
      void Promise.resolve(runtime).then((started) => {
        if (!unsubscribed) unsubscribe = started.onEvent(callback)
      })
      return () => {
        unsubscribed = true
        unsubscribe?.()
      }
    },
  }
}
