import { composeRuntime } from './compose'
import type { Runtime, RuntimeOptions } from './runtime-types'
import type { DeviceStore } from './remote/device-store'
import type { BridgeHandlers } from '../../shared/bridge-dispatch'
import type { DeviceRef } from '../../shared/devices'

export { ScenarioError } from './models/model-backend'
export { AgentCommandError } from './compose'

/**
 * Builds the runtime every host uses. Rejects with `ScenarioError` for an unusable scenario file.
 * `problems` lists start-up notices (unreadable session files, ignored settings) for the host to show.
 */
export async function createRuntime(options: RuntimeOptions): Promise<
  Runtime & {
    problems: readonly string[]
    devices: DeviceStore
    forDevice(device: DeviceRef): BridgeHandlers
  }
> {
  const runtime = composeRuntime(options)
  await runtime.init()
  return runtime
}
