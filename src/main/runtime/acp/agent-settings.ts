import { RequestError } from '@agentclientprotocol/sdk'
import type * as acp from '@agentclientprotocol/sdk'
import type { AgentConfigOption } from '../../../shared/agent-config'
import type { Live, RunnerContext, RunnerResult } from './runner-context'
import { followConfig, modeConfigId, setConfig, setModes } from './mode-config-records'
import { combine } from './update-state'

/** A config value as the agent takes it: a boolean option's `true`/`false` as a boolean. */
function wireValue(option: AgentConfigOption | undefined, value: string): string | boolean {
  return option?.kind === 'boolean' ? value === 'true' : value
}

/**
 * The agent's modes and session config options: the person's choices (the mode picker, a config
 * option) sent to the agent and recorded, and set again on each agent session opened later.
 */
export class AgentSettings {
  constructor(
    private readonly c: RunnerContext,
    /** The agent, started and its session open (see AgentLife). */
    private readonly ensureLive: () => Promise<Live>,
  ) {}

  /**
   * Sets again, in the order they were made, the config values the person chose that the agent's
   * newly opened session does not have (a new session starts from the agent's defaults). A value
   * the agent no longer offers, or refuses, is left as the agent reports it.
   */
  async applyChoices(live: Live): Promise<void> {
    const sessionId = live.agentSessionId
    if (sessionId === undefined) return
    await this.#applyModeChoice(live, sessionId)
    for (const [configId, value] of this.c.choices) {
      const option = this.c.updates.config?.options.find((o) => o.id === configId)
      if (!option || option.currentValue === value) continue
      if (!option.values.some((v) => v.value === value)) continue
      try {
        const answer = await this.c.whileAlive(
          live,
          live.connection.setConfigOption(sessionId, configId, wireValue(option, value)),
        )
        this.#applyConfig(answer.configOptions)
      } catch (error) {
        if (!live.process.running) throw error
      }
    }
  }

  /**
   * Sets again the mode the person chose through `session/set_mode` when the newly opened session
   * reports another one (a new agent session starts in the agent's default mode). A mode the
   * agent no longer offers, or refuses, is left as the agent reports it.
   */
  async #applyModeChoice(live: Live, sessionId: string): Promise<void> {
    const modes = this.c.updates.modes
    const choice = this.c.modeChoice
    if (!modes || choice === undefined || modes.via.kind !== 'session_mode') return
    if (modes.currentModeId === choice || !modes.available.some((m) => m.id === choice)) return
    try {
      await this.c.whileAlive(live, live.connection.setMode(sessionId, choice))
      this.c.apply(setModes(this.c.updates, { ...modes, at: this.c.now(), currentModeId: choice }))
    } catch (error) {
      if (!live.process.running) throw error
    }
  }

  /** The agent's full set of config options (its answer or update): recorded, modes with them. */
  #applyConfig(
    options: acp.SessionConfigOption[],
    chosen?: { configId: string; value: string },
  ): void {
    const at = this.c.now()
    this.c.apply(
      combine(setConfig(this.c.updates, options, at, chosen), (s) => followConfig(s, options, at)),
    )
  }

  /** Changes the agent's mode (the mode picker), the way the agent offers it. */
  async setMode(modeId: string): Promise<RunnerResult> {
    try {
      const live = await this.ensureLive()
      const modes = this.c.updates.modes
      if (!modes) return { ok: false, message: `${this.c.agentName} has no modes` }
      if (!modes.available.some((m) => m.id === modeId)) {
        return { ok: false, message: `${this.c.agentName} has no mode "${modeId}"` }
      }
      // Through the config option when the modes are one (or one mirrors them): the choice is
      // then recorded, and applied again after a restart.
      const mirror = modeConfigId(modes, this.c.updates.config?.options ?? [])
      if (mirror !== undefined) return await this.setConfigOption(mirror, modeId)
      const sessionId = live.agentSessionId as string
      await this.c.whileAlive(live, live.connection.setMode(sessionId, modeId))
      this.c.modeChoice = modeId
      this.c.apply(
        setModes(this.c.updates, {
          ...modes,
          at: this.c.now(),
          currentModeId: modeId,
          chosen: true,
        }),
      )
      return { ok: true }
    } catch (error) {
      return this.c.failure(error)
    }
  }

  /**
   * Sets one of the agent's session config options (`session/set_config_option`), e.g. Codex's
   * `collaboration_mode`. The agent's answer — its full set of options — is recorded as the truth,
   * marked as the person's choice, which is applied again to the agent's next session.
   */
  async setConfigOption(configId: string, value: string): Promise<RunnerResult> {
    try {
      const live = await this.ensureLive()
      const option = this.c.updates.config?.options.find((o) => o.id === configId)
      // An agent that announced no options may still take one (Parley knows none to check).
      if (this.c.updates.config && !option) {
        return { ok: false, message: `${this.c.agentName} has no setting "${configId}"` }
      }
      if (option && !option.values.some((v) => v.value === value)) {
        return { ok: false, message: `${this.c.agentName} offers no "${value}" for ${option.name}` }
      }
      let answer: acp.SetSessionConfigOptionResponse
      try {
        answer = await this.c.whileAlive(
          live,
          live.connection.setConfigOption(
            live.agentSessionId as string,
            configId,
            wireValue(option, value),
          ),
        )
      } catch (error) {
        if (!(error instanceof RequestError)) throw error
        const what = option?.name ?? configId
        return {
          ok: false,
          message: `${this.c.agentName} did not change ${what}: ${error.message}`,
        }
      }
      // The agent's answer is the truth: a value it did not take is not kept as a choice.
      const taken = answer.configOptions.some(
        (o) => o.id === configId && String(o.currentValue) === value,
      )
      if (taken) this.c.rememberChoice(configId, value)
      this.#applyConfig(answer.configOptions, taken ? { configId, value } : undefined)
      return { ok: true }
    } catch (error) {
      return this.c.failure(error)
    }
  }
}
