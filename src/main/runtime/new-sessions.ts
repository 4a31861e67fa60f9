import { mkdirSync } from 'node:fs'
import { join, resolve } from 'node:path'
import type { AgentSpec } from '../../shared/acp-agents'
import type { BridgeCalls, BridgeOutput, BridgeParsedInput } from '../../shared/bridge'
import { errorMessage } from '../../shared/plain-error'
import type { AgentRef } from '../../shared/session-events'
import { DEMO_BACKEND_ID, type ModelBackend } from './models/model-backend'
import type { RecentProjects } from './projects/recent-projects'
import { SessionStore } from './session-store'
import type { SettingsStore } from './settings/settings-store'

type Out<M extends keyof BridgeCalls> = Promise<BridgeOutput<M>>
type In<M extends keyof BridgeCalls> = BridgeParsedInput<M>

export interface NewSessionsDeps {
  store: SessionStore
  settings: SettingsStore
  projects: RecentProjects
  backend(): ModelBackend
  dataDir: string
  /** `--workspace`, and the folder Parley was started in. */
  workspace: string | undefined
  currentFolder: string | undefined
  /** The agent `--acp` names: new sessions use it unless they name another. */
  defaultAgent(): AgentSpec | undefined
  problems: string[]
}

/** Where a new session works and which agent it talks to, then the session itself. */
export class NewSessions {
  constructor(private readonly deps: NewSessionsDeps) {}

  async createSession(input: In<'createSession'>): Out<'createSession'> {
    const workspace = this.#workspaceFor(input)
    if (workspace === undefined)
      return { ok: false, reason: 'no_workspace', message: 'Choose a folder for this session.' }
    const problem = SessionStore.folderProblem(workspace)
    if (problem) return { ok: false, reason: 'invalid_workspace', message: problem }
    const chosen = this.#agentFor(input.agent)
    if (!chosen.ok)
      return {
        ok: false,
        reason: 'unknown_agent',
        message: `no agent "${input.agent}" in Settings`,
      }
    const session = this.deps.store.create({
      workspace,
      title: input.title,
      mode: input.mode ?? this.deps.settings.current.defaultMode,
      backend: chosen.agent ? `acp:${chosen.agent.id}` : this.deps.backend().id,
      agent: chosen.agent,
    })
    await this.deps.projects.opened(workspace, session.header.createdAt).catch((error: unknown) => {
      this.deps.problems.push(`the recent projects could not be saved: ${errorMessage(error)}`)
    })
    return { ok: true, session: this.deps.store.summary(session.header.id) }
  }

  /**
   * The folder new sessions work in: the one asked for, else `--workspace`, else Settings; else
   * none (the person is asked), never where Parley happened to start. The demo gets a scratch
   * folder.
   */
  #workspaceFor(input: In<'createSession'>): string | undefined {
    const named = input.workspace ?? this.deps.workspace
    if (named) return resolve(named)
    if (this.deps.backend().id === DEMO_BACKEND_ID) {
      const scratch = join(this.deps.dataDir, 'demo-workspace')
      mkdirSync(scratch, { recursive: true })
      return scratch
    }
    const fallback = this.deps.settings.current.defaultWorkspace || this.deps.currentFolder
    return fallback ? resolve(fallback) : undefined
  }

  /** The agent a new session talks to: the one it names, else `--acp`'s, else Parley's own. */
  #agentFor(
    requested: string | undefined,
  ): { ok: true; agent: AgentRef | undefined } | { ok: false } {
    const pick = (spec: AgentSpec): AgentRef => ({
      id: spec.id,
      name: spec.name,
      command: spec.command,
      args: spec.args,
    })
    const fallback = this.deps.defaultAgent()
    if (requested === 'parley') return { ok: true, agent: undefined }
    if (requested === undefined) return { ok: true, agent: fallback ? pick(fallback) : undefined }
    const named =
      this.deps.settings.current.agents.find((a) => a.id === requested) ??
      (fallback?.id === requested ? fallback : undefined)
    return named ? { ok: true, agent: pick(named) } : { ok: false }
  }
}
