import type { AgentSpec } from '../../../shared/acp-agents'
import type { PublicSettings } from '../../../shared/settings'

/**
 * What a paired device's `getSettings` shows: an allow-list of what its page needs (the default
 * mode, the backend's label, the model, the agents' names). Everything else is blanked: the
 * agents' programs, arguments and environment (where API keys go), the notice webhook (an ntfy
 * topic is a capability), base URLs beyond their origin (a URL may carry a password or a key in
 * its query), the workspace folder and the text of a settings.json mistake.
 */
export function deviceSettingsView(settings: PublicSettings): PublicSettings {
  return {
    provider: settings.provider,
    model: settings.model,
    openaiBaseUrl: originOnly(settings.openaiBaseUrl),
    anthropicBaseUrl: originOnly(settings.anthropicBaseUrl),
    streamIdleSeconds: settings.streamIdleSeconds,
    defaultMode: settings.defaultMode,
    defaultWorkspace: '',
    agents: settings.agents.map(agentName),
    ...(settings.commandLineAgent
      ? { commandLineAgent: agentName(settings.commandLineAgent) }
      : {}),
    openaiApiKeySet: settings.openaiApiKeySet,
    anthropicApiKeySet: settings.anthropicApiKeySet,
    backendLabel: settings.backendLabel,
    models: settings.models,
    ...(settings.modelOverride !== undefined ? { modelOverride: settings.modelOverride } : {}),
    ...(settings.fileProblem !== undefined
      ? { fileProblem: 'settings.json has a mistake; fix it on the computer' }
      : {}),
    notifyUrlTitles: false,
    notifyShowsWhatIsAsked: false,
    permissionTimeoutSeconds: settings.permissionTimeoutSeconds,
    // Which variables commands get names what the person keeps in their environment.
    sandboxAllowedEnv: [],
  }
}

/** An agent as the device sees it: who it is, not how it is started. */
function agentName(agent: AgentSpec): AgentSpec {
  return { id: agent.id, name: agent.name, command: 'agent', args: [], env: {} }
}

/** `https://user:pass@host:8443/v1?key=…` → `https://host:8443`; anything unparsable → ''. */
function originOnly(url: string): string {
  const parsed = URL.parse(url)
  return parsed === null || parsed.origin === 'null' ? '' : parsed.origin
}
