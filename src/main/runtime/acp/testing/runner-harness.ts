import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { AgentSpec } from '../../../../shared/acp-agents'
import type { BridgeEvent } from '../../../../shared/bridge'
import type { SessionEvent, SessionEventOf } from '../../../../shared/session-events'
import { AcpSessionRunner, type AcpSessionRunnerOptions } from '../acp-session-runner'
import type { FakeAgentScript } from './fake-acp-agent'
import { FakeAsker } from './fake-asker'

/** The fake agent's entry, run by Node as it is (see fake-acp-agent.ts). */
export const FAKE_AGENT_PATH = join(__dirname, 'fake-acp-agent.ts')

/** The agent spec that runs the fake agent on `scriptPath`. */
export function fakeAgentSpec(scriptPath: string, name = 'Fake Agent'): AgentSpec {
  return {
    id: 'fake',
    name,
    command: process.execPath,
    args: ['--no-warnings', FAKE_AGENT_PATH, scriptPath],
    env: {},
  }
}

/**
 * One runner against a fake or real agent, with what it recorded and emitted, a fake broker, and
 * a temporary workspace. `dispose` closes the runner and removes the folder.
 */
export class RunnerHarness {
  readonly records: SessionEvent[] = []
  readonly emitted: BridgeEvent[] = []
  readonly asker = new FakeAsker()
  readonly root = mkdtempSync(join(tmpdir(), 'parley-acp-'))
  readonly workspace: string
  runner!: AcpSessionRunner
  readonly #listeners = new Set<() => void>()

  constructor() {
    this.workspace = join(this.root, 'workspace')
    mkdirSync(this.workspace)
  }

  /** Writes `script` to a file in the temporary folder and returns the fake agent's spec. */
  scriptAgent(script: FakeAgentScript, name?: string): AgentSpec {
    const path = join(this.root, `script-${Math.random().toString(36).slice(2)}.json`)
    writeFileSync(path, JSON.stringify(script))
    return fakeAgentSpec(path, name)
  }

  start(
    agent: AgentSpec,
    options: Partial<Omit<AcpSessionRunnerOptions, 'agent' | 'record' | 'emit' | 'asker'>> = {},
  ): AcpSessionRunner {
    this.runner = new AcpSessionRunner({
      sessionId: 's-test',
      workspace: this.workspace,
      interactive: true,
      ...options,
      agent,
      asker: this.asker,
      record: (event) => {
        this.records.push(event)
        for (const listener of [...this.#listeners]) listener()
      },
      emit: (event) => {
        this.emitted.push(event)
        for (const listener of [...this.#listeners]) listener()
      },
    })
    return this.runner
  }

  /** Resolves with the first record (from now or before) that matches. */
  waitForRecord<T extends SessionEvent['type']>(
    type: T,
    match: (event: SessionEventOf<T>) => boolean = () => true,
  ): Promise<SessionEventOf<T>> {
    const find = () =>
      this.records.find(
        (e): e is SessionEventOf<T> => e.type === type && match(e as SessionEventOf<T>),
      )
    return new Promise((resolve) => {
      const found = find()
      if (found) return resolve(found)
      const listener = () => {
        const hit = find()
        if (!hit) return
        this.#listeners.delete(listener)
        resolve(hit)
      }
      this.#listeners.add(listener)
    })
  }

  /** Resolves once a live event matching `match` has been emitted (now or before). */
  waitForEmitted(match: (event: BridgeEvent) => boolean): Promise<void> {
    return new Promise((resolve) => {
      if (this.emitted.some(match)) return resolve()
      const listener = () => {
        if (!this.emitted.some(match)) return
        this.#listeners.delete(listener)
        resolve()
      }
      this.#listeners.add(listener)
    })
  }

  of<T extends SessionEvent['type']>(type: T): SessionEventOf<T>[] {
    return this.records.filter((e): e is SessionEventOf<T> => e.type === type)
  }

  /** The agent's reply text of a turn, as recorded. */
  replyText(turnId: string): string {
    return this.of('assistant_text')
      .filter((e) => e.turnId === turnId)
      .map((e) => e.text)
      .join('')
  }

  async dispose(): Promise<void> {
    await this.runner?.close({ reason: 'removed' })
    rmSync(this.root, { recursive: true, force: true })
  }
}
