import { writeFileSync } from 'node:fs'
import type { PermissionInteraction } from '../../../shared/interactions'
import type { PermissionMode } from '../../../shared/permission'
import type { SessionEvent, SessionEventOf } from '../../../shared/session-events'
import type { RuntimeOptions } from '../runtime-types'
import {
  isTurnEnd,
  makeRig,
  newSession,
  readLogRecords,
  startRuntime,
  waitForEvent,
  type TestRig,
  type TestRuntime,
} from './runtime-test-kit'

/** One tool call the scripted model makes, in a step of its own. */
export interface ScriptedCall {
  tool: string
  input: Record<string, unknown>
}

/** How the test answers a permission prompt, as the person would. */
export interface PromptAnswer {
  decision: 'allow' | 'deny'
  remember: boolean
}

export interface TurnOutcome {
  rig: TestRig
  runtime: TestRuntime
  /** Every permission prompt shown, in order. */
  prompts: PermissionInteraction[]
  records: SessionEvent[]
  /** The tool results, in call order. */
  results: Array<SessionEventOf<'tool_result'>>
}

/** A `run_command` call of the scripted model. */
export const commandCall = (text: string): ScriptedCall => ({
  tool: 'run_command',
  input: { command: text },
})

/** A tool result's output as the model reads it. */
export const resultText = (result: SessionEventOf<'tool_result'> | undefined): string =>
  JSON.stringify(result?.output ?? null)

/**
 * One turn on the fake backend whose model makes `calls` one step at a time (`calls` may be made
 * from the rig, to name its folders); each permission prompt is answered by `answer` (deny by
 * default). The runtime is added to `started`, for the caller to close.
 */
export async function runScriptedTurn({
  mode,
  calls,
  answer = () => ({ decision: 'deny', remember: false }),
  prepare = () => {},
  options = {},
  started,
}: {
  mode: PermissionMode
  calls: readonly ScriptedCall[] | ((rig: TestRig) => readonly ScriptedCall[])
  answer?: (prompt: PermissionInteraction, index: number) => PromptAnswer
  prepare?: (rig: TestRig) => void
  options?: Partial<RuntimeOptions>
  started: TestRuntime[]
}): Promise<TurnOutcome> {
  const rig = makeRig({ turns: [] })
  prepare(rig)
  const made = typeof calls === 'function' ? calls(rig) : calls
  writeFileSync(
    rig.scenarioPath,
    JSON.stringify({
      turns: [{ steps: [...made.map((call) => ({ call: [call] })), { say: 'done' }] }],
    }),
  )
  const runtime = await startRuntime(rig, options)
  started.push(runtime)
  const prompts: PermissionInteraction[] = []
  runtime.onEvent((event) => {
    if (event.type !== 'interaction_added' || event.interaction.kind !== 'permission') return
    const prompt = event.interaction
    prompts.push(prompt)
    void runtime.respondToPermission({
      requestId: prompt.requestId,
      ...answer(prompt, prompts.length - 1),
    })
  })
  const sessionId = await newSession(runtime, mode)
  await runtime.send({ sessionId, text: 'go' })
  await waitForEvent(runtime, isTurnEnd, 30_000)
  const records = readLogRecords(rig, sessionId)
  const results = records.filter(
    (e): e is SessionEventOf<'tool_result'> => e.type === 'tool_result',
  )
  return { rig, runtime, prompts, records, results }
}
