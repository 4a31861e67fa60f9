import type { Fixture } from '@copilotkit/aimock'
import type { SessionSummary } from '../../../../shared'
import {
  makeRig,
  startRuntime,
  type TestRig,
  type TestRuntime,
} from '../../testing/runtime-test-kit'
import { codexAcpBinary, codexHome, startMockModel } from './codex-offline'

/** A runtime with Codex as a named agent, against a mock model, and one session with it open. */
export interface CodexSession {
  rig: TestRig
  runtime: TestRuntime
  session: SessionSummary
}

/**
 * Starts a mock model answering by `fixtures`, a runtime whose Settings name Codex (through a
 * custom provider, so no sign-in), and a session with it in ask mode. `prepare` sees the rig's
 * workspace before the runtime starts. Whatever was started is pushed onto `cleanups`.
 */
export async function startCodexSession(
  fixtures: Fixture[],
  cleanups: Array<() => Promise<void>>,
  prepare?: (rig: TestRig) => void,
): Promise<CodexSession> {
  const model = await startMockModel(fixtures)
  cleanups.push(() => model.stop())
  const rig = makeRig({ turns: [{ steps: [{ say: 'unused' }] }] })
  prepare?.(rig)
  const runtime = await startRuntime(rig)
  cleanups.push(() => runtime.close())
  const env = codexHome(rig.dir, model.url, 'mock')
  const updated = await runtime.updateSettings({
    agents: [{ id: 'codex', name: 'Codex', command: codexAcpBinary(), args: [], env }],
  })
  if (!updated.ok) throw new Error(`Settings refused Codex: ${JSON.stringify(updated)}`)
  const created = await runtime.createSession({ agent: 'codex', mode: 'ask' })
  if (!created.ok) throw new Error(created.reason)
  return { rig, runtime, session: created.session }
}
