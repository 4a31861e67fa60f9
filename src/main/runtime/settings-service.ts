import type { BridgeCalls, BridgeOutput, BridgeParsedInput } from '../../shared/bridge'
import type { AgentSpec } from '../../shared/acp-agents'
import { errorMessage } from '../../shared/plain-error'
import type { ProviderCandidate, PublicSettings } from '../../shared/settings'
import { checkConnection } from './models/connection-check'
import { resolveBackend, type ModelBackend } from './models/model-backend'
import { modelOverride } from './models/provider-config'
import type { SecretStore } from './settings/secret-store'
import { SettingsFileError, type SettingsStore } from './settings/settings-store'

type Out<M extends keyof BridgeCalls> = Promise<BridgeOutput<M>>
type In<M extends keyof BridgeCalls> = BridgeParsedInput<M>

export interface SettingsServiceDeps {
  settings: SettingsStore
  secrets: SecretStore
  scenarioPath: string | undefined
  env: NodeJS.ProcessEnv
  fetch: typeof globalThis.fetch | undefined
  /** The agent `--acp` names, shown in Settings. */
  commandLineAgent(): AgentSpec | undefined
}

/** Settings as the UIs read and change them, the API keys, and the model backend they choose. */
export class SettingsService {
  #backend!: ModelBackend

  constructor(private readonly deps: SettingsServiceDeps) {}

  get backend(): ModelBackend {
    return this.#backend
  }

  /** Chooses the model backend from the scenario, the environment, the settings and the keys. */
  async resolveBackend(): Promise<void> {
    const { secrets } = this.deps
    this.#backend = await resolveBackend({
      scenarioPath: this.deps.scenarioPath,
      env: this.deps.env,
      settings: this.deps.settings.current,
      secrets: {
        openaiApiKey: await secrets.get('openaiApiKey'),
        anthropicApiKey: await secrets.get('anthropicApiKey'),
      },
      ...(this.deps.fetch ? { fetch: this.deps.fetch } : {}),
    })
  }

  async #publicSettings(): Promise<PublicSettings> {
    const { settings, secrets } = this.deps
    const current = settings.current
    const override = modelOverride(this.deps.env)
    const agent = this.deps.commandLineAgent()
    return {
      ...current,
      openaiApiKeySet: Boolean(await secrets.get('openaiApiKey')),
      anthropicApiKeySet: Boolean(await secrets.get('anthropicApiKey')),
      backendLabel: this.#backend.label,
      models: this.#backend.models,
      ...(override !== undefined && !this.#backend.fake ? { modelOverride: override } : {}),
      ...(agent ? { commandLineAgent: agent } : {}),
      ...(settings.problem !== undefined ? { fileProblem: settings.problem } : {}),
    }
  }

  async getSettings(_input: In<'getSettings'>): Out<'getSettings'> {
    return this.#publicSettings()
  }

  /** The server's `/models` where it answers, else the built-in suggestions. */
  async listModels({ candidate }: In<'listModels'>): Out<'listModels'> {
    const backend = candidate ? await this.#candidateBackend(candidate) : this.#backend
    const fromServer = await backend.serverModels()
    return fromServer
      ? { ok: true, models: fromServer, from: 'server' }
      : { ok: true, models: backend.models, from: 'builtin' }
  }

  async testConnection({ candidate }: In<'testConnection'>): Out<'testConnection'> {
    return checkConnection(candidate ? await this.#candidateBackend(candidate) : this.#backend)
  }

  /**
   * The backend the Settings form describes, not saved: its fields over the saved settings, a key
   * typed there over the saved one (an empty one is the saved one). A scenario does not stand in
   * for it: the person asked about the provider in the form. Nothing of it is kept.
   */
  async #candidateBackend(candidate: ProviderCandidate): Promise<ModelBackend> {
    const { openaiApiKey, anthropicApiKey, ...fields } = candidate
    const { PARLEY_SCENARIO: _scenario, ...env } = this.deps.env
    const { secrets } = this.deps
    return resolveBackend({
      scenarioPath: undefined,
      env,
      settings: { ...this.deps.settings.current, ...fields },
      secrets: {
        openaiApiKey: openaiApiKey || (await secrets.get('openaiApiKey')),
        anthropicApiKey: anthropicApiKey || (await secrets.get('anthropicApiKey')),
      },
      ...(this.deps.fetch ? { fetch: this.deps.fetch } : {}),
    })
  }

  async updateSettings(input: In<'updateSettings'>): Out<'updateSettings'> {
    const { openaiApiKey, anthropicApiKey, ...rest } = input
    const { secrets, settings } = this.deps
    try {
      if (openaiApiKey !== undefined) await secrets.set('openaiApiKey', openaiApiKey)
      if (anthropicApiKey !== undefined) await secrets.set('anthropicApiKey', anthropicApiKey)
    } catch (error) {
      // No secure storage on this system: say so, and keep nothing in plain text.
      return {
        ok: false,
        reason: 'invalid',
        message: `the API key was not saved: ${errorMessage(error)}`,
      }
    }
    const patch = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined))
    try {
      await settings.update(patch)
    } catch (error) {
      if (!(error instanceof SettingsFileError)) throw error
      return { ok: false, reason: 'invalid', message: error.message }
    }
    await this.resolveBackend()
    return { ok: true, settings: await this.#publicSettings() }
  }
}
