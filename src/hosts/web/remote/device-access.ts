import type { BridgeError, BridgeMethod } from '../../../shared/bridge'
import { bridgeError } from '../../../shared/bridge-dispatch'

/**
 * What a paired device may do: read sessions and transcripts, send messages, answer and stop.
 * Everything else — creating or removing sessions, Settings, agents, MCP servers, devices and
 * pairing — stays with the computer. An allow-list: a call added later is refused until it is
 * judged safe here.
 */
const DEVICE_MAY: ReadonlySet<BridgeMethod> = new Set<BridgeMethod>([
  'listSessions',
  'openSession',
  'loadOlderEvents',
  'send',
  'stop',
  'retryTurn',
  'setSessionMode',
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
  // The images a session's messages carry, for the transcript's thumbnails.
  'readAttachment',
  // Read only (keys are never in it): the page needs the default mode and the backend's label.
  'getSettings',
])

const isBypass = (input: unknown) =>
  typeof input === 'object' && input !== null && 'mode' in input && input.mode === 'bypass'

/** A permission answer that would make a lasting rule: a device answers for the turn only. */
const makesRule = (input: unknown) =>
  typeof input === 'object' &&
  input !== null &&
  'scope' in input &&
  input.scope !== undefined &&
  input.scope !== 'turn'

/** A message that attaches a workspace file: reading the computer's files stays on the computer. */
const attachesFiles = (input: unknown) =>
  typeof input === 'object' &&
  input !== null &&
  'attachments' in input &&
  Array.isArray(input.attachments) &&
  input.attachments.some(
    (item: unknown) =>
      typeof item === 'object' && item !== null && 'kind' in item && item.kind !== 'image',
  )

/** A paired device's call, refused (typed, nothing runs), or null when it may run. */
export function refuseForDevice(method: string, input: unknown): BridgeError | null {
  if (!DEVICE_MAY.has(method as BridgeMethod))
    return bridgeError('forbidden', `${method.slice(0, 64)}: not allowed from a paired device`)
  if (method === 'setSessionMode' && isBypass(input))
    return bridgeError('forbidden', 'a paired device may not switch a session to bypass')
  if (method === 'respondToPermission' && makesRule(input))
    return bridgeError(
      'forbidden',
      'a paired device may remember an answer for this turn only; lasting rules are made on the computer',
    )
  if (method === 'send' && attachesFiles(input))
    return bridgeError('forbidden', 'a paired device may not attach files from the computer')
  return null
}
