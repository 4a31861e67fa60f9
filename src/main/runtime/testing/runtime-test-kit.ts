import { mkdtempSync, writeFileSync, mkdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { BridgeEvent } from '../../../shared/bridge'
import type { Scenario } from '../../../shared/scenario'
import type { SessionEvent } from '../../../shared/session-events'
import { createRuntime } from '../create-runtime'
import type { Runtime, RuntimeOptions } from '../runtime-types'
import { readCleanLog } from '../sessions/testing/clean-log'

/** Test helpers: a throwaway data folder and workspace, a scenario file, and event waiting. */
export interface TestRig {
  dir: string
  dataDir: string
  workspace: string
  scenarioPath: string
}

export function makeRig(scenario: Scenario): TestRig {
  const dir = mkdtempSync(join(tmpdir(), 'parley-test-'))
  const rig = {
    dir,
    dataDir: join(dir, 'data'),
    workspace: join(dir, 'ws'),
    scenarioPath: join(dir, 'scenario.json'),
  }
  mkdirSync(rig.workspace, { recursive: true })
  writeFileSync(rig.scenarioPath, JSON.stringify(scenario))
  return rig
}

export type TestRuntime = Runtime & { events: BridgeEvent[]; problems: readonly string[] }

export async function startRuntime(
  rig: TestRig,
  options: Partial<RuntimeOptions> = {},
): Promise<TestRuntime> {
  const runtime = await createRuntime({
    dataDir: rig.dataDir,
    scenarioPath: rig.scenarioPath,
    workspace: rig.workspace,
    interactive: true,
    env: { PARLEY_FAKE_DELAY_MS: '0' },
    ...options,
  })
  const events: BridgeEvent[] = []
  runtime.onEvent((event) => events.push(event))
  return Object.assign(runtime, { events })
}

/** Resolves with the first event (already seen or future) that matches. */
export function waitForEvent<T extends BridgeEvent>(
  runtime: TestRuntime,
  match: (event: BridgeEvent) => event is T,
  timeoutMs?: number,
): Promise<T>
export function waitForEvent(
  runtime: TestRuntime,
  match: (event: BridgeEvent) => boolean,
  timeoutMs?: number,
): Promise<BridgeEvent>
export function waitForEvent(
  runtime: TestRuntime,
  match: (event: BridgeEvent) => boolean,
  timeoutMs = 5_000,
): Promise<BridgeEvent> {
  const seen = runtime.events.find(match)
  if (seen) return Promise.resolve(seen)
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      off()
      reject(
        new Error(
          `no matching event within ${timeoutMs} ms; saw: ${runtime.events.map((e) => (e.type === 'session_event' ? e.event.type : e.type)).join(', ')}`,
        ),
      )
    }, timeoutMs)
    const off = runtime.onEvent((event) => {
      if (!match(event)) return
      clearTimeout(timer)
      off()
      resolve(event)
    })
  })
}

export const isTurnEnd = (
  event: BridgeEvent,
): event is Extract<BridgeEvent, { type: 'session_event' }> =>
  event.type === 'session_event' && event.event.type === 'turn_end'

export const isAdded = (
  event: BridgeEvent,
): event is Extract<BridgeEvent, { type: 'interaction_added' }> =>
  event.type === 'interaction_added'

/** Waits for the nth (1-based) interaction_added event. */
export async function nthInteraction(runtime: TestRuntime, n: number) {
  let count = 0
  const event = await waitForEvent(
    runtime,
    (e): e is Extract<BridgeEvent, { type: 'interaction_added' }> => isAdded(e) && ++count === n,
  )
  return event.interaction
}

export async function newSession(
  runtime: Runtime,
  mode: 'explore' | 'ask' | 'execute' | 'bypass' = 'ask',
): Promise<string> {
  const created = await runtime.createSession({ mode })
  if (!created.ok) throw new Error(created.reason)
  return created.session.id
}

/** The session's log as written on disk, read as Parley reads it (a damaged record fails). */
export function readLogRecords(rig: TestRig, sessionId: string): SessionEvent[] {
  return readCleanLog(join(rig.dataDir, 'sessions', `${sessionId}.jsonl`))
}

export function assistantTexts(events: readonly SessionEvent[]): string[] {
  return events.flatMap((e) => (e.type === 'assistant_text' ? [e.text] : []))
}

/** Every tool_call has exactly one tool_result. */
export function callsAndResultsPair(events: readonly SessionEvent[]): boolean {
  const calls = events
    .filter((e) => e.type === 'tool_call')
    .map((e) => (e.type === 'tool_call' ? e.toolCallId : ''))
  const results = events
    .filter((e) => e.type === 'tool_result')
    .map((e) => (e.type === 'tool_result' ? e.toolCallId : ''))
  return (
    calls.length === results.length &&
    calls.every((id) => results.filter((r) => r === id).length === 1)
  )
}

export const TWO_QUESTIONS = {
  questions: [
    {
      question: 'Which migration?',
      options: [{ label: 'Expand', description: 'safe' }, { label: 'Big bang' }],
    },
    {
      question: 'Which runner?',
      options: [{ label: 'Vitest' }, { label: 'Jest' }, { label: 'node:test' }],
    },
  ],
}
